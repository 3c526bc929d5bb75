// The one time zone every time the window shows is in: the user's choice between their profile's
// (as the server has it) and the computer's, kept per account on this computer and said once, in
// Settings. `format` is how every view shows a time: in 24 or 12 hours as the user's
// twenty_four_hour_time says on the server, as the family's clients show it.
// The zone arithmetic is the scheduling form's, which needs it for its picker.
import { recentTime, timeFormatter, type TimeStyle } from '../lib/time-format';
import { localZone, userZone } from '../screens/scheduling/when';
import type { Me } from './me.svelte';

export type ZoneChoice = 'profile' | 'system';

const storageKey = (account_id: string): string => `time-zone:${account_id}`;

export class TimeZoneSetting {
  choice = $state<ZoneChoice>('profile');
  readonly #account_id: string;
  /** The profile's zone, or the computer's when the profile has none Intl knows. */
  readonly zone: string;
  readonly #hours24: boolean | null;

  constructor(account_id: string, me: Me) {
    this.#account_id = account_id;
    this.choice = localStorage.getItem(storageKey(account_id)) === 'system' ? 'system' : 'profile';
    this.zone = $derived(this.choice === 'system' ? localZone() : userZone(me.current?.timezone ?? ''));
    this.#hours24 = $derived(me.current?.twenty_four_hour_time ?? null);
  }

  set(choice: ZoneChoice): void {
    this.choice = choice;
    localStorage.setItem(storageKey(this.#account_id), choice);
  }

  /** A time (UNIX seconds) in the chosen zone: date and time, or the time alone. */
  format(seconds: number, style: TimeStyle = 'date-time'): string {
    return timeFormatter(this.zone, style, this.#hours24).format(seconds * 1000);
  }

  /** A time as lists of conversations show it (recentTime). `now` in UNIX seconds. */
  formatRecent(seconds: number, now: number): string {
    return recentTime(seconds, now, this.zone, this.#hours24);
  }
}
