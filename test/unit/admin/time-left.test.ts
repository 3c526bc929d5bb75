// The time left of a running job: its recent past, waits included, replayed forward. Under a rate
// limit the job goes in bursts, and the burst that finishes it comes a window after the matching one.
import { describe, expect, it } from 'vitest';
import { secondsLeft } from '../../../main/admin/time-left';

const now = 1_000_000;
const budget = (remaining: number, resetInMs: number) => ({ limit: 40, remaining, resetAt: now + resetInMs, windowMs: 60_000 });
/** `count` items finished evenly over the `spanMs` up to now. */
const even = (count: number, spanMs: number) => Array.from({ length: count }, (_, i) => now - spanMs + ((i + 1) * spanMs) / count);

describe('secondsLeft', () => {
  it('is the items left over the pace when the pace is even', () => {
    // 50 a minute: 100 left take two minutes.
    expect(secondsLeft({ itemsLeft: 100, finishedAt: even(50, 60_000), periodMs: 60_000, budget: null, now })).toBe(120);
    expect(secondsLeft({ itemsLeft: 100, finishedAt: [], periodMs: 60_000, budget: null, now })).toBeNull();
    expect(secondsLeft({ itemsLeft: 0, finishedAt: [], periodMs: 60_000, budget: null, now })).toBe(0);
  });

  it('counts the waits: a burst then a wait repeats, and the last item comes with its burst', () => {
    // 30 done in the first second of the last minute, nothing since: the next 30 come 59 s from now,
    // the 30 after them a minute later.
    const burst = Array.from({ length: 30 }, (_, i) => now - 60_000 + 500 + i * 10);
    expect(secondsLeft({ itemsLeft: 30, finishedAt: burst, periodMs: 60_000, budget: null, now })).toBe(1);
    expect(secondsLeft({ itemsLeft: 60, finishedAt: burst, periodMs: 60_000, budget: null, now })).toBe(61);
    const lateBurst = burst.map((at) => at + 50_000);
    expect(secondsLeft({ itemsLeft: 45, finishedAt: lateBurst, periodMs: 60_000, budget: null, now })).toBe(111);
    // An even pace that a wait interrupted: ten in ten seconds, then fifty seconds of nothing.
    expect(secondsLeft({ itemsLeft: 30, finishedAt: even(10, 10_000).map((at) => at - 50_000), periodMs: 60_000, budget: null, now })).toBe(130);
  });

  it('before there is a past to replay, counts one window per budget of items beyond the one open', () => {
    // 220 left, the budget spent, the next 40 at the reset in 59 s, then five more windows.
    expect(secondsLeft({ itemsLeft: 220, finishedAt: [], periodMs: 60_000, budget: budget(0, 59_000), now })).toBe(359);
    expect(secondsLeft({ itemsLeft: 30, finishedAt: [], periodMs: 60_000, budget: budget(35, 20_000), now })).toBe(0);
  });

  it('keeps the later of the replay and the budget', () => {
    expect(secondsLeft({ itemsLeft: 220, finishedAt: even(20, 60_000), periodMs: 60_000, budget: budget(0, 1_000), now })).toBe(660);
    expect(secondsLeft({ itemsLeft: 220, finishedAt: even(79, 10_000), periodMs: 60_000, budget: budget(0, 59_000), now })).toBe(359);
  });
});
