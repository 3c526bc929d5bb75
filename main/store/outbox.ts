import { z } from 'zod';
import type { OutboxItemView } from '../../shared/outbox-records';
import type { MirrorDatabase } from './database';
import { deleteDraft } from './drafts';
import { jsonColumn, reader, writer } from './statements';

/** The operations that may wait for the network: taken offline, replayed in order on reconnect. */
export const DEFERRABLE_OPERATIONS = [
  'editSavedSnippet',
  'createScheduledMessage',
  'editScheduledMessage',
  'updateMessageFlags',
  'markNarrowRead',
  'updateUserTopic',
  'removeReaction',
  'addReaction',
  'sendMessage',
] as const;
export type DeferrableOperation = (typeof DEFERRABLE_OPERATIONS)[number];

export interface OutboxItem extends OutboxItemView {
  kind: DeferrableOperation;
  /** A message's client-generated id, echoed by the server as `local_message_id`. */
  local_id: string | null;
  /** When the last send of this item started (epoch ms); set while its outcome is unknown. */
  in_flight_since: number | null;
  /** The newest message id known when that send started: the message, if it arrived, is newer. */
  sent_after_id: number | null;
  /** Transient failures met (network, server errors); bounded, then the item fails. */
  attempts: number;
}

/** An outbox row as stored; the payload is the JSON the action was deferred with. */
const outboxRow = z.object({
  outbox_id: z.number().int(),
  kind: z.enum(DEFERRABLE_OPERATIONS),
  record_key: z.string(),
  payload: z.string(),
  state: z.enum(['pending', 'failed']),
  error_code: z.string().nullable(),
  error_msg: z.string().nullable(),
  created_at: z.number(),
  local_id: z.string().nullable(),
  in_flight_since: z.number().nullable(),
  sent_after_id: z.number().int().nullable(),
  attempts: z.number().int(),
});
const payloadShape = z.record(z.string(), z.unknown());

const fromRow = (row: z.infer<typeof outboxRow>): OutboxItem => ({ ...row, payload: jsonColumn(row.payload, payloadShape) });

export function enqueueOutbox(
  db: MirrorDatabase,
  item: { kind: DeferrableOperation; record_key: string; payload: object },
  now: number = Date.now(),
): number {
  const result = writer(
    db,
    `INSERT INTO outbox (kind, record_key, payload, state, created_at) VALUES (?, ?, ?, 'pending', ?)`,
  ).run(item.kind, item.record_key, JSON.stringify(item.payload), now);
  return Number(result.lastInsertRowid);
}

/** Every item, oldest first: pending ones in replay order, failed ones waiting for the user. */
export function outboxItems(db: MirrorDatabase, state?: OutboxItem['state']): OutboxItem[] {
  const rows = state
    ? reader(db, 'SELECT * FROM outbox WHERE state = ? ORDER BY outbox_id', outboxRow).all(state)
    : reader(db, 'SELECT * FROM outbox ORDER BY outbox_id', outboxRow).all();
  return rows.map(fromRow);
}

export function removeOutboxItem(db: MirrorDatabase, outbox_id: number): void {
  writer(db, 'DELETE FROM outbox WHERE outbox_id = ?').run(outbox_id);
}

/** The server refused the replay: kept, with its answer, for the user to see and decide. */
export function failOutboxItem(db: MirrorDatabase, outbox_id: number, error_code: string, error_msg: string): void {
  writer(db, `UPDATE outbox SET state = 'failed', error_code = ?, error_msg = ?, in_flight_since = NULL WHERE outbox_id = ?`).run(error_code, error_msg, outbox_id);
}

/** The user asks to try a refused item again: it goes back in line, with a fresh count of attempts. */
export function retryOutboxItem(db: MirrorDatabase, outbox_id: number): void {
  writer(db, `UPDATE outbox SET state = 'pending', error_code = NULL, error_msg = NULL, attempts = 0 WHERE outbox_id = ? AND state = 'failed'`).run(outbox_id);
}

/** The outbox record of the messages waiting to be sent to a conversation. */
export const conversationRecordKey = (conversation: string): string => `conversations:${conversation}`;

