// An Intl formatter costs far more to make than to use, and a conversation shows a time per
// message: one formatter per time zone and style, made at its first use.

/** `clock`: hours and minutes, for a message under a day divider. */
export type TimeStyle = 'date-time' | 'time' | 'clock';

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * `hours24`: the user's twenty_four_hour_time as the server has it (13:30, or 1:30 PM); null
 * leaves it to the system's locale.
 */
export function timeFormatter(timeZone: string, style: TimeStyle, hours24: boolean | null = null): Intl.DateTimeFormat {
  const key = `${style} ${timeZone} ${String(hours24)}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    const options: Intl.DateTimeFormatOptions = style === 'time' ? { timeStyle: 'medium' } : style === 'clock' ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' };
    formatter = new Intl.DateTimeFormat(undefined, { ...options, timeZone, ...(hours24 !== null && { hourCycle: hours24 ? 'h23' : 'h12' }) });
    formatters.set(key, formatter);
  }
  return formatter;
}
