// A 70-row import under the simulator's rate limit (30 requests per 20-second window: the shape of
// issue 14's 300 rows at 40 a minute, bursts and quiet waits, in less than a minute), watched to its
// end as an administrator would, one look a second: the counters and the bar follow the rows the
// server actually holds, the job says it waits on the rate limit (and until when) whenever no row
// was done for five seconds, and the finished job shows its summary. The time left shown is the one
// main computed for the job (a look sees the latest estimate of the last second), at every look
// after the first window. How true that estimate is, within 25% (or 3 s) of the time the job then
// really took at every second after the first minute, is judged where machine load cannot blur
// the truth: in fake time, through the same client, pacer, runner and the simulator's own limiter,
// at issue 14's 300 rows and 40 a minute (test/unit/admin/rate-limited-run.test.ts). Judged here
// in wall time, a run beside other work once missed at 2 of 425 looks, at the very end (11 s shown
// against 14.9 s): the last burst came slower than the one before it, as a loaded machine makes it.
// The simulator's request log says where the budget went: the import's own requests, and few event
// polls. The waiting job's view has no serious or critical axe violation. What was seen is kept in
// test-results/bulk-rate-limit.json, so that a failure can be read afterwards.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { JobProgress } from '../../shared/ipc';
import { checkScreen } from './a11y';
import { openOrganization, openWorld, root, screenshot, signInThroughScreen, type World } from './harness';

let world: World;
let page: Page;
const ROWS = 70;
/** Thirty requests a window: the client keeps a reserve of three, spread over the rest of the window, five or more seconds apart. */
const LIMIT = 30;
const WINDOW_SECONDS = 20;
/** 70 rows at 30 requests a window, after the session's own first requests: the third window's burst ends the job, in about 45 s. */
const PATIENCE_MS = 3 * 60_000;
/** The event loop may spend a tenth of a budget it counts per minute while that is scarce (main/sync/poll-spacing.ts). */
const POLL_SPACING_MS = 60_000 / (LIMIT * 0.1);
/** A time left is shown once the job has a window of its own past. */
const FIRST_WINDOW_MS = WINDOW_SECONDS * 1_000;
/** The longest time without a row done that may pass without the waiting notice. */
const QUIET_MS = 5_000;
/** How stale a look may be: the screen is told at most every 250 ms, and the look takes its turn in the page. */
const LOOK_LAG_MS = 2_000;

/** Every time left main computed for the job, as it told the screen. */
const estimates: { at: number; seconds_left: number | null }[] = [];

beforeAll(async () => {
  // A long heartbeat, so that idle polls take little of the budget.
  world = await openWorld('bulk-rate-limit', { rateLimitPerMinute: LIMIT, rateLimitWindowSeconds: WINDOW_SECONDS, heartbeatSeconds: 50 });
  world.app.core.onNotice((notice, payload) => {
    if (notice === 'job.progress') estimates.push({ at: Date.now(), seconds_left: (payload as JobProgress).seconds_left });
  });
  page = world.page;
  await signInThroughScreen(page, world.service.url, admin());
});
afterAll(() => world?.close());

const admin = () => world.service.accounts.find((a) => a.email === 'admin@demo.example')!;
const created = () => world.service.db.prepare("SELECT count(*) FROM users WHERE email LIKE 'paced.%@rate.example'").pluck().get() as number;

interface Sample {
  at: number;
  server: number;
  state: string | null;
  done: number;
  failed: number;
  bar: number;
  waiting: string | null;
  secondsLeft: number | null;
}

/** The time a waiting notice names and the seconds it says are left, or null without a notice. */
function waitParts(waiting: string | null): { until: string; seconds: number } | null {
  const match = waiting === null ? null : /until (\S+ ?[AP]?M?) \((\d+) s\)/.exec(waiting);
  return match ? { until: match[1]!, seconds: Number(match[2]) } : null;
}

/** What the screen shows, read in one turn of the page so that no update lands between two reads. */
async function sample(): Promise<Sample> {
  const shown = await page.evaluate(() => {
    const job = document.querySelector('[data-testid="bulk-job"]');
    const find = (testId: string) => job?.querySelector(`[data-testid="${testId}"]`) ?? null;
    const progress = find('bulk-progress');
    return {
      state: job?.getAttribute('data-state') ?? null,
      done: find('bulk-done')?.textContent ?? null,
      failed: find('bulk-failed')?.textContent ?? null,
      bar: progress instanceof HTMLProgressElement ? progress.value : null,
      waiting: document.querySelector('[data-testid="bulk-waiting"]')?.textContent ?? null,
      secondsLeft: find('bulk-time-left')?.getAttribute('data-seconds') ?? null,
    };
  });
  return {
    at: Date.now(),
    server: created(),
    state: shown.state,
    done: Number(shown.done),
    failed: Number(shown.failed),
    bar: shown.bar ?? Number.NaN,
    waiting: shown.waiting,
    secondsLeft: shown.secondsLeft === null ? null : Number(shown.secondsLeft),
  };
}

