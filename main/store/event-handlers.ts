// How a store module takes the events about the records it owns: one handler per event type,
// each reporting the keys it touched, so sync/apply-events dispatches without knowing a table.
import type { KnownEvent } from '../../shared/api/events';
import type { MirrorKind } from '../../shared/mirror-changes';
import type { MirrorDatabase } from './database';

/** Where a handler reports the records it changed, for the renderer's change notice. */
export interface ChangeSink {
  add(kind: MirrorKind, ...keys: (number | string)[]): void;
}

export type EventType = KnownEvent['type'];
export type EventOf<T extends EventType> = Extract<KnownEvent, { type: T }>;
export type EventHandler<T extends EventType> = (db: MirrorDatabase, event: EventOf<T>, changes: ChangeSink) => void;

/** A store module's handlers, one per event type of the records it owns. */
export type EventHandlers<T extends EventType> = { readonly [K in T]: EventHandler<K> };
