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

  it('replays the fullest period ending in the last ten seconds when a cycle comes late', () => {
    // A burst of 36 ended 61.5 s ago and the next has not come: the period up to now is empty, the
    // one ending ten seconds ago holds the burst. The 264th item left comes with the eighth burst
    // after it, and 20 left are due now (not 18,174 s from the empty period up to now).
    const burst = Array.from({ length: 36 }, (_, i) => now - 65_000 + i * 100);
    expect(secondsLeft({ itemsLeft: 264, finishedAt: burst, periodMs: 61_000, budget: null, now })).toBe(424);
    expect(secondsLeft({ itemsLeft: 20, finishedAt: burst, periodMs: 61_000, budget: null, now })).toBe(0);
    // At the edge of a late burst the period up to now holds only the two items of the next one:
    // they are the first of the burst replayed, come again (not two a period: ~8,000 s).
    const edge = [...burst, now - 500, now - 200];
    expect(secondsLeft({ itemsLeft: 262, finishedAt: edge, periodMs: 61_000, budget: null, now })).toBe(424);
    // On time, the same burst still inside the period up to now: the next burst comes a period after it.
    expect(secondsLeft({ itemsLeft: 264, finishedAt: burst.map((at) => at + 10_000), periodMs: 61_000, budget: null, now })).toBe(434);
    // No further back: ten items 80 s ago whose slots came free unused, and one 30 s ago, are a
    // pace of one a period, whatever held the job (not the eleven of a period long gone: 111 s).
    const sparse = [...Array.from({ length: 10 }, (_, i) => now - 80_000 + i * 100), now - 30_000];
    expect(secondsLeft({ itemsLeft: 22, finishedAt: sparse, periodMs: 61_000, budget: null, now })).toBe(1312);
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
