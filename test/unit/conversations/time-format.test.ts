// The formatter every time shown goes through: one per zone and style, kept, and in that zone.
import { describe, expect, it } from 'vitest';
import { timeFormatter } from '../../../renderer/src/lib/time-format';

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
