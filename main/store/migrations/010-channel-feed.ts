import type { Migration } from './migration';

/**
 * A channel's messages, every topic interleaved, read newest first as one range (the channel
 * view), offline too: the channel a message is filed under, taken from its conversation key
 * (`channel:<stream_id>:<topic>`) by a virtual column, so no writer changes, and indexed with the
 * message id. Direct messages have none, and stay out of the index. The unread state is indexed
 * the same way, for the channel's first unread message.
 */
export const migration010: Migration = {
  version: 10,
  up: (db) => {
    db.exec(`
      ALTER TABLE messages ADD COLUMN stream_id INTEGER GENERATED ALWAYS AS (
        CASE WHEN conversation GLOB 'channel:*' THEN CAST(substr(conversation, 9, instr(substr(conversation, 9), ':') - 1) AS INTEGER) END
      ) VIRTUAL;
      CREATE INDEX messages_channel ON messages (stream_id, message_id) WHERE stream_id IS NOT NULL;
      CREATE INDEX unread_messages_channel ON unread_messages (stream_id, message_id) WHERE stream_id IS NOT NULL;
    `);
  },
};
