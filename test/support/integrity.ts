// What a crash test asks of a mirror after a SIGKILL: SQLite's own consistency check.
import Database from 'better-sqlite3';

/** PRAGMA integrity_check of the database file: 'ok' when it is consistent. */
export function integrity(path: string): string {
  const db = new Database(path, { readonly: true });
  try {
    return db.pragma('integrity_check', { simple: true }) as string;
  } finally {
    db.close();
  }
}
