import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { diskFaultOf } from '../files/disk-faults';
import { migrations } from './migrations';
import { latestVersion, migrate, schemaVersion } from './migrations/runner';
import { registerSearchFunctions } from './search';

declare const access: unique symbol;

/** A mirror to read: what readers take, a handle opened read-only included. */
export type ReadOnlyMirror = Database.Database & { readonly [access]?: 'read' | 'write' };

/** A mirror to write: what writers take. A read-only handle is not one, by type. */
export type MirrorDatabase = Database.Database & { readonly [access]: 'write' };

function writable(db: Database.Database): db is MirrorDatabase {
  return !db.readonly;
}

/**
 * Opens (creating if needed) an account's mirror and brings its schema up to date, and makes sure
 * it takes writes. The disk's refusals (a damaged file, a read-only file or folder, a full disk)
 * are thrown as DiskFaults naming the file. `upTo` exists for tests that build an older database.
 */
export function openMirror(path: string, upTo: number = latestVersion(migrations)): MirrorDatabase {
  try {
    return openWritable(path, upTo);
  } catch (error) {
    throw diskFaultOf(error, path) ?? error;
  }
}

function openWritable(path: string, upTo: number): MirrorDatabase {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  if (!writable(db)) throw new Error(`${path} opened read-only`);
  try {
    // Set first: another connection may be creating the same mirror (see migrate).
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    // NORMAL is crash-safe in WAL mode (a power cut may lose the last commits, never consistency).
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
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
    migrate(db, migrations, upTo);
    probeWrite(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * SQLite opens a file it may not write read-only, silently, and a mirror already in WAL mode and up
 * to date needs no write to get here: a header write, rolled back, finds out now. It does not wait
 * for another connection's write (the sync worker's, reconciling the account's first registration
 * as its session opens): a lock held by another writer means the file takes writes.
 */
function probeWrite(db: Database.Database): void {
  const timeout = z.number().parse(db.pragma('busy_timeout', { simple: true }));
  db.pragma('busy_timeout = 0');
  try {
    db.exec(`SAVEPOINT probe; PRAGMA user_version = ${schemaVersion(db)}; ROLLBACK TO probe; RELEASE probe`);
  } catch (error) {
    if (!(error instanceof Database.SqliteError && error.code.startsWith('SQLITE_BUSY'))) throw error;
    if (db.inTransaction) db.exec('ROLLBACK');
  } finally {
    db.pragma(`busy_timeout = ${timeout}`);
  }
}

/**
 * Opens an existing mirror to read only (another account's, whose session is closed): never
 * migrated, never written. Null when there is none.
 */
export function openMirrorToRead(path: string): ReadOnlyMirror | null {
  if (!existsSync(path)) return null;
  return new Database(path, { readonly: true, fileMustExist: true });
}
