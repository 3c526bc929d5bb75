// What the runner decides without the network: a job a crash left running waits for the user,
// cancelling reports an item whose outcome can no longer be known instead of leaving it open, and
// the progress tells the truth about the pace (waits included) and about waiting on the server.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobProgress } from '../../../shared/ipc';
import { silentLogger } from '../../../main/api/logger';
import type { RateLimitState } from '../../../main/api/rate-limit';
import type { CallOptions, ServiceClient } from '../../../main/api/service-client';
import { JobRunner } from '../../../main/admin/job-runner';
import { insertJob, itemsInState, markRunning, setJobState } from '../../../main/store/bulk-jobs';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';

let db: MirrorDatabase;
let notices: JobProgress[];
// Any request would fail the test: nothing here may reach the server.
const offline = new Proxy({}, { get: () => () => Promise.reject(new Error('no request expected')) }) as ServiceClient;
const runner = () => new JobRunner({ db, client: offline, logger: silentLogger, onProgress: (p) => notices.push(p) });

beforeEach(() => {
  db = openMirror(':memory:');
  notices = [];
});
afterEach(() => db.close());

function crashedJob(): number {
  const job_id = insertJob(db, 'create_users', {}, [{ payload: { email: 'a@x.com' } }, { payload: { email: 'b@x.com' } }]);
  setJobState(db, job_id, 'running');
  markRunning(db, job_id, 0);
  return job_id;
}

describe('JobRunner', () => {
  it('does not resume by itself a job a crash left running', () => {
    const job_id = crashedJob();
    expect(runner().unfinished()).toEqual([
      expect.objectContaining({ job_id, state: 'paused', remaining: 2, rate_per_minute: null, halt: expect.objectContaining({ code: 'INTERRUPTED' }) }),
    ]);
  });

  it('cancelling fails an item whose outcome is unknown and skips the rest', async () => {
    const job_id = crashedJob();
    const jobs = runner();
    expect(jobs.cancel(job_id)).toMatchObject({ state: 'cancelled', skipped: 1 });
    await jobs.idle(job_id);
    await expect.poll(() => jobs.progress(job_id)).toMatchObject({ remaining: 0, failed: 1, skipped: 1 });
    expect(itemsInState(db, job_id, 'failed')[0]).toMatchObject({ item_index: 0, error_code: 'UNKNOWN_OUTCOME' });
    expect(notices.at(-1)).toMatchObject({ state: 'cancelled', remaining: 0 });
  });

  it('pausing a planned job changes nothing: it still waits for confirmation', () => {
    const job_id = insertJob(db, 'create_invite_links', {}, [{ payload: { n: 1 } }]);
    expect(runner().pause(job_id)).toMatchObject({ state: 'planned', remaining: 1 });
  });
});

