// A 300-row import under the simulator's rate limit (40 requests a minute), watched as an
// administrator would: the counters and the bar follow the rows the server actually holds, the
// job says when it waits on the rate limit and until when, and a time left is shown while it
// waits. The test stops after a minute and ten seconds (then cancels).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openOrganization, openWorld, screenshot, signInThroughScreen, type World } from './harness';

let world: World;
let page: Page;
const ROWS = 300;

beforeAll(async () => {
  // A long heartbeat, so that the event loop's polls take little of the budget.
  world = await openWorld('bulk-rate-limit', { rateLimitPerMinute: 40, heartbeatSeconds: 50 });
  page = world.page;
  await signInThroughScreen(page, world.service.url, world.service.accounts.find((a) => a.email === 'admin@demo.example')!);
});
afterAll(() => world?.close());

const created = () => world.service.db.prepare("SELECT count(*) FROM users WHERE email LIKE 'paced.%@rate.example'").pluck().get() as number;

interface Sample {
  at: number;
  server: number;
  done: number;
  failed: number;
  bar: number;
  waiting: string | null;
  secondsLeft: number | null;
}

/** What the screen shows, read in one turn of the page so that no update lands between two reads. */
async function sample(): Promise<Sample> {
  const shown = await page.evaluate(() => {
    const job = document.querySelector('[data-testid="bulk-job"]');
    const find = (testId: string) => job?.querySelector(`[data-testid="${testId}"]`) ?? null;
    const progress = find('bulk-progress');
    return {
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
    done: Number(shown.done),
    failed: Number(shown.failed),
    bar: shown.bar ?? Number.NaN,
    waiting: shown.waiting,
    secondsLeft: shown.secondsLeft === null ? null : Number(shown.secondsLeft),
  };
}

it('tells the truth about progress under the rate limit', async () => {
  await openOrganization(page, 'Bulk');
  const lines = ['email,full_name', ...Array.from({ length: ROWS }, (_, i) => `paced.${i}@rate.example,Paced ${i}`)];
  await page.getByTestId('bulk-csv-text').fill(lines.join('\n'));
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('button', { name: 'Confirm and start' }).click();
  const started = Date.now();
  const samples: Sample[] = [];
  // One look a second, as a person watching the screen would, until a minute and ten seconds.
  while (Date.now() - started < 70_000) {
    samples.push(await sample());
    await page.waitForTimeout(1_000);
  }
  await screenshot(page, 'bulk-rate-limited');

  // Counters and bar follow the rows the server holds: never ahead of it, and caught up with
  // what it held a second before (the screen is told at most every 250 ms).
  samples.forEach((s, i) => {
    expect(s.done, JSON.stringify(s)).toBeLessThanOrEqual(s.server);
    if (i > 0) expect(s.done, JSON.stringify(s)).toBeGreaterThanOrEqual(samples[i - 1]!.server);
    // No row of this import can fail: the bar is the rows done.
    expect(s.failed, JSON.stringify(s)).toBe(0);
    expect(s.bar, JSON.stringify(s)).toBe(s.done);
  });
  expect(samples.at(-1)!.server).toBeGreaterThan(10);
  // The budget runs out within the first minute: the job said it was waiting, and until when.
  const waited = samples.filter((s) => s.waiting !== null);
  expect(waited.length).toBeGreaterThan(0);
  expect(waited[0]!.waiting).toMatch(/^Waiting for the server's rate limit until \d{1,2}:\d\d:\d\d/);
  // While the job waits and no row is done, a time left is still shown (the replayed past counts
  // the wait); its accuracy is unit-tested in time-left.test.ts.
  const still = samples.filter((s, i) => i > 0 && s.server === samples[i - 1]!.server && s.secondsLeft !== null);
  expect(still.length).toBeGreaterThan(5);

  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => page.getByTestId('bulk-job').getAttribute('data-state')).toBe('cancelled');
}, 120_000);
