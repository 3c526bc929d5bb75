// Where a write reports what it changed: event handlers and the writes of the screens' actions
// alike take a ChangeSink, so one batch, one action or one outbox step becomes one change
// notice naming its records and the conversations it touched.
import type { ConversationKey } from '../../shared/conversation';
import type { MirrorChanges, MirrorKind } from '../../shared/mirror-changes';
import type { MirrorDatabase } from './database';

export interface ChangeSink {
  add(kind: MirrorKind, ...keys: (number | string)[]): void;
  /** Conversations that gained, lost or moved messages, or whose messages in the outbox changed. */
  touch(...conversations: ConversationKey[]): void;
}

/** Collects what a batch touched, each key once, into one notice. */
export class ChangeCollector implements ChangeSink {
  readonly #changed = new Map<MirrorKind, Set<number | string>>();
  readonly #conversations = new Set<ConversationKey>();

  add(kind: MirrorKind, ...keys: (number | string)[]): void {
    let set = this.#changed.get(kind);
    if (!set) this.#changed.set(kind, (set = new Set()));
    for (const key of keys) set.add(key);
  }

  touch(...conversations: ConversationKey[]): void {
    for (const conversation of conversations) this.#conversations.add(conversation);
  }

  get empty(): boolean {
    return this.#changed.size === 0 && this.#conversations.size === 0;
  }

  notice(): MirrorChanges {
    return { all: false, changed: Object.fromEntries([...this.#changed].map(([kind, keys]) => [kind, [...keys]])), conversations: [...this.#conversations] };
  }
}

/** Whether a notice names anything at all. */
export function hasChanges(changes: MirrorChanges): boolean {
  return changes.all || changes.conversations.length > 0 || Object.keys(changes.changed).length > 0;
}

export const EVERYTHING_CHANGED: MirrorChanges = { all: true, changed: {}, conversations: [] };

/** Runs a write in one transaction with a sink; what it reported is pushed once it has committed. */
export type MirrorWrite = <T>(write: (db: MirrorDatabase, changes: ChangeSink) => T) => T;
