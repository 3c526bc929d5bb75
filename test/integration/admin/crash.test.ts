// A user import killed (SIGKILL) in the middle of its run, with requests in flight, then resumed
// by a new process on the same mirror: every user is created exactly once. A role change and its
// undo killed at ten random points: every user changed once and given back their role once.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, expect, it } from 'vitest';
import type { ServiceAccount } from '../../service/index';
import { clientFor } from '../../service/testing/client';
import { EventStream, ofType } from '../../service/testing/events';
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

it('a role change and its undo, killed at 10 random points, leave every user changed once and restored once', async () => {
  const http = clientFor(bulk.service.url, admin);
  const users: number[] = [];
  for (let i = 0; i < 60; i++) {
    users.push((await http.post('/users', { email: `role.${i}@crash.example`, password: `pw-crash-${i}-long-enough`, full_name: `Role ${i}` })).body['user_id'] as number);
  }
  // Some start as guests: the undo must give each their own role back.
  for (const id of users.slice(0, 6)) await http.patch(`/users/${id}`, { role: 600 });
  const original = new Map(users.map((id) => [id, bulk.service.db.prepare('SELECT role FROM users WHERE user_id = ?').pluck().get(id) as number]));
  const events = await EventStream.open(bulk.service.url, admin, { event_types: ['realm_user'] });
  const mirrorPath = join(bulk.dir.path, 'roles.db');
  const start = () => spawnScript(join(import.meta.dirname, 'crash-roles-child.ts'), [bulk.service.url, admin.email, admin.api_key, String(admin.user_id), mirrorPath, users.join(',')]);
  // Items of both jobs finished so far, as the child reports them (job 1: the change, job 2: the undo).
  const finished = (child: Child) => Math.max(0, ...child.lines.filter((l) => l.startsWith('DONE ')).map((l) => {
    const [, job, done] = l.split(' ').map(Number);
    return (job === 1 ? 0 : users.length) + done!;
  }));
  bulk.service.faults.latencyMs = 15;

  let reached = 0;
  for (let kill = 0; kill < 10; kill++) {
    // A random point ahead: up to a tenth of the 120 items further on.
    const target = reached + 1 + Math.floor(Math.random() * 10);
    const child = start();
    await expect.poll(() => finished(child) >= target || child.lines.includes('FINISHED'), { timeout: 30_000 }).toBe(true);
    await killHard(child.process);
    expect(child.lines).not.toContain('FINISHED');
    reached = Math.max(reached, finished(child));
  }
  const last = start();
  await expect.poll(() => last.lines.includes('FINISHED'), { timeout: 30_000 }).toBe(true);
  bulk.service.faults.latencyMs = 0;

  const mirror = new Database(mirrorPath, { readonly: true });
  const states = mirror.prepare('SELECT job_id, state, count(*) AS n FROM bulk_job_items GROUP BY job_id, state').all();
  mirror.close();
  expect(states).toEqual([
    { job_id: 1, state: 'done', n: users.length },
    { job_id: 2, state: 'done', n: users.length },
  ]);
  for (const id of users) expect(bulk.service.db.prepare('SELECT role FROM users WHERE user_id = ?').pluck().get(id)).toBe(original.get(id));
  // The server announced each change once: to moderator, then back.
  await events.poll();
  const roleEvents = events.seen.filter(ofType('realm_user', 'update')).map((event) => event['person'] as { user_id: number; role?: number }).filter((person) => person.role !== undefined);
  for (const id of users) expect(roleEvents.filter((person) => person.user_id === id).map((person) => person.role)).toEqual([300, original.get(id)]);
}, 240_000);
