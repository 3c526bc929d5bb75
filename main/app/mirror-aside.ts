// "Set aside and resync" for a mirror that cannot be opened: the file is renamed beside itself with
// the time (its WAL and shared-memory files with it, so that what they hold stays with it), a new
// mirror is made in its place, and what only this computer had (the outbox, the drafts) is carried
// over when the old file can still be read. The session then syncs the new mirror from the server.
import { existsSync, renameSync } from 'node:fs';
import type { SetAside } from '../../shared/local-data';
import { carryOver } from '../store/carry-over';
import { openMirror } from '../store/database';

/** The files SQLite keeps beside a mirror in WAL mode, renamed with it. */
const COMPANIONS = ['-wal', '-shm'];

export function setMirrorAside(path: string, now: Date = new Date()): SetAside {
  const aside_path = `${path}.set-aside-${now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}`;
  const companions = COMPANIONS.filter((suffix) => existsSync(path + suffix));
  // The companions first: a new mirror must never meet the old one's WAL.
  const moved: string[] = [];
  try {
    for (const suffix of companions) {
      renameSync(path + suffix, aside_path + suffix);
      moved.push(suffix);
    }
    renameSync(path, aside_path);
  } catch (error) {
    for (const suffix of moved) renameSync(aside_path + suffix, path + suffix);
    throw error;
  }
  const db = openMirror(path);
  try {
    return { aside_path, carried: carryOver(db, aside_path) };
  } finally {
    db.close();
  }
}
