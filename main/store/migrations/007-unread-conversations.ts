import type { Migration } from './migration';

/**
 * Unread counts per conversation, kept by triggers in the same transaction as each change to
 * unread_messages, so the sidebar and the Inbox read one row per conversation instead of
 * counting every unread message (issue 12 bench inbox.open_ms). Rows with nothing unread go.
 */
export const migration007: Migration = {
  version: 7,
  up: (db) => {
    db.exec(`
      CREATE TABLE unread_conversations (
        conversation TEXT NOT NULL UNIQUE,
        stream_id INTEGER,
        topic TEXT,
        unread INTEGER NOT NULL,
        mentions INTEGER NOT NULL,
        newest_message_id INTEGER NOT NULL
      );
      CREATE TRIGGER unread_conversations_insert AFTER INSERT ON unread_messages BEGIN
        INSERT INTO unread_conversations (conversation, stream_id, topic, unread, mentions, newest_message_id)
          VALUES (new.conversation, new.stream_id, new.topic, 1, new.mentioned, new.message_id)
          ON CONFLICT (conversation) DO UPDATE SET unread = unread + 1, mentions = mentions + excluded.mentions,
            newest_message_id = max(newest_message_id, excluded.newest_message_id);
      END;
      CREATE TRIGGER unread_conversations_delete AFTER DELETE ON unread_messages BEGIN
        DELETE FROM unread_conversations WHERE conversation = old.conversation AND unread <= 1;
        UPDATE unread_conversations SET unread = unread - 1, mentions = mentions - old.mentioned,
            newest_message_id = CASE WHEN newest_message_id = old.message_id
              THEN (SELECT max(message_id) FROM unread_messages WHERE conversation = old.conversation) ELSE newest_message_id END
          WHERE conversation = old.conversation;
      END;
      CREATE TRIGGER unread_conversations_update AFTER UPDATE ON unread_messages BEGIN
        SELECT raise(ABORT, 'unread_messages rows are deleted and inserted again, never updated');
      END;
      INSERT INTO unread_conversations (conversation, stream_id, topic, unread, mentions, newest_message_id)
        SELECT conversation, stream_id, topic, count(*), sum(mentioned), max(message_id) FROM unread_messages GROUP BY conversation;
    `);
  },
};
