import { z } from 'zod';
import { CONVERSATION_RECORD, conversationOfRecordKey, outboxRecordKey, type OutboxItemView } from '../../shared/outbox-records';
import type { ConversationKey } from '../../shared/conversation';
import { stagedIdsIn } from '../../shared/staged-links';
import type { ChangeSink } from './changes';
import type { MirrorDatabase, ReadOnlyMirror } from './database';
import { deleteDraft } from './drafts';
import { jsonColumn, reader, writer } from './statements';

/** The operations that may wait for the network: taken offline, replayed in order on reconnect. */
export const DEFERRABLE_OPERATIONS = [
  'editSavedSnippet',
  'createScheduledMessage',
  'editScheduledMessage',
  'updateMessageFlags',
  'markNarrowRead',
  'markNarrowUnreadFrom',
  'updateUserTopic',
  'updateSubscriptionSettings',
  'updateOwnStatus',
  'updateSettings',
  'addAlertWords',
  'removeAlertWords',
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
  /** A message the server took: its id there, while the item waits for the event that files it. */
  sent_message_id: number | null;
  /** The staged files a message's text links (by placeholder), uploaded before it is sent. */
  staged_ids: string[];
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
  sent_message_id: z.number().int().nullable(),
  staged_ids: z.string(),
});
const payloadShape = z.record(z.string(), z.unknown());
const recordKeyRow = z.object({ record_key: z.string() });
const idRow = z.object({ outbox_id: z.number().int() });
const messageIdRow = z.object({ message_id: z.number() });

const stagedIdsShape = z.array(z.string());
const stagedIdsRow = z.object({ staged_ids: z.string(), content: z.string().nullable() });

const fromRow = (row: z.infer<typeof outboxRow>): OutboxItem => ({
  ...row,
  payload: jsonColumn(row.payload, payloadShape),
  staged_ids: jsonColumn(row.staged_ids, stagedIdsShape),
});

/** Reports a change to the items about `record_key`: a conversation's messages touch that conversation. */
function reportRecord(changes: ChangeSink, record_key: string): void {
  changes.add('outbox', record_key);
  const conversation = conversationOfRecordKey(record_key);
  if (conversation !== undefined) changes.touch(conversation);
}

function reportItem(db: MirrorDatabase, outbox_id: number, changes: ChangeSink): void {
  const found = reader(db, 'SELECT record_key FROM outbox WHERE outbox_id = ?', recordKeyRow).get(outbox_id);
  if (found) reportRecord(changes, found.record_key);
}

export function enqueueOutbox(
  db: MirrorDatabase,
  item: { kind: DeferrableOperation; record_key: string; payload: object },
  changes: ChangeSink,
  now: number = Date.now(),
): number {
  const result = writer(
    db,
    `INSERT INTO outbox (kind, record_key, payload, state, created_at) VALUES (?, ?, ?, 'pending', ?)`,
  ).run(item.kind, item.record_key, JSON.stringify(item.payload), now);
  reportRecord(changes, item.record_key);
  return Number(result.lastInsertRowid);
}

/** Every item, oldest first: pending ones in replay order, failed ones waiting for the user. */
export function outboxItems(db: ReadOnlyMirror, state?: OutboxItem['state']): OutboxItem[] {
  const rows = state
    ? reader(db, 'SELECT * FROM outbox WHERE state = ? ORDER BY outbox_id', outboxRow).all(state)
    : reader(db, 'SELECT * FROM outbox ORDER BY outbox_id', outboxRow).all();
  return rows.map(fromRow);
}

export function removeOutboxItem(db: MirrorDatabase, outbox_id: number, changes: ChangeSink): void {
  reportItem(db, outbox_id, changes);
  writer(db, 'DELETE FROM outbox WHERE outbox_id = ?').run(outbox_id);
}

/**
 * The server refused the replay, or the replay gave up: kept, with its answer, for the user to see
 * and decide. A message whose send may have reached the server keeps its in-flight mark (only a
 * lookup that answered clears it): it may have been sent, and is looked up before it is sent again.
 */
export function failOutboxItem(db: MirrorDatabase, outbox_id: number, error_code: string, error_msg: string, changes: ChangeSink): void {
  writer(db, `UPDATE outbox SET state = 'failed', error_code = ?, error_msg = ? WHERE outbox_id = ?`).run(error_code, error_msg, outbox_id);
  reportItem(db, outbox_id, changes);
}

