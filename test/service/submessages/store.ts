// Submessages, kept per message in the order they came: the widget a message carries, then each
// action on it.
import type { Db } from '../db/schema';
import type { SubmessageRow } from '../db/rows';
import { widgetTypeOf } from './widgetData';

export function storeSubmessage(db: Db, submessage: Omit<SubmessageRow, 'id'>): SubmessageRow {
  const { lastInsertRowid } = db
    .prepare('INSERT INTO submessages (message_id, sender_id, msg_type, content) VALUES (@message_id, @sender_id, @msg_type, @content)')
    .run(submessage);
  return { id: Number(lastInsertRowid), ...submessage };
}

export function submessagesOf(db: Db, messageId: number): SubmessageRow[] {
  return db.prepare('SELECT * FROM submessages WHERE message_id = ? ORDER BY id').all(messageId) as SubmessageRow[];
}

/** The message's widget: named by its first "widget" submessage (null without one). */
export function messageWidgetType(db: Db, messageId: number): string | null {
  const content = db.prepare("SELECT content FROM submessages WHERE message_id = ? AND msg_type = 'widget' ORDER BY id LIMIT 1").pluck().get(messageId);
  return typeof content === 'string' ? widgetTypeOf(content) : null;
}

/** Anyone may add to a message once its sender has; before that only the sender may. */
export function senderHasAttached(db: Db, messageId: number, senderId: number): boolean {
  return db.prepare('SELECT 1 FROM submessages WHERE message_id = ? AND sender_id = ?').get(messageId, senderId) !== undefined;
}
