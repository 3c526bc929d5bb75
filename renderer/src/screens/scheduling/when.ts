// The date-time picker's value (<input type="datetime-local">, wall-clock time without a zone)
// read in the user's timezone (their profile's, else the computer's), and UNIX seconds shown
// back in it. Intl does the zone arithmetic, so daylight saving time is the zone database's.

const pad = (n: number): string => String(n).padStart(2, '0');

/** The computer's own zone, e.g. 'Europe/Paris'. */
export const localZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The profile's zone when it is one Intl knows, else the computer's. */
export function userZone(profileZone: string): string {
  if (profileZone === '') return localZone();
  try {
    return new Intl.DateTimeFormat('en', { timeZone: profileZone }).resolvedOptions().timeZone;
  } catch {
    return localZone();
  }
}

/** How far `zone`'s wall clock is ahead of UTC at the instant `ms`, in ms. */
function zoneOffset(zone: string, ms: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(ms / 1000) * 1000;
}

/** 'YYYY-MM-DDTHH:mm' as the picker expects it, for a UNIX time in seconds. */
export function toPickerValue(seconds: number, zone: string): string {
  const d = new Date(seconds * 1000 + zoneOffset(zone, seconds * 1000));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** UNIX seconds for the picker's value; null when it is empty or not a date-time. */
export function fromPickerValue(value: string, zone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = match.slice(1).map((n) => Number(n ?? 0));
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  if (Number.isNaN(wall)) return null;
  // The offset at the guessed instant, corrected once for a guess that crossed a change of offset.
  const guess = wall - zoneOffset(zone, wall);
  return Math.floor((wall - zoneOffset(zone, guess)) / 1000);
}

/** A delivery time for the list, in the user's zone. */
export function formatDelivery(seconds: number, zone: string): string {
  return new Date(seconds * 1000).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone });
}