/** The user asks to try a refused item again: it goes back in line, with a fresh count of attempts (an in-flight mark stays: it is looked up first). */
export function retryOutboxItem(db: MirrorDatabase, outbox_id: number, changes: ChangeSink): void {
  writer(db, `UPDATE outbox SET state = 'pending', error_code = NULL, error_msg = NULL, attempts = 0 WHERE outbox_id = ? AND state = 'failed'`).run(outbox_id);
  reportItem(db, outbox_id, changes);
}

/** How long a local id is remembered after its message was queued: far longer than any resend of one compose attempt. */
export const LOCAL_ID_MEMORY_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * A message to send, queued in line behind everything already waiting, with the staged files its
 * text links; in the same transaction its conversation's draft is cleared, the item it replaces
 * (a scheduled message sent now) goes, and its local id is remembered (usedLocalId).
 */
export function enqueueMessage(
  db: MirrorDatabase,
  item: { conversation: ConversationKey; local_id: string; payload: Record<string, unknown>; replaces?: number; staged_ids?: readonly string[] },
  changes: ChangeSink,
  now: number = Date.now(),
): number {
  return db.transaction(() => {
    deleteDraft(db, item.conversation, changes);
    if (item.replaces !== undefined) removeOutboxItem(db, item.replaces, changes);
    const record_key = outboxRecordKey({ table: 'conversations', conversation: item.conversation });
    const result = writer(
      db,
      `INSERT INTO outbox (kind, record_key, payload, state, created_at, local_id, staged_ids) VALUES ('sendMessage', ?, ?, 'pending', ?, ?, ?)`,
    ).run(record_key, JSON.stringify(item.payload), now, item.local_id, JSON.stringify(item.staged_ids ?? []));
    const outbox_id = Number(result.lastInsertRowid);
    writer(db, 'DELETE FROM used_local_ids WHERE created_at < ?').run(now - LOCAL_ID_MEMORY_MS);
    writer(db, 'INSERT OR IGNORE INTO used_local_ids (local_id, outbox_id, created_at) VALUES (?, ?, ?)').run(item.local_id, outbox_id, now);
    reportRecord(changes, record_key);
    return outbox_id;
  })();
}

/** The outbox item a message was queued as with this local id, whether or not it is still in the outbox. */
export function usedLocalId(db: ReadOnlyMirror, local_id: string): number | undefined {
  return reader(db, 'SELECT outbox_id FROM used_local_ids WHERE local_id = ?', idRow).get(local_id)?.outbox_id;
}

/** Every staged file the outbox still needs: those its messages carry, and those their texts name. */
export function stagedIdsInOutbox(db: ReadOnlyMirror): Set<string> {
  const rows = reader(db, `SELECT staged_ids, json_extract(payload, '$.content') AS content FROM outbox WHERE kind = 'sendMessage'`, stagedIdsRow).all();
  return new Set(rows.flatMap((row) => [...jsonColumn(row.staged_ids, stagedIdsShape), ...stagedIdsIn(row.content ?? '')]));
}

export function outboxItem(db: ReadOnlyMirror, outbox_id: number): OutboxItem | undefined {
  const row = reader(db, 'SELECT * FROM outbox WHERE outbox_id = ?', outboxRow).get(outbox_id);
  return row && fromRow(row);
}

/** A queued message as its conversation lists it. */
export interface QueuedMessage extends OutboxItem {
  /** The conversation's messages dated after the second it was written in: sent now, it lands after them. */
  newer: number;
}

const queuedRow = outboxRow.extend({ newer: z.number().int() });

/**
 * Messages in the outbox whose record key matches (`= ?` or `GLOB ?`), in send order: waiting,
 * refused, or sent and waiting for their event (until a fetch or that event files them in their
 * conversation); each with how many of its conversation's messages are newer than it.
 */
function queued(db: ReadOnlyMirror, match: '=' | 'GLOB', record_key: string): QueuedMessage[] {
  return reader(
    db,
    `SELECT o.*, (SELECT count(*) FROM messages n WHERE n.conversation = substr(o.record_key, ?) AND n.timestamp > o.created_at / 1000) AS newer
       FROM outbox o WHERE kind = 'sendMessage' AND record_key ${match} ?
       AND (sent_message_id IS NULL OR NOT EXISTS (SELECT 1 FROM messages m WHERE m.message_id = o.sent_message_id))
     ORDER BY outbox_id`,
    queuedRow,
  )
    .all(CONVERSATION_RECORD.length + 1, record_key)
    .map((row) => ({ ...fromRow(row), newer: row.newer }));
}

/** The messages of one conversation still in the outbox, in send order. */
export function queuedMessages(db: ReadOnlyMirror, conversation: ConversationKey): QueuedMessage[] {
  return queued(db, '=', outboxRecordKey({ table: 'conversations', conversation }));
}

