import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { migrations } from './migrations';
import { registerSearchFunctions } from './search';

export type MirrorDatabase = Database.Database;

export class MirrorTooNewError extends Error {
  constructor(
    readonly found: number,
    readonly known: number,
  ) {
    super(
      `This account's local data was written by a newer version of the app (schema ${found}; this version knows up to ${known}). ` +
        'Update the app to open it; the data has been left untouched.',
    );
    this.name = 'MirrorTooNewError';
  }
}

/**
 * Opens (creating if needed) an account's mirror and brings its schema up to date.
 * `upTo` exists for tests that build an older database.
 */
export function openMirror(path: string, upTo: number = migrations.length): MirrorDatabase {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    // NORMAL is crash-safe in WAL mode (a power cut may lose the last commits, never consistency).
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    // Checkpoints every 10,000 pages (40 MiB) instead of 1,000, with a 16 MiB page cache instead
    // of 2: a batch of messages dirties a leaf of the conversation index per message, scattered,
    // and a longer WAL copies each such page back once for many batches. Ingest of 1,000,000
    // messages went from 18,000-19,000 to 23,000-26,000 a second (issue 12, messages.ingest_per_s).
    db.pragma('wal_autocheckpoint = 10000');
    db.pragma('cache_size = -16384');
    // The WAL is cut back to 64 MiB after a checkpoint, so one large reconcile does not leave it large.
    db.pragma('journal_size_limit = 67108864');
    // What is deleted or overwritten (bulk jobs' initial passwords) is zeroed in its page, not left behind.
    db.pragma('secure_delete = FAST');
    registerSearchFunctions(db);
    migrate(db, upTo);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

export function schemaVersion(db: MirrorDatabase): number {
  return z.number().int().parse(db.pragma('user_version', { simple: true }));
}

function migrate(db: MirrorDatabase, upTo: number): void {
  const found = schemaVersion(db);
  if (found > migrations.length) throw new MirrorTooNewError(found, migrations.length);
  for (let version = found + 1; version <= upTo; version++) {
    const step = migrations[version - 1];
    if (!step) break;
    db.transaction(() => {
      step(db);
      db.pragma(`user_version = ${version}`);
    })();
  }
}
