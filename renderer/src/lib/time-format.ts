// Times as the window shows them. An Intl formatter costs far more to make than to use, and a
// conversation shows a time per message: one formatter per time zone and style, made at its first
// use; and the calendar day a moment falls on in a zone, which day dividers and the lists of
// conversations ("Yesterday") read.

/** `clock`: hours and minutes, for a message under a day divider; `day`: the month and day; `date`: the date alone. */
export type TimeStyle = 'date-time' | 'time' | 'clock' | 'day' | 'date';

const STYLES: Record<TimeStyle, Intl.DateTimeFormatOptions> = {
  'date-time': { dateStyle: 'medium', timeStyle: 'short' },
  time: { timeStyle: 'medium' },
  clock: { timeStyle: 'short' },
  day: { month: 'short', day: 'numeric' },
  date: { dateStyle: 'medium' },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * `hours24`: the user's twenty_four_hour_time as the server has it (13:30, or 1:30 PM); null
 * leaves it to the system's locale.
 */
export function timeFormatter(timeZone: string, style: TimeStyle, hours24: boolean | null = null): Intl.DateTimeFormat {
  const key = `${style} ${timeZone} ${String(hours24)}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    const options = STYLES[style];
    // An hour cycle with no hour to show would make Intl show one.
    const cycle = hours24 !== null && 'timeStyle' in options ? { hourCycle: hours24 ? ('h23' as const) : ('h12' as const) } : {};
    formatter = new Intl.DateTimeFormat(undefined, { ...options, timeZone, ...cycle });
    formatters.set(key, formatter);
  }
  return formatter;
}

const dayKeys = new Map<string, Intl.DateTimeFormat>();
/** Day numbers by zone and quarter hour: every zone's offset is a whole number of quarter hours. */
const days = new Map<string, Map<number, number>>();
const QUARTER_HOUR = 15 * 60;

/** The calendar day of a moment in a time zone, as a day number (days since 1970-01-01 there). */
export function dayNumber(seconds: number, timeZone: string): number {
  const quarter = Math.floor(seconds / QUARTER_HOUR);
  let zone = days.get(timeZone);
  if (zone === undefined) days.set(timeZone, (zone = new Map()));
  let day = zone.get(quarter);
  if (day === undefined) zone.set(quarter, (day = calendarDay(quarter * QUARTER_HOUR, timeZone)));
  return day;
}

function calendarDay(seconds: number, timeZone: string): number {
  let formatter = dayKeys.get(timeZone);
  if (formatter === undefined) dayKeys.set(timeZone, (formatter = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', day: 'numeric', timeZone })));
  const parts = formatter.formatToParts(seconds * 1000);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / 86_400_000;
}

const HALF_A_YEAR_DAYS = 183;

/**
 * A time as lists of conversations show it, as the family's clients do: its hour today,
 * "Yesterday", then the day, with its year after half a year. Seconds since the epoch.
 */
export function recentTime(seconds: number, now: number, timeZone: string, hours24: boolean | null = null): string {
  const ago = dayNumber(now, timeZone) - dayNumber(seconds, timeZone);
  const style: TimeStyle = ago <= 0 ? 'clock' : ago < HALF_A_YEAR_DAYS ? 'day' : 'date';
  return ago === 1 ? 'Yesterday' : timeFormatter(timeZone, style, hours24).format(seconds * 1000);
}
