// A mirror file built at an older schema version, written as the app wrote it then, and opened
// again at the version under test: each migration's test goes N-1, insert, N, check.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { openMirror, type MirrorDatabase } from '../../../../main/store/database';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export interface OldMirror {
  /** The mirror at the version before the migration: write to it as the app did then. */
  db: MirrorDatabase;
  /** Closes it and opens it again, migrated to `version`. */
  migrateTo(version: number): MirrorDatabase;
}

export function mirrorAt(version: number): OldMirror {
  const dir = mkdtempSync(join(tmpdir(), 'migration-'));
  dirs.push(dir);
  const path = join(dir, 'mirror.db');
  const db = openMirror(path, version);
  return {
    db,
    migrateTo(next) {
      db.close();
      return openMirror(path, next);
    },
  };
}
