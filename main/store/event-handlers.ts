// How a store module takes the events about the records it owns: one handler per event type,
// each reporting the keys it touched, so sync/apply-events dispatches without knowing a table.
// Several modules may take the same type (a new message is filed, then counted unread).
import type { KnownEvent } from '../../shared/api/events';
import type { ChangeSink } from './changes';
import type { MirrorDatabase } from './database';

export type EventType = KnownEvent['type'];
export type EventOf<T extends EventType> = Extract<KnownEvent, { type: T }>;
export type EventHandler<T extends EventType> = (db: MirrorDatabase, event: EventOf<T>, changes: ChangeSink) => void;

/** A store module's handlers, one per event type of the records it owns. */
export type EventHandlers<T extends EventType> = { readonly [K in T]: EventHandler<K> };

/** Any store module's handlers, as the dispatch table joins them. */
export type EventOwner = { readonly [K in EventType]?: EventHandler<K> };

/**
 * The store modules' handlers of each event type, run in the order the modules are listed: a
 * type several modules take (a new message is filed, then counted unread) runs each in turn.
 */
export class EventTable {
  readonly #owners: readonly EventOwner[];

  constructor(owners: readonly EventOwner[]) {
    this.#owners = owners;
  }

  /** Whether some module takes events of `type`. */
  takes(type: EventType): boolean {
    return this.#owners.some((owner) => owner[type] !== undefined);
  }

  /** Runs each handler of the event's type, in order. */
  apply<K extends EventType>(db: MirrorDatabase, type: K, event: EventOf<K>, changes: ChangeSink): void {
    for (const owner of this.#owners) {
      const handler: EventHandler<K> | undefined = owner[type];
      handler?.(db, event, changes);
    }
  }
}
