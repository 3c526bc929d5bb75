import { z } from 'zod';
import type { MirrorDatabase, ReadOnlyMirror } from './database';
import { prepared } from './keyed-table';

export interface EventQueueState {
  queue_id: string;
  last_event_id: number;
  registered_at: number;
}

export function saveEventQueue(db: MirrorDatabase, state: EventQueueState): void {
  prepared(
    db,
    `INSERT INTO event_queue (singleton, queue_id, last_event_id, registered_at) VALUES (1, @queue_id, @last_event_id, @registered_at)
     ON CONFLICT (singleton) DO UPDATE SET queue_id = excluded.queue_id, last_event_id = excluded.last_event_id, registered_at = excluded.registered_at`,
  ).run(state);
}

/**
 * Called in the same transaction as the batch it acknowledges, so a crash never re-applies or
 * skips one. Never moves backwards: a server replaying old events does not rewind the queue.
 */
export function advanceEventQueue(db: MirrorDatabase, last_event_id: number): void {
  prepared(db, 'UPDATE event_queue SET last_event_id = max(last_event_id, ?) WHERE singleton = 1').run(last_event_id);
}

const eventQueueRow = z.object({ queue_id: z.string(), last_event_id: z.number().int(), registered_at: z.number() }).optional();

/** The saved position; a run that resumes it trusts it, so the row is checked. */
export function loadEventQueue(db: ReadOnlyMirror): EventQueueState | undefined {
  return eventQueueRow.parse(prepared(db, 'SELECT queue_id, last_event_id, registered_at FROM event_queue WHERE singleton = 1').get());
}

export function clearEventQueue(db: MirrorDatabase): void {
  prepared(db, 'DELETE FROM event_queue').run();
}
