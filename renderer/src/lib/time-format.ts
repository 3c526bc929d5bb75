// An Intl formatter costs far more to make than to use, and a conversation shows a time per
// message: one formatter per time zone and style, made at its first use.

/** `clock`: hours and minutes, for a message under a day divider. */
export type TimeStyle = 'date-time' | 'time' | 'clock';

const formatters = new Map<string, Intl.DateTimeFormat>();

export function timeFormatter(timeZone: string, style: TimeStyle): Intl.DateTimeFormat {
  const key = `${style} ${timeZone}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    const options: Intl.DateTimeFormatOptions = style === 'time' ? { timeStyle: 'medium' } : style === 'clock' ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' };
    formatter = new Intl.DateTimeFormat(undefined, { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}
