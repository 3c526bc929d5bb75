import type { OutboxItemView } from '../../shared/outbox-records';
import type { MirrorDatabase } from './database';
import { prepared } from './keyed-table';

/** The operations that may wait for the network: taken offline, replayed in order on reconnect. */
export const DEFERRABLE_OPERATIONS = [
  'editSavedSnippet',
  'createScheduledMessage',
  'editScheduledMessage',
  'updateMessageFlags',
  'updateUserTopic',
  'removeReaction',
] as const;
export type DeferrableOperation = (typeof DEFERRABLE_OPERATIONS)[number];

export interface OutboxItem extends OutboxItemView {
  kind: DeferrableOperation;
}

interface OutboxRow extends Omit<OutboxItem, 'payload'> {
  payload: string;
}

const fromRow = (row: OutboxRow): OutboxItem => ({ ...row, payload: JSON.parse(row.payload) as Record<string, unknown> });

export function enqueueOutbox(
  db: MirrorDatabase,
  item: { kind: DeferrableOperation; record_key: string; payload: Record<string, unknown> },
  now: number = Date.now(),
): number {
  const result = prepared(
    db,
    `INSERT INTO outbox (kind, record_key, payload, state, created_at) VALUES (?, ?, ?, 'pending', ?)`,
  ).run(item.kind, item.record_key, JSON.stringify(item.payload), now);
  return Number(result.lastInsertRowid);
}

/** Every item, oldest first: pending ones in replay order, failed ones waiting for the user. */
export function outboxItems(db: MirrorDatabase, state?: OutboxItem['state']): OutboxItem[] {
  const rows = (state
    ? prepared(db, 'SELECT * FROM outbox WHERE state = ? ORDER BY outbox_id').all(state)
    : prepared(db, 'SELECT * FROM outbox ORDER BY outbox_id').all()) as OutboxRow[];
  return rows.map(fromRow);
}

export function removeOutboxItem(db: MirrorDatabase, outbox_id: number): void {
  prepared(db, 'DELETE FROM outbox WHERE outbox_id = ?').run(outbox_id);
}

/** The server refused the replay: kept, with its answer, for the user to see and decide. */
export function failOutboxItem(db: MirrorDatabase, outbox_id: number, error_code: string, error_msg: string): void {
  prepared(db, `UPDATE outbox SET state = 'failed', error_code = ?, error_msg = ? WHERE outbox_id = ?`).run(error_code, error_msg, outbox_id);
}

/** The user asks to try a refused item again: it goes back in line. */
export function retryOutboxItem(db: MirrorDatabase, outbox_id: number): void {
  prepared(db, `UPDATE outbox SET state = 'pending', error_code = NULL, error_msg = NULL WHERE outbox_id = ?`).run(outbox_id);
}
