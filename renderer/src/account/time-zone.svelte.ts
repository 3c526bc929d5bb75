// The one time zone every time the window shows is in: the user's choice between their profile's
// (as the server has it) and the computer's, kept per account on this computer and said once, in
// Settings. `formatTime` is how every view shows a time.
// The zone arithmetic is the scheduling form's, which needs it for its picker.
import { localZone, userZone } from '../screens/scheduling/when';
import { me } from './me.svelte';
import { timeFormatter, type TimeStyle } from './time-format';

export type ZoneChoice = 'profile' | 'system';

const storageKey = (account_id: string): string => `time-zone:${account_id}`;

class TimeZoneSetting {
  choice = $state<ZoneChoice>('profile');
  #account = '';
  /** The profile's zone, or the computer's when the profile has none Intl knows. */
  readonly zone = $derived(this.choice === 'system' ? localZone() : userZone(me.current?.timezone ?? ''));

  /** Reads the choice made on this computer for the account now active. */
  load(account_id: string): void {
    this.#account = account_id;
    this.choice = localStorage.getItem(storageKey(account_id)) === 'system' ? 'system' : 'profile';
  }

  set(choice: ZoneChoice): void {
    this.choice = choice;
    if (this.#account !== '') localStorage.setItem(storageKey(this.#account), choice);
  }
}

export const timeZone = new TimeZoneSetting();

/** A time (UNIX seconds) in the chosen zone: date and time, or the time alone. */
export function formatTime(seconds: number, style: TimeStyle = 'date-time'): string {
  return timeFormatter(timeZone.zone, style).format(seconds * 1000);
}