/** The messages still in the outbox of every conversation whose key starts so (a channel's topics, or all), in send order. */
export function queuedMessagesUnder(db: ReadOnlyMirror, keyPrefix: string): QueuedMessage[] {
  return queued(db, 'GLOB', `${outboxRecordKey({ table: 'conversations', conversation: keyPrefix })}*`);
}

/** Whether any message is waiting to be sent: a new one then queues behind it, to keep the order. */
export function hasQueuedMessages(db: ReadOnlyMirror): boolean {
  return (
    reader(db, `SELECT outbox_id FROM outbox WHERE kind = 'sendMessage' AND state = 'pending' AND sent_message_id IS NULL LIMIT 1`, z.object({ outbox_id: z.number() })).get() !==
    undefined
  );
}

/** Recorded before the request leaves: until it is cleared, the item's outcome is unknown. */
export function markInFlight(db: MirrorDatabase, outbox_id: number, sent_after_id: number, now: number = Date.now()): void {
  writer(db, 'UPDATE outbox SET in_flight_since = ?, sent_after_id = ? WHERE outbox_id = ?').run(now, sent_after_id, outbox_id);
}

/** A transient failure (network, server error, rate limit): counted, and its reason kept for the user to see. */
export function noteTransientFailure(db: MirrorDatabase, outbox_id: number, error_code: string, error_msg: string, changes: ChangeSink): void {
  writer(db, 'UPDATE outbox SET attempts = attempts + 1, error_code = ?, error_msg = ? WHERE outbox_id = ?').run(error_code, error_msg, outbox_id);
  reportItem(db, outbox_id, changes);
}

/** The next item waiting after `after`, in replay order: items queued during a replay are reached by it. */
export function nextPendingItem(db: ReadOnlyMirror, after: number): OutboxItem | undefined {
  const row = reader(db, `SELECT * FROM outbox WHERE state = 'pending' AND sent_message_id IS NULL AND outbox_id > ? ORDER BY outbox_id LIMIT 1`, outboxRow).get(after);
  return row && fromRow(row);
}

/** Looked up and not found on the server: the next send is a first send again. */
export function clearInFlight(db: MirrorDatabase, outbox_id: number): void {
  writer(db, 'UPDATE outbox SET in_flight_since = NULL WHERE outbox_id = ?').run(outbox_id);
}

/**
 * The server has the item's message, as `message_id`: the item stays, shown sent, until the
 * message is filed in the mirror (its event, or a fetch), which removes it. Already filed, it goes now.
 */
export function markSent(db: MirrorDatabase, outbox_id: number, message_id: number, changes: ChangeSink): void {
  const filed = reader(db, 'SELECT message_id FROM messages WHERE message_id = ?', messageIdRow).get(message_id) !== undefined;
  if (filed) {
    removeOutboxItem(db, outbox_id, changes);
    return;
  }
  writer(db, 'UPDATE outbox SET sent_message_id = ?, in_flight_since = NULL WHERE outbox_id = ?').run(message_id, outbox_id);
  reportItem(db, outbox_id, changes);
}

/** Sent messages still waiting for the event that files them, oldest first. */
export function sentMessagesAwaitingEvent(db: ReadOnlyMirror): OutboxItem[] {
  return reader(db, `SELECT * FROM outbox WHERE sent_message_id IS NOT NULL ORDER BY outbox_id`, outboxRow).all().map(fromRow);
}

/**
 * A message of this app's was filed in the mirror: the server's event names it by the local id it
 * was sent with (or, sent without one, by its id); its item leaves the outbox in the same transaction.
 */
export function confirmSentMessage(db: MirrorDatabase, message: { local_id: string | undefined; message_id: number }, changes: ChangeSink): void {
  // Each through its index: every message event asks, and almost none is this app's.
  const found = [
    ...reader(db, 'SELECT outbox_id FROM outbox WHERE sent_message_id = ?', idRow).all(message.message_id),
    ...(message.local_id === undefined ? [] : reader(db, 'SELECT outbox_id FROM outbox WHERE local_id = ?', idRow).all(message.local_id)),
  ];
  for (const outbox_id of new Set(found.map((row) => row.outbox_id))) removeOutboxItem(db, outbox_id, changes);
}

/** Replaces an item's payload (a queued message's new text, say). */
export function updateOutboxPayload(db: MirrorDatabase, outbox_id: number, payload: Record<string, unknown>, changes: ChangeSink): void {
  writer(db, 'UPDATE outbox SET payload = ? WHERE outbox_id = ?').run(JSON.stringify(payload), outbox_id);
  reportItem(db, outbox_id, changes);
}
