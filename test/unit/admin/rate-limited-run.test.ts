// A 300-row import under the simulator's own rate limiter (40 requests a minute, a sliding window),
// run in fake time through the real client, pacer and job runner, with an event loop polling beside
// it as the session's does: the whole run takes a second instead of eight minutes, so that the time
// left can be judged at every second of several runs (issue 14: within 25%, or 3 s, of the truth
// after the first minute), and the waiting notice whenever no row was done for five seconds.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobProgress } from '../../../shared/ipc';
import { silentLogger } from '../../../main/api/logger';
import { ServiceClient } from '../../../main/api/service-client';
import { JobRunner } from '../../../main/admin/job-runner';
import { insertJob } from '../../../main/store/bulk-jobs';
import { openMirror } from '../../../main/store/database';
import { PollSpacing } from '../../../main/sync/poll-spacing';
import type { ApiError } from '../../service/http/errors';
import { RateLimiter } from '../../service/http/rateLimit';

const T0 = Date.parse('2026-01-05T10:00:00Z');
const ROWS = 300;
const HEARTBEAT_MS = 50_000;

afterEach(() => vi.useRealTimers());

/** The same jitter on every run, so that a failure can be run again. */
function seeded(seed: number): () => number {
  let x = seed;
  return () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
}

const json = (status: number, body: object, headers: Record<string, string>) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

interface Look {
  at: number;
  done: number;
  secondsLeft: number | null;
  waitingUntil: number | null;
}

/**
 * Runs the import after `startup` requests of the session's own (signing in, the first fetches)
 * with `latencyMs` per answer; looks at the last progress notice once a second, as the screen shows it.
 */
async function run(startup: number, latencyMs: number): Promise<{ looks: Look[]; created: number[] }> {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(T0);
  const limiter = new RateLimiter(40);
  const created: number[] = [];
  let event: (() => void) | undefined;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    let headers: Record<string, string>;
    try {
      headers = limiter.take(1, Date.now());
    } catch (error) {
      const refusal = error as ApiError;
      return json(refusal.status, refusal.body(), refusal.headers);
    }
    await new Promise((resolve) => setTimeout(resolve, latencyMs));
    if (request.method === 'POST') {
      created.push(Date.now());
      event?.();
      return json(200, { result: 'success', msg: '', user_id: 1000 + created.length }, headers);
    }
    // A blocking poll returns with the next event, or with a heartbeat; its budget is counted when sent.
    if (new URL(request.url).searchParams.get('dont_block') !== 'true') {
      await new Promise<void>((resolve) => {
        const heartbeat = setTimeout(resolve, HEARTBEAT_MS);
        event = () => {
          clearTimeout(heartbeat);
          event = undefined;
          resolve();
        };
      });
    }
    return json(200, { result: 'success', msg: '', events: [{ type: 'heartbeat', id: 1 }], queue_id: 'q' }, headers);
  };
  const spacing = new PollSpacing();
  const clock = { now: () => Date.now(), sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)) };
  const client = new ServiceClient({
    serverUrl: 'http://127.0.0.1:9',
    email: 'admin@x.example',
    apiKey: 'key',
    fetch: fetch as typeof globalThis.fetch,
    clock,
    random: seeded(startup * 1000 + latencyMs),
    onRateLimit: (state) => spacing.observe(state),
  });
  const db = openMirror(':memory:');
  const items = Array.from({ length: ROWS }, (_, i) => ({
    payload: { line: i + 2, email: `paced.${i}@x.example`, full_name: `Paced ${i}`, generated: false, profile_data: [] },
    secret: { value: 'a-long-enough-password', forExport: false },
  }));
  const job_id = insertJob(db, 'create_users', {}, items);
  let shown: JobProgress | undefined;
  const jobs = new JobRunner({ db, client, logger: silentLogger, onProgress: (progress) => (shown = progress) });

  const before = Promise.all(Array.from({ length: startup }, () => client.call('getEvents', { queue_id: 'q', last_event_id: 0, dont_block: true })));
  await vi.advanceTimersByTimeAsync(1_000);
  await before;
  // The event loop: one poll at a time, spaced as the session spaces them while the budget is scarce.
  let polling = true;
  const poller = (async () => {
    for (let last = 0; polling; ) {
      const due = last + spacing.spacingMs(Date.now()) - Date.now();
      if (due > 0) await clock.sleep(due);
      last = Date.now();
      await client.call('getEvents', { queue_id: 'q', last_event_id: 0 });
    }
  })();
  jobs.start(job_id);
  const looks: Look[] = [];
  while (shown?.state !== 'finished' && Date.now() - T0 < 20 * 60_000) {
    await vi.advanceTimersByTimeAsync(1_000);
    looks.push({ at: Date.now(), done: shown!.done, secondsLeft: shown!.seconds_left, waitingUntil: shown!.waiting_until });
  }
  polling = false;
  event?.();
  let over = false;
  void poller.then(() => (over = true));
  while (!over) await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
  db.close();
  return { looks, created };
}

describe('a 300-row import at 40 requests a minute, in fake time', () => {
  it.each([
    [0, 5],
    [0, 30],
    [10, 5],
    [10, 30],
    [20, 5],
    [20, 30],
  ])('after %i requests of the session, %i ms an answer: time left within a quarter (or 3 s) after the first minute, and the wait said', async (startup, latencyMs) => {
    const { looks, created } = await run(startup, latencyMs);
    expect(created).toHaveLength(ROWS);
    const started = looks[0]!.at - 1_000;
    const ended = created.at(-1)!;
    const judged = looks.filter((look) => look.at - started >= 60_000 && look.at < ended).map((look) => ({ ...look, truth: (ended - look.at) / 1000 }));
    expect(judged.length).toBeGreaterThan(300);
    const misses = judged.filter(({ secondsLeft, truth }) => secondsLeft === null || Math.abs(secondsLeft - truth) > Math.max(3, truth * 0.25));
    expect(misses).toEqual([]);
    // No row done for five seconds: the job says it waits, and until when.
    const quiet = looks.filter((look, i) => i >= 5 && look.done === looks[i - 5]!.done);
    expect(quiet.length).toBeGreaterThan(100);
    expect(quiet.filter((look) => look.waitingUntil === null)).toEqual([]);
  });
});
