// Submessages, kept per message in the order they came: the widget a message carries, then each
// action on it.
import type { Db } from '../db/schema';
import type { SubmessageRow } from '../db/rows';

export function storeSubmessage(db: Db, submessage: Omit<SubmessageRow, 'id'>): SubmessageRow {
  const { lastInsertRowid } = db
    .prepare('INSERT INTO submessages (message_id, sender_id, msg_type, content) VALUES (@message_id, @sender_id, @msg_type, @content)')
    .run(submessage);
  return { id: Number(lastInsertRowid), ...submessage };
}

export function submessagesOf(db: Db, messageId: number): SubmessageRow[] {
  return db.prepare('SELECT * FROM submessages WHERE message_id = ? ORDER BY id').all(messageId) as SubmessageRow[];
}