it('tells the truth about progress under the rate limit, to the end of an import paced over three windows', async () => {
  await openOrganization(page, 'Bulk');
  const lines = ['email,full_name', ...Array.from({ length: ROWS }, (_, i) => `paced.${i}@rate.example,Paced ${i}`)];
  await page.getByTestId('bulk-csv-text').fill(lines.join('\n'));
  await page.getByRole('button', { name: 'Preview' }).click();
  const started = Date.now();
  await page.getByRole('button', { name: 'Confirm and start' }).click();
  const samples: Sample[] = [];
  let shotWhileWaiting = false;
  // One look a second, as a person watching the screen would, until the job is over.
  for (let s = await sample(); s.state !== 'finished'; s = await sample()) {
    expect(Date.now() - started, 'the import is still running').toBeLessThan(PATIENCE_MS);
    samples.push(s);
    if (!shotWhileWaiting && s.waiting !== null && s.server >= ROWS / 3) {
      await checkScreen(page, 'bulk-rate-limited');
      shotWhileWaiting = true;
    }
    await page.waitForTimeout(1_000);
  }
  const requests = world.service.requests.all().filter((r) => r.user_id === admin().user_id && r.at >= started);
  const creations = requests.filter((r) => r.route === 'POST /users' && r.status === 200);
  // The job ended when the server created its last user.
  const ended = creations.at(-1)!.at;
  // After the first window, each look shows a time left, one main computed: the latest two seconds
  // before the look, or one since.
  const computedFor = (at: number) => {
    const since = estimates.filter((e) => e.at > at - LOOK_LAG_MS && e.at <= at);
    const before = estimates.findLast((e) => e.at <= at - LOOK_LAG_MS);
    return [...(before ? [before] : []), ...since].map((e) => e.seconds_left);
  };
  const judged = samples
    .filter((s) => s.at - started >= FIRST_WINDOW_MS && s.at < ended)
    .map((s) => ({ at: s.at - started, shown: s.secondsLeft, computed: computedFor(s.at), truth: (ended - s.at) / 1000 }));
  const misses = judged.filter(({ shown, computed }) => shown === null || !computed.includes(shown));
  // A row is quiet when the server held no more rows than it did five seconds before.
  const quiet = samples.filter((s) => {
    const before = samples.findLast((earlier) => earlier.at <= s.at - QUIET_MS);
    return before !== undefined && before.server === s.server;
  });
  mkdirSync(join(root, 'test-results'), { recursive: true });
  writeFileSync(
    join(root, 'test-results', 'bulk-rate-limit.json'),
    JSON.stringify(
      {
        seconds: (ended - started) / 1000,
        requests: world.service.requests.counts({ user_id: admin().user_id, since: started }),
        misses,
        judged,
        quietWithoutNotice: quiet.filter((s) => s.waiting === null).map((s) => ({ ...s, at: s.at - started })),
        samples: samples.map((s) => ({ ...s, at: s.at - started })),
        log: requests.map((r) => `${r.at - started} ${r.route} ${r.status}`),
        appLog: world.app.logger.lines.filter((line) => /rate limit|POST \/users|GET \/events/.test(line)),
      },
      null,
      1,
    ),
  );

  // Counters and bar follow the rows the server holds: never ahead of it, and caught up with
  // what it held a second before (the screen is told at most every 250 ms).
  samples.forEach((s, i) => {
    expect(s.done, JSON.stringify(s)).toBeLessThanOrEqual(s.server);
    if (i > 0) expect(s.done, JSON.stringify(s)).toBeGreaterThanOrEqual(samples[i - 1]!.server);
    // No row of this import can fail: the bar is the rows done.
    expect(s.failed, JSON.stringify(s)).toBe(0);
    expect(s.bar, JSON.stringify(s)).toBe(s.done);
  });
  // Whenever no row was done for five seconds, the job said it was waiting, and until when.
  expect(quiet.length).toBeGreaterThan(0);
  for (const s of quiet) expect(s.waiting, JSON.stringify(s)).toMatch(/^Waiting for the server's rate limit until \d{1,2}:\d\d:\d\d/);
  // The seconds it says it still waits count down: two looks apart, the same wait says fewer.
  const countdowns = samples.flatMap((s, i) => {
    const [first, second] = [waitParts(s.waiting), waitParts(samples[i + 2]?.waiting ?? null)];
    return first && second && first.until === second.until && first.seconds > 1 ? [{ at: s.at - started, first: first.seconds, second: second.seconds }] : [];
  });
  expect(countdowns.length).toBeGreaterThan(10);
  expect(countdowns.filter((c) => c.second >= c.first)).toEqual([]);
  // After the first window, the time left main computed is on the screen at every look.
  expect(judged.length).toBeGreaterThan(15);
  expect(misses, `${misses.length} of ${judged.length} looks`).toEqual([]);

  // The budget went to the import: each row created once, and the event polls spaced.
  expect(creations).toHaveLength(ROWS);
  // The polls the server answered are what they took from the budget; a refused one (429) took none.
  const polls = requests.filter((r) => r.route === 'GET /events' && r.status !== 429).length;
  expect(polls).toBeLessThanOrEqual((ended - started) / POLL_SPACING_MS + 10);

  // The finished job shows its summary, with counters and bar at every row.
  const finished = await sample();
  expect(finished).toMatchObject({ state: 'finished', done: ROWS, bar: ROWS, failed: 0, waiting: null });
  await expect.poll(() => page.getByTestId('bulk-summary').textContent()).toContain(`${ROWS} created, 0 skipped, 0 failed.`);
  await screenshot(page, 'bulk-rate-limit-finished');
}, PATIENCE_MS + 60_000);
