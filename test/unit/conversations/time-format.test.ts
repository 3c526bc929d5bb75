// The formatter every time shown goes through: one per zone and style, kept, and in that zone; and
// the times lists of conversations show, near now in words, further off as a day.
import { describe, expect, it } from 'vitest';
import { recentTime, timeFormatter } from '../../../renderer/src/lib/time-format';

describe('timeFormatter', () => {
  it('is made once per time zone and style', () => {
    expect(timeFormatter('Asia/Tokyo', 'time')).toBe(timeFormatter('Asia/Tokyo', 'time'));
    expect(timeFormatter('Asia/Tokyo', 'time')).not.toBe(timeFormatter('Asia/Tokyo', 'date-time'));
    expect(timeFormatter('Asia/Tokyo', 'time')).not.toBe(timeFormatter('Europe/Paris', 'time'));
  });

  it('formats in its zone and style', () => {
    const noonUtc = Date.UTC(2024, 0, 15, 12, 0, 0);
    const tokyo = timeFormatter('Asia/Tokyo', 'time');
    expect(tokyo.resolvedOptions().timeZone).toBe('Asia/Tokyo');
    expect(tokyo.format(noonUtc)).toBe(new Intl.DateTimeFormat(undefined, { timeStyle: 'medium', timeZone: 'Asia/Tokyo' }).format(noonUtc));
    const paris = timeFormatter('Europe/Paris', 'date-time');
    expect(paris.format(noonUtc)).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Paris' }).format(noonUtc));
  });
});

describe('recentTime', () => {
  const at = (iso: string) => Date.parse(iso) / 1000;
  // 09:00 on 28 November in Tokyo (00:00 UTC).
  const now = at('2026-11-28T00:00:00Z');

  it("says today's hour, Yesterday, then the day, with its year after half a year, by the calendar of the zone", () => {
    expect(recentTime(at('2026-11-27T23:30:00Z'), now, 'Asia/Tokyo', true)).toBe('08:30');
    expect(recentTime(at('2026-11-27T14:00:00Z'), now, 'Asia/Tokyo')).toBe('Yesterday');
    // In New York, where now is still the 27th, that moment is today's.
    expect(recentTime(at('2026-11-27T14:00:00Z'), now, 'America/New_York', true)).toBe('09:00');
    expect(recentTime(at('2026-11-20T12:00:00Z'), now, 'Asia/Tokyo')).toBe(new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'Asia/Tokyo' }).format(at('2026-11-20T12:00:00Z') * 1000));
    expect(recentTime(at('2025-11-20T12:00:00Z'), now, 'Asia/Tokyo')).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'Asia/Tokyo' }).format(at('2025-11-20T12:00:00Z') * 1000));
  });
});
