import { describe, expect, it } from 'vitest';
import { pollSpacingMs } from '../../../main/sync/poll-spacing';

const NOW = 1_700_000_000_000;
const state = (limit: number | undefined, remaining: number, resetInMs = 30_000) => ({ limit, remaining, resetAt: NOW + resetInMs, observedAt: NOW });

describe('the event loop’s spacing under a rate limit', () => {
  it('polls at once while half the budget or more remains, or when no limit is announced', () => {
    expect(pollSpacingMs(undefined, NOW)).toBe(0);
    expect(pollSpacingMs(state(undefined, 0), NOW)).toBe(0);
    expect(pollSpacingMs(state(40, 20), NOW)).toBe(0);
  });

  it('lets the polls take a tenth of a scarce budget: every 15 s at 40 a minute, 3 s at 200', () => {
    expect(pollSpacingMs(state(40, 3), NOW)).toBe(15_000);
    expect(pollSpacingMs(state(200, 0), NOW)).toBe(3_000);
  });

  it('forgets a scarce budget once its reset has passed', () => {
    expect(pollSpacingMs(state(40, 0, -1), NOW)).toBe(0);
  });
});
