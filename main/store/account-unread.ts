// The unread total of an account that is not the active one, read from its mirror on disk
// (read-only: its session is closed, nothing else writes it).
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { unreadCounts } from './unread';

/** Null when the account has no mirror yet, or one this version cannot read. */
export function storedUnreadTotal(mirrorPath: string): number | null {
  if (!existsSync(mirrorPath)) return null;
  let db: Database.Database | undefined;
  try {
    db = new Database(mirrorPath, { readonly: true, fileMustExist: true });
    return unreadCounts(db).total;
  } catch {
    return null;
  } finally {
    db?.close();
  }
}
