// User import against the simulator: exactly the bad rows are reported, with their lines; every
// other row is created once, also under 429s, after a lost answer, a few at a time, and across pause and resume.
import { parse } from 'csv-parse/sync';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { exportJobCsv } from '../../../main/admin/csv-export';
import { parseUserCsv } from '../../../main/admin/csv-import';
import { insertJob, itemsInState, itemWarning, jobItems, markRunning, warnedCount, warnedItems } from '../../../main/store/bulk-jobs';
import { createUserPayload, planUserImport } from '../../../main/admin/plan-create-users';
import type { ServiceAccount } from '../../service/index';
import { importFile, openRunner, serverEmailCounts, useBulkSimulator, type RunnerRun } from './harness';

const bulk = useBulkSimulator();
let admin: ServiceAccount;
let run: RunnerRun | undefined;

beforeAll(() => {
  admin = bulk.service.accounts.find((a) => a.email === 'admin@demo.example')!;
});
afterEach(() => {
  run?.close();
  run = undefined;
  Object.assign(bulk.service.faults, { rateLimitNext: 0, dropNext: 0, latencyMs: 0, retryAfterSeconds: 1 });
});

function plan(r: RunnerRun, csv: string): number {
  const { blocked, items } = planUserImport(r.db, admin.user_id, parseUserCsv(csv));
  expect(blocked).toBeNull();
  return insertJob(r.db, 'create_users', {}, items);
}

function expectEachCreatedOnce(emails: string[]): void {
  const counts = serverEmailCounts(bulk.service, emails);
  expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
}

