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

/** The version the last of `migrations` brings a database to. */
export function latestVersion(migrations: readonly Migration[]): number {
  return migrations.at(-1)?.version ?? 0;
}

/**
 * Applies the migrations after the database's version, up to version `upTo` (tests build older
 * databases). Versions only grow, and may skip a number: branches developed side by side each
 * take their own, and the list is whole again once they meet.
 */
export function migrate(db: Database, migrations: readonly Migration[], upTo: number = latestVersion(migrations)): void {
  const found = schemaVersion(db);
  const known = latestVersion(migrations);
  if (found > known) throw new MirrorTooNewError(found, known);
  for (const step of migrations.filter((migration) => migration.version > found && migration.version <= upTo)) {
    db.transaction(() => {
      step.up(db);
      db.pragma(`user_version = ${step.version}`);
    })();
  }
}
