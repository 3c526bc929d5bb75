import type { Database } from 'better-sqlite3';

/**
 * One step of the mirror's schema: `up` brings a database from `version - 1` to `version`. The
 * runner applies it and records the version (PRAGMA user_version) in one transaction, so a crash
 * leaves the database at one version or the next, never between.
 */
export interface Migration {
  readonly version: number;
  up(db: Database): void;
}
