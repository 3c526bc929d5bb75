// The one way a view reads from main: a value, the error that kept it from coming, answers to
// older questions dropped (a newer one was asked, or the view or its account went), and a release
// that stops it. What makes it ask again is the account's: AccountState.query follows the change
// notices a query says concern it.
import type { MirrorChanges, MirrorKind } from '../../../shared/mirror-changes';
import { messageOf } from './failure';

/** Whether a change notice concerns what a query reads. */
export type Concerns = (changes: MirrorChanges) => boolean;

export class Query<T> {
  value = $state<T | undefined>(undefined);
  error = $state<string | null>(null);
  /** Asked, and not answered yet. */
  loading = $state(false);
  readonly #read: () => Promise<T>;
  #asked = 0;
  #released = false;
  readonly #onRelease: (() => void)[] = [];

  constructor(read: () => Promise<T>) {
    this.#read = read;
  }

  /** Asks again; the answer to an older question, or any after the release, is dropped. */
  async refresh(): Promise<void> {
    if (this.#released) return;
    const asked = ++this.#asked;
    this.loading = true;
    try {
      const value = await this.#read();
      if (asked !== this.#asked) return;
      this.value = value;
      this.error = null;
    } catch (e) {
      if (asked !== this.#asked) return;
      this.error = messageOf(e);
    } finally {
      if (asked === this.#asked) this.loading = false;
    }
  }

  /** The value as the view now knows it (an answer it had another way); answers still coming are dropped. */
  set(value: T): void {
    this.#asked += 1;
    this.value = value;
    this.error = null;
    this.loading = false;
  }

  /** Runs when the query is released (its subscription to the change notices, say). */
  onRelease(stop: () => void): void {
    if (this.#released) stop();
    else this.#onRelease.push(stop);
  }

  /** Stops it: nothing more is asked, no answer lands. */
  release(): void {
    if (this.#released) return;
    this.#released = true;
    this.#asked += 1;
    this.loading = false;
    for (const stop of this.#onRelease.splice(0)) stop();
  }
}

/** Notices that changed records of one of these kinds, or everything. */
export function touching(...kinds: readonly MirrorKind[]): Concerns {
  return (changes) => changes.all || kinds.some((kind) => changes.changed[kind] !== undefined);
}

/** Notices that changed this one record (by its key) of one of these kinds, or everything. */
export function touchingRecord(key: number | string, ...kinds: readonly MirrorKind[]): Concerns {
  return (changes) => changes.all || kinds.some((kind) => changes.changed[kind]?.includes(key) === true);
}
