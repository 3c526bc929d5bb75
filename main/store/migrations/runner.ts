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

/** The version the last of `migrations` brings a mirror to. */
export function latestVersion(migrations: readonly Migration[]): number {
  return migrations.at(-1)?.version ?? 0;
}

/**
 * Applies the migrations after the database's version, up to `upTo` (tests build older
 * databases). Steps go by their version, not their place in the list: branches number their
 * migrations apart, so a list may skip a number until they come together.
 */
export function migrate(db: Database, migrations: readonly Migration[], upTo: number = latestVersion(migrations)): void {
  const found = schemaVersion(db);
  const known = latestVersion(migrations);
  if (found > known) throw new MirrorTooNewError(found, known);
  for (const step of migrations.filter((candidate) => candidate.version > found && candidate.version <= upTo)) {
    // Two connections may bring a new mirror up at once (an account's first sync in its worker and
    // its session): the write lock comes first, then the version is read again, so a step runs once.
    db.transaction(() => {
      if (schemaVersion(db) >= step.version) return;
      step.up(db);
      db.pragma(`user_version = ${step.version}`);
    }).immediate();
  }
}
