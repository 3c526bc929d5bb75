import type { Migration } from './migration';

/**
 * Unread messages as the server counts them (registration's unread_msgs, then events), cached
 * or not: the sidebar's and the Inbox's counts. The index covers counting by conversation.
 */
export const migration004: Migration = {
  version: 4,
  up: (db) => {
    db.exec(`
      CREATE TABLE unread_messages (
        message_id INTEGER PRIMARY KEY,
        conversation TEXT NOT NULL,
        stream_id INTEGER,
        topic TEXT,
        mentioned INTEGER NOT NULL
      );
      CREATE INDEX unread_messages_conversation ON unread_messages (conversation, stream_id, topic, mentioned);
    `);
  },
};
