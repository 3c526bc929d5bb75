// The unread total of an account that is not the active one, read from its mirror on disk
// through a read-only handle (its session is closed, nothing else writes it).
import { openMirrorToRead, type ReadOnlyMirror } from './database';
import { unreadCounts } from './unread';

/** Null when the account has no mirror yet, or one this version cannot read. */
export function storedUnreadTotal(mirrorPath: string): number | null {
  let db: ReadOnlyMirror | null = null;
  try {
    db = openMirrorToRead(mirrorPath);
    return db && unreadCounts(db).total;
  } catch {
    return null;
  } finally {
    db?.close();
  }
}