/**
 * A message to send, queued in line behind everything already waiting; in the same transaction
 * its conversation's draft is cleared, and the item it replaces (a scheduled message sent now) goes.
 */
export function enqueueMessage(
  db: MirrorDatabase,
  item: { conversation: string; local_id: string; payload: Record<string, unknown>; replaces?: number },
  now: number = Date.now(),
): number {
  return db.transaction(() => {
    deleteDraft(db, item.conversation);
    if (item.replaces !== undefined) removeOutboxItem(db, item.replaces);
    const result = writer(
      db,
      `INSERT INTO outbox (kind, record_key, payload, state, created_at, local_id) VALUES ('sendMessage', ?, ?, 'pending', ?, ?)`,
    ).run(conversationRecordKey(item.conversation), JSON.stringify(item.payload), now, item.local_id);
    return Number(result.lastInsertRowid);
  })();
}

export function outboxItem(db: MirrorDatabase, outbox_id: number): OutboxItem | undefined {
  const row = reader(db, 'SELECT * FROM outbox WHERE outbox_id = ?', outboxRow).get(outbox_id);
  return row && fromRow(row);
}

/** The messages waiting for one conversation, in send order. */
export function queuedMessages(db: MirrorDatabase, conversation: string): OutboxItem[] {
  return reader(db, `SELECT * FROM outbox WHERE kind = 'sendMessage' AND record_key = ? ORDER BY outbox_id`, outboxRow)
    .all(conversationRecordKey(conversation))
    .map(fromRow);
}

/** Whether any message is waiting to be sent: a new one then queues behind it, to keep the order. */
export function hasQueuedMessages(db: MirrorDatabase): boolean {
  return reader(db, `SELECT outbox_id FROM outbox WHERE kind = 'sendMessage' AND state = 'pending' LIMIT 1`, z.object({ outbox_id: z.number() })).get() !== undefined;
}

/** Recorded before the request leaves: until it is cleared, the item's outcome is unknown. */
export function markInFlight(db: MirrorDatabase, outbox_id: number, sent_after_id: number, now: number = Date.now()): void {
  writer(db, 'UPDATE outbox SET in_flight_since = ?, sent_after_id = ? WHERE outbox_id = ?').run(now, sent_after_id, outbox_id);
}

/** A transient failure (network, server error, rate limit): counted, and its reason kept for the user to see. */
export function noteTransientFailure(db: MirrorDatabase, outbox_id: number, error_code: string, error_msg: string): void {
  writer(db, 'UPDATE outbox SET attempts = attempts + 1, error_code = ?, error_msg = ? WHERE outbox_id = ?').run(error_code, error_msg, outbox_id);
}

/** The next item waiting after `after`, in replay order: items queued during a replay are reached by it. */
export function nextPendingItem(db: MirrorDatabase, after: number): OutboxItem | undefined {
  const row = reader(db, `SELECT * FROM outbox WHERE state = 'pending' AND outbox_id > ? ORDER BY outbox_id LIMIT 1`, outboxRow).get(after);
  return row && fromRow(row);
}

/** Looked up and not found on the server: the next send is a first send again. */
export function clearInFlight(db: MirrorDatabase, outbox_id: number): void {
  writer(db, 'UPDATE outbox SET in_flight_since = NULL WHERE outbox_id = ?').run(outbox_id);
}

/** The server reported the message with this local id: it was sent, the item goes. Its outbox_id, if it was queued. */
export function confirmSentMessage(db: MirrorDatabase, local_id: string): number | undefined {
  const found = reader(db, 'SELECT outbox_id FROM outbox WHERE local_id = ?', z.object({ outbox_id: z.number().int() })).get(local_id);
  if (found) removeOutboxItem(db, found.outbox_id);
  return found?.outbox_id;
}

/** Replaces an item's payload (a queued message's new text, say). */
export function updateOutboxPayload(db: MirrorDatabase, outbox_id: number, payload: Record<string, unknown>): void {
  writer(db, 'UPDATE outbox SET payload = ? WHERE outbox_id = ?').run(JSON.stringify(payload), outbox_id);
}
