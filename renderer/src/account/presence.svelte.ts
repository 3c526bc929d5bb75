// Each person's presence (active, idle, offline) and status, for the screens that show them beside
// a name: asked of main in one call for the people shown since the last, again when main says
// presence or statuses changed, and every half minute, as presence fades with time alone (active,
// then idle, then offline) without any event saying so.
import { SvelteMap } from 'svelte/reactivity';
import type { PersonPresence } from '../../../shared/ipc';
import { call } from '../lib/ipc';
import type { ChangeStream } from './changes';

const REFRESH_MS = 30_000;
/** The most people main is asked about at once (users.presence's limit). */
const BATCH = 1_000;

export class Presence {
  readonly #people = new SvelteMap<number, PersonPresence>();
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- who is to be asked next, never shown
  readonly #wanted = new Set<number>();
  #asking = false;
  readonly #stop: () => void;
  readonly #timer: ReturnType<typeof setInterval>;

  constructor(changes: ChangeStream) {
    this.#stop = changes.on((notice) => {
      if (notice.all || notice.changed.presence !== undefined || notice.changed.user_status !== undefined) this.#refresh();
    });
    this.#timer = setInterval(() => this.#refresh(), REFRESH_MS);
  }

  /** A person's presence and status; offline with none until main has answered. */
  of(user_id: number): PersonPresence {
    const known = this.#people.get(user_id);
    if (known !== undefined) return known;
    this.#want([user_id]);
    return { user_id, presence: 'offline', status: null };
  }

  #refresh(): void {
    this.#want([...this.#people.keys()]);
  }

  #want(user_ids: readonly number[]): void {
    for (const user_id of user_ids) this.#wanted.add(user_id);
    if (this.#asking) return;
    this.#asking = true;
    // The rows of one screen ask in the same turn: one call for all of them.
    queueMicrotask(() => void this.#ask());
  }

  async #ask(): Promise<void> {
    while (this.#wanted.size > 0) {
      const user_ids = [...this.#wanted].slice(0, BATCH);
      for (const user_id of user_ids) this.#wanted.delete(user_id);
      try {
        for (const person of await call('users.presence', { user_ids })) this.#people.set(person.user_id, person);
      } catch {
        // Shown offline until the next refresh asks again.
      }
    }
    this.#asking = false;
  }

  dispose(): void {
    this.#stop();
    clearInterval(this.#timer);
  }
}
