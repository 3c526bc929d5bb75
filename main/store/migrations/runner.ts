// Brings a mirror's schema up to date, one migration per transaction, and refuses a mirror a
// newer version of the app wrote.
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import type { Migration } from './migration';

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

export function schemaVersion(db: Database): number {
  return z.number().int().parse(db.pragma('user_version', { simple: true }));
}

/** Applies the migrations after the database's version, up to `upTo` (tests build older databases). */
export function migrate(db: Database, migrations: readonly Migration[], upTo: number = migrations.length): void {
  const found = schemaVersion(db);
  if (found > migrations.length) throw new MirrorTooNewError(found, migrations.length);
  for (const step of migrations.slice(found, upTo)) {
    // Two connections may bring a new mirror up at once (an account's first sync in its worker and
    // its session): the write lock comes first, then the version is read again, so a step runs once.
    db.transaction(() => {
      if (schemaVersion(db) >= step.version) return;
      step.up(db);
      db.pragma(`user_version = ${step.version}`);
    }).immediate();
  }
}
