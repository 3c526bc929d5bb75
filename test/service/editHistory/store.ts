// Each message's edits and moves, as real servers keep them: one entry per change of a message,
// naming who made it, when, and what it changed.
import type { Db } from '../db/schema';
import type { MessageEditRow } from '../db/rows';

/** What one edit changed of one message (a combined edit changes several kinds at once). */
export type MessageChange = Partial<Pick<MessageEditRow, 'prev_content' | 'prev_rendered_content' | 'prev_topic' | 'topic' | 'prev_stream' | 'stream'>>;

/** Keeps the changes one request made, each message's under the same editor and time. */
export function recordEdits(db: Db, edit: { user_id: number; timestamp: number }, changes: ReadonlyMap<number, MessageChange>): void {
  const insert = db.prepare(
    `INSERT INTO message_edits (message_id, user_id, timestamp, prev_content, prev_rendered_content, prev_topic, topic, prev_stream, stream)
     VALUES (@message_id, @user_id, @timestamp, @prev_content, @prev_rendered_content, @prev_topic, @topic, @prev_stream, @stream)`,
  );
  db.transaction(() => {
    for (const [messageId, change] of changes) {
      if (Object.keys(change).length === 0) continue;
      insert.run({
        message_id: messageId,
        ...edit,
        prev_content: change.prev_content ?? null,
        prev_rendered_content: change.prev_rendered_content ?? null,
        prev_topic: change.prev_topic ?? null,
        topic: change.topic ?? null,
        prev_stream: change.prev_stream ?? null,
        stream: change.stream ?? null,
      });
    }
  })();
}

/** The message's edits, newest first. */
export function editsOf(db: Db, messageId: number): MessageEditRow[] {
  return db.prepare('SELECT * FROM message_edits WHERE message_id = ? ORDER BY id DESC').all(messageId) as MessageEditRow[];
}
