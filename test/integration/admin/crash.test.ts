// A user import killed (SIGKILL) in the middle of its run, with requests in flight, then resumed
// by a new process on the same mirror: every user is created exactly once.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, expect, it } from 'vitest';
import type { ServiceAccount } from '../../service/index';
import { killHard, spawnScript, type Child } from '../../support/child-process';
import { importFile, openRunner, serverEmailCounts, useBulkSimulator } from './harness';

const bulk = useBulkSimulator();
let admin: ServiceAccount;

beforeAll(() => {
  admin = bulk.service.accounts.find((a) => a.email === 'admin@demo.example')!;
});

const child = (mirrorPath: string, csvPath: string): Child =>
  spawnScript(join(import.meta.dirname, 'crash-child.ts'), [bulk.service.url, admin.email, admin.api_key, String(admin.user_id), mirrorPath, csvPath]);

it('resumes after SIGKILL and creates every user exactly once', async () => {
  const mirrorPath = join(bulk.dir.path, 'mirror.db');
  const csvPath = join(bulk.dir.path, 'users.csv');
  const file = importFile(400, 'crash', 'member@demo.example');
  writeFileSync(csvPath, file.csv);
  // Slow answers, so requests are in flight when the process dies.
  bulk.service.faults.latencyMs = 15;

  const run = child(mirrorPath, csvPath);
  const done = () => Math.max(0, ...run.lines.filter((l) => l.startsWith('DONE ')).map((l) => Number(l.slice(5))));
  await expect.poll(done, { timeout: 60_000 }).toBeGreaterThanOrEqual(120);
  await killHard(run.process);
  const job_id = Number(run.lines.find((l) => l.startsWith('JOB '))!.slice(4));

  const killed = new Database(mirrorPath, { readonly: true });
  const states = new Map(killed.prepare('SELECT state, count(*) AS n FROM bulk_job_items WHERE job_id = ? GROUP BY state').all(job_id).map((r) => {
    const { state, n } = r as { state: string; n: number };
    return [state, n];
  }));
  killed.close();
  expect(states.get('pending')).toBeGreaterThan(0);
  expect(states.get('done')).toBeGreaterThanOrEqual(120);
  // One request at a time: at most one item's outcome is unknown.
  expect(states.get('running') ?? 0).toBeLessThanOrEqual(1);

  const resumed = await openRunner(bulk.service.url, admin, mirrorPath);
  try {
    // A restart sends nothing by itself: the job waits, interrupted, for the user.
    const [waiting] = resumed.runner.unfinished();
    expect(waiting).toMatchObject({ job_id, state: 'paused', halt: { code: 'INTERRUPTED' } });
    resumed.runner.start(job_id);
    await resumed.runner.idle(job_id);
    expect(resumed.runner.progress(job_id)).toMatchObject({ state: 'finished', done: file.good.length, failed: 0, skipped: file.bad.size });
  } finally {
    resumed.close();
  }
  const counts = serverEmailCounts(bulk.service, file.good);
  expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
}, 120_000);
