// A process killed (SIGKILL) in the middle of a snapshot reconcile or of an event batch leaves
// a database that passes PRAGMA integrity_check; the next start reconciles (after a killed
// snapshot) or resumes the saved queue without skipping or re-applying a batch.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../main/api/service-client';
import { getMessage } from '../../../main/store/messages';
import { startService, type RunningService, type ServiceAccount } from '../../service/index';
import { killHard, spawnScript, type Child } from '../../support/child-process';
import { integrity } from '../../support/integrity';
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

/** A full sync on the same mirror, as the next start would do, then the mirror's user count. */
async function usersAfterNextStart(path: string): Promise<number> {
  const run = runEngine(service.url, admin, path);
  try {
    await until(() => run.engine.status.state === 'online', 'next start online', 60_000);
    return (run.db.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n;
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

      expect(await usersAfterNextStart(dir.path)).toBe(await serverUserCount());
    } finally {
      dir.remove();
    }
  }, 120_000);

  it('in the middle of event batches: the next start resumes the queue, no batch skipped or applied twice', async () => {
    const dir = mirrorDir();
    try {
      const run = child('events', dir.path);
      await until(() => run.lines.includes('STATUS online'), 'child online', 60_000);
      const client = new ServiceClient({ serverUrl: service.url, email: admin.email, apiKey: admin.api_key });
      // Messages: no snapshot restores them, so a skipped batch stays visible.
      const sent: number[] = [];
      const round = async (n: number) => {
        const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => client.call('sendMessage', { type: 'direct', to: [100 + i], content: `round ${n}` })));
        const ids = answers.map((a) => a.id);
        sent.push(...ids);
        return ids;
      };
      // Every message the killed run said it had committed.
      const applied = () => new Set(run.lines.filter((l) => l.startsWith('BATCH')).flatMap((line) => line.split(' ').slice(2).map(Number)));
      for (let n = 0; n < 3; n++) {
        const ids = await round(n);
        await until(() => ids.every((id) => applied().has(id)), `round ${n} applied`, 30_000);
      }
      // Killed right after its third round committed, before its next poll acknowledged it.
      await killHard(run.process);
      const appliedBefore = applied();
      for (let n = 3; n < 10; n++) await round(n);

      expect(integrity(dir.path)).toBe('ok');
      const next = runEngine(service.url, admin, dir.path);
      try {
        const newest = Math.max(...sent);
        await until(() => getMessage(next.db, newest) !== undefined, 'the next start caught up', 30_000);
        // Resumed, not registered: a registration's backfill would hide a skipped batch.
        expect(next.registrations).toBe(0);
        expect(sent.filter((id) => getMessage(next.db, id) === undefined)).toEqual([]);
        const appliedAgain = next.changes.flatMap((c) => (c.changed.messages ?? []) as number[]).filter((id) => appliedBefore.has(id));
        expect(appliedAgain).toEqual([]);
      } finally {
        await next.stop();
      }
    } finally {
      dir.remove();
    }
  }, 120_000);
});

/** Active and deactivated users, as a fresh registration reports them. */
async function serverUserCount(): Promise<number> {
  const snapshot = await new ServiceClient({ serverUrl: service.url, email: admin.email, apiKey: admin.api_key }).call('registerQueue', { fetch_event_types: ['realm_user'] });
  return (snapshot.realm_users?.length ?? 0) + (snapshot.realm_non_active_users?.length ?? 0);
}
