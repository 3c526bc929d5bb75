// A process killed (SIGKILL) in the middle of a snapshot reconcile or of an event batch leaves
// a database that passes PRAGMA integrity_check and reconciles correctly on the next start.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../main/api/service-client';
import { allRecords } from '../../../main/store/keyed-table';
import { userStatusTable } from '../../../main/store/users';
import { startService, type RunningService, type ServiceAccount } from '../../service/index';
import { killHard, spawnScript, type Child } from '../../support/child-process';
import { mirrorDir, runEngine, until } from './engine-harness';

let service: RunningService;
let admin: ServiceAccount;

beforeAll(async () => {
  service = await startService({ org: 'large', users: 20_000, channels: 2_000, heartbeatSeconds: 1 });
  admin = service.accounts.find((a) => a.role === 200)!;
}, 60_000);
afterAll(() => service.close());

const child = (mode: 'snapshot' | 'events', mirrorPath: string): Child =>
  spawnScript(join(import.meta.dirname, 'crash-child.ts'), [mode, service.url, admin.email, admin.api_key, mirrorPath]);

function integrity(path: string): string {
  const db = new Database(path, { readonly: true });
  try {
    return db.pragma('integrity_check', { simple: true }) as string;
  } finally {
    db.close();
  }
}

/** A full sync on the same mirror, as the next start would do, then the mirror's counts. */
async function nextStart(path: string): Promise<{ users: number; statuses: Map<number, string> }> {
  const run = runEngine(service.url, admin, path);
  try {
    await until(() => run.engine.status.state === 'online', 'next start online', 60_000);
    const users = (run.db.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n;
    const statuses = new Map(allRecords(run.db, userStatusTable).map((s) => [s.user_id, s.status_text ?? '']));
    return { users, statuses };
  } finally {
    await run.stop();
  }
}

describe('killed mid-write', () => {
  it('in the middle of a snapshot reconcile', async () => {
    const dir = mirrorDir();
    try {
      const run = child('snapshot', dir.path);
      await until(() => run.lines.includes('RECONCILE_BEGIN'), 'reconcile started', 60_000);
      await new Promise((resolve) => setTimeout(resolve, 40));
      await killHard(run.process);
      expect(run.lines).not.toContain('RECONCILE_END');

      expect(integrity(dir.path)).toBe('ok');
      const db = new Database(dir.path, { readonly: true });
      // One transaction: nothing of the interrupted snapshot is visible.
      expect(db.prepare('SELECT count(*) AS n FROM users').get()).toEqual({ n: 0 });
      db.close();

      const after = await nextStart(dir.path);
      expect(after.users).toBe(await serverUserCount());
    } finally {
      dir.remove();
    }
  }, 120_000);

  it('in the middle of event batches', async () => {
    const dir = mirrorDir();
    try {
      const run = child('events', dir.path);
      await until(() => run.lines.includes('STATUS online'), 'child online', 60_000);
      const client = new ServiceClient({ serverUrl: service.url, email: admin.email, apiKey: admin.api_key });
      const flood = (async () => {
        for (let round = 0; round < 15; round++) {
          await Promise.all(
            Array.from({ length: 20 }, (_, i) => client.updateStatusForUser({ user_id: 100 + i, status_text: `round ${round}` })),
          );
        }
      })();
      await until(() => run.lines.filter((l) => l.startsWith('BATCH')).length >= 3, 'batches applied', 30_000);
      await killHard(run.process);
      await flood;

      expect(integrity(dir.path)).toBe('ok');
      const after = await nextStart(dir.path);
      for (let i = 0; i < 20; i++) expect(after.statuses.get(100 + i)).toBe('round 14');
    } finally {
      dir.remove();
    }
  }, 120_000);
});

/** Active and deactivated users, as a fresh registration reports them. */
async function serverUserCount(): Promise<number> {
  const snapshot = await new ServiceClient({ serverUrl: service.url, email: admin.email, apiKey: admin.api_key }).registerQueue({ fetch_event_types: ['realm_user'] });
  return (snapshot.realm_users?.length ?? 0) + (snapshot.realm_non_active_users?.length ?? 0);
}