describe('bulk user import', () => {
  it('reports exactly the 20 bad rows of 1,000 with their lines and creates the rest', async () => {
    run = await openRunner(bulk.service.url, admin, `${bulk.dir.path}/import.db`);
    const file = importFile(1000, 'thousand', 'member@demo.example');
    const job_id = plan(run, file.csv);

    // Stored and previewed before anything is sent.
    expect(run.runner.progress(job_id)).toMatchObject({ state: 'planned', total: 1000, skipped: 20, remaining: 980, done: 0 });
    expect(serverEmailCounts(bulk.service, file.good.slice(0, 1)).get(file.good[0]!)).toBe(0);
    const skipped = itemsInState(run.db, job_id, 'skipped');
    expect(new Map(skipped.map((item) => [createUserPayload.parse(item.payload).line, item.error_code]))).toEqual(file.bad);
    // Each has a reason of its own; the line is the item's, shown beside it, not repeated in it.
    for (const item of skipped) expect(item.error_msg).toMatch(/^(?!Line \d).+\.$/);

    run.runner.start(job_id);
    await run.runner.idle(job_id);
    expect(run.runner.progress(job_id)).toMatchObject({ state: 'finished', done: 980, failed: 0, skipped: 20, remaining: 0 });
    expectEachCreatedOnce(file.good);
    expect(run.progress.at(-1)).toMatchObject({ state: 'finished', done: 980 });
    // Once sent, the file's own passwords are gone from the mirror; the generated ones wait for the export.
    const stored = JSON.stringify(run.db.prepare('SELECT * FROM bulk_job_items').all());
    expect(stored).not.toMatch(/"pw-/);

    // The export holds every created id and each generated password, and only those.
    const exported = parse(exportJobCsv('create_users', jobItems(run.db, job_id)), { bom: true, columns: true }) as Record<string, string>[];
    expect(exported).toHaveLength(1000);
    const password = bulk.service.db.prepare('SELECT user_id, password FROM users WHERE email = ?');
    for (const row of exported.filter((r) => r.state === 'done')) {
      const created = password.get(row.email) as { user_id: number; password: string };
      expect(Number(row.user_id)).toBe(created.user_id);
      const own = /^pw-/.test(created.password);
      expect(row.password).toBe(own ? '' : created.password);
      if (!own) expect(row.password!.length).toBeGreaterThanOrEqual(22);
    }
    expect(exported.filter((r) => r.state === 'skipped').map((r) => Number(r.line))).toEqual([...file.bad.keys()]);
    // Generated passwords are never logged.
    const generated = exported.map((r) => r.password).filter((p): p is string => !!p);
    expect(generated.length).toBeGreaterThan(600);
    const log = run.logged.join('\n');
    expect(generated.filter((p) => log.includes(p))).toEqual([]);
  }, 120_000);

  it('finishes under 429s without losing or repeating a row', async () => {
    bulk.service.faults.retryAfterSeconds = 0.1;
    const file = importFile(300, 'limited', 'member@demo.example');
    // A burst the client rides out, then one it gives up on, which the job waits out.
    const bursts = new Map([
      [100, 2],
      [200, 6],
    ]);
    run = await openRunner(bulk.service.url, admin, `${bulk.dir.path}/limited.db`, (p) => {
      const burst = bursts.get(p.done);
      bursts.delete(p.done);
      if (burst) bulk.service.faults.rateLimitNext = burst;
    });
    const job_id = plan(run, file.csv);
    run.runner.start(job_id);
    await run.runner.idle(job_id);
    expect(bulk.service.faults.rateLimitNext).toBe(0);
    expect(run.runner.progress(job_id)).toMatchObject({ state: 'finished', done: file.good.length, failed: 0 });
    expectEachCreatedOnce(file.good);
    expect(run.logged.some((line) => line.includes('rate limited'))).toBe(true);
    expect(bursts.size).toBe(0);
  }, 60_000);

  it('checks on the server before sending again an item whose answer was lost', async () => {
    let dropped = false;
    run = await openRunner(bulk.service.url, admin, `${bulk.dir.path}/lost.db`, (p) => {
      // A request in the middle of the run is dropped on the way (never processed).
      if (p.done === 10 && !dropped) bulk.service.faults.dropNext = 1;
      dropped ||= p.done === 10;
    });
    const file = importFile(40, 'lost', 'member@demo.example');
    const job_id = plan(run, file.csv);
    // The first item was sent and created by a run that died before storing the answer...
    const first = itemsInState(run.db, job_id, 'pending')[0]!;
    await run.client.call('createUser', { ...createUserPayload.pick({ email: true, full_name: true }).parse(first.payload), password: first.secret! });
    markRunning(run.db, job_id, first.item_index);
    run.runner.start(job_id);
    await run.runner.idle(job_id);
    expect(run.runner.progress(job_id)).toMatchObject({ state: 'finished', done: file.good.length, failed: 0 });
    expectEachCreatedOnce(file.good);
    expect(run.logged.some((line) => line.includes('got no answer'))).toBe(true);
  }, 60_000);

  it('sets the custom profile fields the file names in its columns, once each user exists', async () => {
    run = await openRunner(bulk.service.url, admin, `${bulk.dir.path}/profile.db`);
    const csv = 'email,full_name,Phone number,Biography,Shoe size\nprof.1@import.example,Prof One,+1-555-0199,Likes **tea**,44\nprof.2@import.example,Prof Two,,,\n';
    const job_id = plan(run, csv);
    run.runner.start(job_id);
    await run.runner.idle(job_id);
    expect(run.runner.progress(job_id)).toMatchObject({ state: 'finished', done: 2, failed: 0 });
    const values = (email: string) =>
      bulk.service.db
        .prepare('SELECT field_id, value FROM custom_profile_values WHERE user_id = (SELECT user_id FROM users WHERE email = ?) ORDER BY field_id')
        .all(email);
    // A column no field has (Shoe size) is left alone; empty cells set nothing.
    expect(values('prof.1@import.example')).toEqual([{ field_id: 1, value: '+1-555-0199' }, { field_id: 2, value: 'Likes **tea**' }]);
    expect(values('prof.2@import.example')).toEqual([]);
  });

  it('reports a profile value the server refused beside the user it created, in the job and its export', async () => {
    run = await openRunner(bulk.service.url, admin, `${bulk.dir.path}/profile-refused.db`);
    const csv = 'email,full_name,Favorite editor\nprof.3@import.example,Prof Three,notepad\nprof.4@import.example,Prof Four,vim\n';
    const job_id = plan(run, csv);
    run.runner.start(job_id);
    await run.runner.idle(job_id);
    expect(run.runner.progress(job_id)).toMatchObject({ state: 'finished', done: 2, failed: 0 });
    expect(serverEmailCounts(bulk.service, ['prof.3@import.example']).get('prof.3@import.example')).toBe(1);
    const warned = warnedItems(run.db, job_id);
    expect(warned.map((item) => [createUserPayload.parse(item.payload).email, itemWarning(item)])).toEqual([
      ['prof.3@import.example', "'notepad' is not a valid choice for 'Favorite editor'."],
    ]);
    expect(warnedCount(run.db, job_id)).toBe(1);
    const exported = parse(exportJobCsv('create_users', jobItems(run.db, job_id)), { bom: true, columns: true }) as Record<string, string>[];
    expect(exported.map((row) => [row['email'], row['profile_error']])).toEqual([
      ['prof.3@import.example', "'notepad' is not a valid choice for 'Favorite editor'."],
      ['prof.4@import.example', ''],
    ]);
  });

  it('sends a few at a time when asked, still each once', async () => {
    bulk.service.faults.latencyMs = 5;
    run = await openRunner(bulk.service.url, admin, `${bulk.dir.path}/concurrent.db`, undefined, 3);
    const file = importFile(150, 'concurrent', 'member@demo.example');
    const job_id = plan(run, file.csv);
    run.runner.start(job_id);
    await run.runner.idle(job_id);
    expect(run.runner.progress(job_id)).toMatchObject({ state: 'finished', done: file.good.length, failed: 0 });
    expectEachCreatedOnce(file.good);
  });

  it('pauses, resumes and cancels', async () => {
    bulk.service.faults.latencyMs = 5;
    run = await openRunner(bulk.service.url, admin, `${bulk.dir.path}/pause.db`);
    const file = importFile(120, 'paused', 'member@demo.example');
    const job_id = plan(run, file.csv);
    const runner = run.runner;
    runner.start(job_id);
    await expect.poll(() => runner.progress(job_id).done, { timeout: 10_000 }).toBeGreaterThanOrEqual(20);
    const atPause = runner.pause(job_id);
    // The run has stopped: at most the item then in flight was still sent, and the server holds
    // exactly the users the job counts as done.
    await runner.idle(job_id);
    const paused = runner.progress(job_id);
    expect(paused.state).toBe('paused');
    expect(paused.done).toBeLessThanOrEqual(atPause.done + 1);
    expect([...serverEmailCounts(bulk.service, file.good).values()].reduce((a, b) => a + b)).toBe(paused.done);

    runner.start(job_id);
    await expect.poll(() => runner.progress(job_id).done, { timeout: 10_000 }).toBeGreaterThanOrEqual(paused.done + 20);
    const cancelled = runner.cancel(job_id);
    await runner.idle(job_id);
    expect(cancelled.state).toBe('cancelled');
    const final = runner.progress(job_id);
    expect(final.remaining).toBe(0);
    const created = itemsInState(run.db, job_id, 'done').map((item) => createUserPayload.parse(item.payload).email);
    const notSent = itemsInState(run.db, job_id, 'skipped').filter((item) => item.error_code === 'CANCELLED');
    expect(created.length + notSent.length).toBe(file.good.length);
    expectEachCreatedOnce(created);
    expect([...serverEmailCounts(bulk.service, notSent.map((item) => createUserPayload.parse(item.payload).email)).values()].every((n) => n === 0)).toBe(true);
    expect(() => runner.start(job_id)).toThrow(/cancelled/);
  }, 60_000);
});