describe('JobRunner progress', () => {
  const T0 = Date.parse('2026-01-05T10:00:00Z');
  afterEach(() => vi.useRealTimers());

  /** A deactivation of `n` users whose requests the test answers one at a time; `headers` is the rate limit the server's answers last said. */
  function gatedJob(n: number, headers?: () => RateLimitState) {
    const calls: { options: CallOptions; answer: () => void }[] = [];
    const client = {
      call: (_name: 'deactivateUser', _params: unknown, options: CallOptions) => new Promise<object>((resolve) => calls.push({ options, answer: () => resolve({}) })),
      get rateLimit() {
        return headers?.();
      },
    } as unknown as ServiceClient;
    const items = Array.from({ length: n }, (_, i) => ({ payload: { user_id: i + 100, email: `u${i}@x.com`, full_name: `U ${i}` } }));
    const job_id = insertJob(db, 'deactivate_users', {}, items);
    const jobs = new JobRunner({ db, client, logger: silentLogger, progressIntervalMs: 0, quietNoticeMs: 50, onProgress: (p) => notices.push(p) });
    return { job_id, jobs, calls };
  }

  it('measures the pace up to now, so a wait on the rate limit slows the rate and lengthens the time left', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const { job_id, jobs, calls } = gatedJob(40);
    jobs.start(job_id);
    // Ten rows in ten seconds, then the server's budget is spent and nothing comes for fifty.
    for (let i = 1; i <= 10; i++) {
      await expect.poll(() => calls.length).toBe(1);
      vi.setSystemTime(T0 + i * 1000);
      calls.shift()!.answer();
      await expect.poll(() => jobs.progress(job_id).done).toBe(i);
    }
    expect(jobs.progress(job_id)).toMatchObject({ rate_per_minute: expect.closeTo(60, 0), seconds_left: expect.closeTo(30, 0) });
    // Told to wait 45 s, the job cannot be done in less, whatever its past says.
    await expect.poll(() => calls.length).toBe(1);
    calls[0]!.options.onRateLimitWait?.(Date.now() + 45_000);
    expect(jobs.progress(job_id).seconds_left).toBe(45);
    vi.setSystemTime(T0 + 60_000);
    // 10 rows in the minute the job has run, in its first ten seconds: were it to go on so, the
    // 30 left come in the first ten seconds of each of the next three minutes.
    expect(jobs.progress(job_id)).toMatchObject({ done: 10, remaining: 30, rate_per_minute: expect.closeTo(10, 0), seconds_left: 130 });
    await jobs.cancel(job_id);
    calls.shift()?.answer();
    await jobs.idle(job_id);
  });

  /** Answers the job's requests one by one, the clock at `at`, until `done` rows are done. */
  async function answerUntil(jobs: JobRunner, job_id: number, calls: { answer: () => void }[], done: number, at: number) {
    vi.setSystemTime(at);
    while (jobs.progress(job_id).done < done) {
      await expect.poll(() => calls.length).toBe(1);
      calls.shift()!.answer();
      await expect.poll(() => jobs.progress(job_id).done).toBeGreaterThan(0);
    }
  }

  it('says the rate and time left of a fast job from its first seconds, as rough, not "—" until it is over', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    // 480 rows at 48 a second: the whole job takes ten seconds.
    const { job_id, jobs, calls } = gatedJob(480);
    jobs.start(job_id);
    await answerUntil(jobs, job_id, calls, 2, T0 + 500);
    // Two rows in half a second say nothing yet.
    expect(jobs.progress(job_id)).toMatchObject({ rate_per_minute: null, seconds_left: null, rough: false });
    await answerUntil(jobs, job_id, calls, 96, T0 + 2_000);
    expect(jobs.progress(job_id)).toMatchObject({ done: 96, rate_per_minute: 2880, seconds_left: 8, rough: true });
    expect(notices.at(-1)).toMatchObject({ rate_per_minute: 2880, seconds_left: 8, rough: true });
    // From ten seconds on, the pace is measured as before, and no longer rough.
    vi.setSystemTime(T0 + 10_000);
    expect(jobs.progress(job_id)).toMatchObject({ rate_per_minute: expect.closeTo(576, 0), rough: false });
    await jobs.cancel(job_id);
    calls.shift()?.answer();
    await jobs.idle(job_id);
  });

  it("says no sooner than the server's budget allows, from its headers, before the job ever waited", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    // 100 requests a minute, 20 of them left when the job started; the window frees a minute later.
    const headers = (): RateLimitState => ({ limit: 100, remaining: 20, resetAt: T0 + 60_000, observedAt: T0 });
    const { job_id, jobs, calls } = gatedJob(200, headers);
    jobs.start(job_id);
    await answerUntil(jobs, job_id, calls, 50, T0 + 2_000);
    // At this pace the 150 left would take 6 s; the server takes 20 now, 100 at the reset in 58 s, the last 30 a window later.
    expect(jobs.progress(job_id)).toMatchObject({ done: 50, rough: true, seconds_left: 58 + 60 });
    await jobs.cancel(job_id);
    calls.shift()?.answer();
    await jobs.idle(job_id);
  });

  it('says at once that the job waits on the rate limit, and until when, and no longer once the answer came', async () => {
    const { job_id, jobs, calls } = gatedJob(2);
    jobs.start(job_id);
    await expect.poll(() => calls.length).toBe(1);
    const until = Date.now() + 30_000;
    calls[0]!.options.onRateLimitWait?.(until);
    expect(notices.at(-1)).toMatchObject({ job_id, state: 'running', done: 0, waiting_until: until });
    // The time up, the request it held is on its way: still no row done, still said (a look at the
    // screen in those milliseconds once found no notice after 15 s without a row).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(until + 50);
    expect(jobs.progress(job_id)).toMatchObject({ done: 0, waiting_until: until });
    vi.useRealTimers();
    // A pause of a few hundred milliseconds is pacing, not worth telling.
    const before = notices.length;
    calls[0]!.options.onRateLimitWait?.(Date.now() + 300);
    expect(notices.length).toBe(before);
    calls.shift()!.answer();
    await expect.poll(() => notices.at(-1)).toMatchObject({ done: 1, waiting_until: null });
    await expect.poll(() => calls.length).toBe(1);
    calls.shift()!.answer();
    await jobs.idle(job_id);
    expect(jobs.progress(job_id)).toMatchObject({ state: 'finished', done: 2, waiting_until: null });
  });

  it('keeps telling the screen while nothing completes, so the time left grows with the wait', async () => {
    const { job_id, jobs, calls } = gatedJob(2);
    jobs.start(job_id);
    await expect.poll(() => calls.length).toBe(1);
    const before = notices.length;
    await expect.poll(() => notices.length).toBeGreaterThan(before + 2);
    expect(notices.at(-1)).toMatchObject({ state: 'running', done: 0 });
    await jobs.cancel(job_id);
    calls.shift()!.answer();
    await jobs.idle(job_id);
  });

  it('disposed with the session, stops at once and tells no one; the next session offers the job as interrupted', async () => {
    const { job_id, jobs, calls } = gatedJob(3);
    jobs.start(job_id);
    await expect.poll(() => calls.length).toBe(1);
    jobs.dispose();
    const told = notices.length;
    // The answer in flight still lands in the mirror, and nothing more is sent or told.
    calls.shift()!.answer();
    await expect.poll(() => itemsInState(db, job_id, 'done').length).toBe(1);
    expect(calls).toHaveLength(0);
    expect(notices).toHaveLength(told);
    expect(runner().unfinished()).toEqual([expect.objectContaining({ job_id, state: 'paused', done: 1, remaining: 2, halt: expect.objectContaining({ code: 'INTERRUPTED' }) })]);
  });
});
