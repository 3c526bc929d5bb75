// `<time:...>` mentions: the moment a person typed, read the forgiving way real servers read it
// (ISO 8601, UNIX seconds, or "Jun 5th 2017, 10:30PM"-style dates with an optional zone name),
// as the UTC instant the <time datetime> attribute carries; null where it cannot be read.

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** Offsets in minutes of the zone names people type most. */
const ZONES: Readonly<Record<string, number>> = {
  utc: 0, gmt: 0, z: 0, bst: 60, cet: 60, cest: 120, eet: 120, eest: 180, msk: 180, ist: 330, sgt: 480, jst: 540,
  kst: 540, aest: 600, aedt: 660, nzst: 720, nzdt: 780, est: -300, edt: -240, cst: -360, cdt: -300, mst: -420,
  mdt: -360, pst: -480, pdt: -420, akst: -540, hst: -600,
};
const MAX_YEAR = 9999;

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

function utc(year: number, month: number, day: number, hour: number, minute: number, second: number, offsetMinutes: number): Date | null {
  if (year < 1 || year > MAX_YEAR || month < 0 || month > 11 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  if (Math.abs(offsetMinutes) >= 24 * 60) return null;
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  // February 30th and the like roll over into the next month: not a date.
  if (date.getUTCDate() !== day) return null;
  date.setUTCHours(hour, minute - offsetMinutes, second, 0);
  // Shifting by the offset may leave the representable years, which real servers refuse.
  const shiftedYear = date.getUTCFullYear();
  return shiftedYear < 1 || shiftedYear > MAX_YEAR ? null : date;
}

function parseOffset(text: string): number {
  if (/^z$/i.test(text)) return 0;
  const sign = text.startsWith('-') ? -1 : 1;
  const digits = text.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
}

function parseIso(text: string): Date | null | undefined {
  const match = ISO.exec(text);
  if (match === null) return undefined;
  const [, year, month, day, hour, minute, second, offset] = match;
  return utc(Number(year), Number(month) - 1, Number(day), Number(hour ?? 0), Number(minute ?? 0), Number(second ?? 0), offset === undefined ? 0 : parseOffset(offset));
}

/** "Jun 5th 2017, 10:30PM", "31 Dec 2017 5:30 am IST", "May 1 2024 3pm". */
function parseWords(text: string): Date | null {
  const words = text.toLowerCase().replace(/,/g, ' ').split(/\s+/).filter(Boolean);
  let month: number | undefined;
  let day: number | undefined;
  let year: number | undefined;
  let hour = 0;
  let minute = 0;
  let offset = 0;
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] ?? '';
    const monthIndex = MONTHS.indexOf(word.slice(0, 3));
    const time = /^(\d{1,2})(?::(\d{2}))?(am|pm)?$/.exec(word);
    const next = words[index + 1];
    if (/^[a-z]+$/.test(word) && monthIndex >= 0 && month === undefined) month = monthIndex;
    else if (word in ZONES) offset = ZONES[word] ?? 0;
    else if (/^\d{4}$/.test(word) && year === undefined) year = Number(word);
    else if (time !== null && (time[2] !== undefined || time[3] !== undefined || next === 'am' || next === 'pm')) {
      hour = Number(time[1]);
      minute = Number(time[2] ?? 0);
      const meridiem = time[3] ?? (next === 'am' || next === 'pm' ? next : undefined);
      if (meridiem !== undefined && time[3] === undefined) index += 1;
      if (meridiem === 'pm' && hour < 12) hour += 12;
      if (meridiem === 'am' && hour === 12) hour = 0;
    } else if (/^\d{1,2}(st|nd|rd|th)?$/.test(word) && day === undefined) day = Number.parseInt(word, 10);
    else return null;
  }
  if (month === undefined || day === undefined || year === undefined) return null;
  return utc(year, month, day, hour, minute, 0, offset);
}

export function parseTimeMention(text: string): Date | null {
  const trimmed = text.trim();
  if (/^-?\d+$/.test(trimmed)) {
    const date = new Date(Number(trimmed) * 1000);
    return Number.isNaN(date.getTime()) || date.getUTCFullYear() > MAX_YEAR ? null : date;
  }
  const iso = parseIso(trimmed);
  return iso === undefined ? parseWords(trimmed) : iso;
}

export function isoUtc(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}
