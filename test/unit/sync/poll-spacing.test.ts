import { describe, expect, it } from 'vitest';
import { PollSpacing } from '../../../main/sync/poll-spacing';

const NOW = 1_700_000_000_000;
const state = (limit: number | undefined, remaining: number, observedAt = NOW) => ({ limit, remaining, resetAt: observedAt + 30_000, observedAt });
const spacingAfter = (...states: ReturnType<typeof state>[]) => {
  const spacing = new PollSpacing();
  for (const s of states) spacing.observe(s);
  return spacing;
};

describe('the event loop’s spacing under a rate limit', () => {
  it('polls at once while half the budget or more remains, or when no limit is announced', () => {
    expect(new PollSpacing().spacingMs(NOW)).toBe(0);
    expect(spacingAfter(state(undefined, 0)).spacingMs(NOW)).toBe(0);
    expect(spacingAfter(state(40, 20)).spacingMs(NOW)).toBe(0);
  });

  it('lets the polls take a tenth of a scarce budget: every 15 s at 40 a minute, 3 s at 200', () => {
    expect(spacingAfter(state(40, 3)).spacingMs(NOW)).toBe(15_000);
    expect(spacingAfter(state(200, 0)).spacingMs(NOW)).toBe(3_000);
  });

  it('keeps spacing through a window after the budget was scarce, though a new burst finds it whole', () => {
    const spacing = spacingAfter(state(40, 3), state(40, 39, NOW + 50_000));
    expect(spacing.spacingMs(NOW + 50_000)).toBe(15_000);
    expect(spacing.spacingMs(NOW + 61_000)).toBe(0);
  });
});
