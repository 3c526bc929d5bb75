import { z } from 'zod';
import type { OutboxItemView } from '../../shared/outbox-records';
import type { MirrorDatabase } from './database';
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
] as const;
export type DeferrableOperation = (typeof DEFERRABLE_OPERATIONS)[number];

export interface OutboxItem extends OutboxItemView {
  kind: DeferrableOperation;
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
});
const payloadShape = z.record(z.string(), z.unknown());

const fromRow = (row: z.infer<typeof outboxRow>): OutboxItem => ({ ...row, payload: jsonColumn(row.payload, payloadShape) });

export function enqueueOutbox(
  db: MirrorDatabase,
  item: { kind: DeferrableOperation; record_key: string; payload: Record<string, unknown> },
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
  writer(db, `UPDATE outbox SET state = 'failed', error_code = ?, error_msg = ? WHERE outbox_id = ?`).run(error_code, error_msg, outbox_id);
}

/** The user asks to try a refused item again: it goes back in line. */
export function retryOutboxItem(db: MirrorDatabase, outbox_id: number): void {
  writer(db, `UPDATE outbox SET state = 'pending', error_code = NULL, error_msg = NULL WHERE outbox_id = ?`).run(outbox_id);
}
