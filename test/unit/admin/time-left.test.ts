// The time left of a job held by a rate limit: a pace measured across a burst overstates the
// speed, so once the job has waited, the server's budget bounds it.
import { describe, expect, it } from 'vitest';
import { secondsLeft } from '../../../main/admin/time-left';

const now = 1_000_000;
const budget = (remaining: number, resetInMs: number) => ({ limit: 40, remaining, resetAt: now + resetInMs, windowMs: 60_000 });

describe('secondsLeft', () => {
  it('is the pace alone while the rate limit has not held the job', () => {
    expect(secondsLeft({ itemsLeft: 100, ratePerMinute: 50, budget: null, now })).toBe(120);
    expect(secondsLeft({ itemsLeft: 100, ratePerMinute: null, budget: null, now })).toBeNull();
  });

  it('after a burst, counts one window per budget of items beyond the one that opens at the reset', () => {
    // 220 left, the budget spent, the next 40 at the reset in 59 s, then five more windows.
    expect(secondsLeft({ itemsLeft: 220, ratePerMinute: 79, budget: budget(0, 59_000), now })).toBe(359);
  });

  it('keeps the slower of the pace and the budget', () => {
    expect(secondsLeft({ itemsLeft: 220, ratePerMinute: 20, budget: budget(0, 1_000), now })).toBe(660);
  });

  it('needs no wait for what the open budget still covers', () => {
    expect(secondsLeft({ itemsLeft: 30, ratePerMinute: 60, budget: budget(35, 20_000), now })).toBe(30);
    expect(secondsLeft({ itemsLeft: 30, ratePerMinute: null, budget: budget(35, 20_000), now })).toBe(0);
  });
});
