// An account's first sync (in its worker) and its session open the same new mirror at the same
// moment: each brings the schema up, and neither may fail on a table the other just made.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, test } from 'vitest';
import { openMirror } from '../../../../main/store/database';
import { migrations } from '../../../../main/store/migrations';
import { migrate, schemaVersion } from '../../../../main/store/migrations/runner';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

test('a connection that read the version before another migrated the mirror applies nothing twice', () => {
  const dir = mkdtempSync(join(tmpdir(), 'migrate-race-'));
  dirs.push(dir);
  const path = join(dir, 'mirror.db');
  const late = new Database(path);
  late.pragma('busy_timeout = 5000');
  let other: ReturnType<typeof openMirror> | undefined;
  // The other connection migrates right after this one has read version 0, outside any lock.
  const racing = new Proxy(late, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (property !== 'pragma' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
      return (source: string, options?: { simple?: boolean }) => {
        const answer: unknown = target.pragma(source, options);
        if (source === 'user_version' && other === undefined) other = openMirror(path);
        return answer;
      };
    },
  });

  expect(() => migrate(racing, migrations)).not.toThrow();
  expect(schemaVersion(late)).toBe(migrations.length);
  expect(other && schemaVersion(other)).toBe(migrations.length);
  other?.close();
  late.close();
});
