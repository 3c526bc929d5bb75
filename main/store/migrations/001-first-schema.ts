import type { Migration } from './migration';

/**
 * The first schema. Every record table keeps the server's full record in `json` (fields the spec
 * does not show survive) next to the columns the app queries.
 */
export const migration001: Migration = {
  version: 1,
  up: (db) => {
    db.exec(`
      CREATE TABLE realm (
        key TEXT PRIMARY KEY,
        json TEXT NOT NULL
      ) WITHOUT ROWID;

      CREATE TABLE users (
        user_id INTEGER PRIMARY KEY,
        full_name TEXT NOT NULL,
        -- full_name folded for sorting and prefix search: lower case, no diacritics.
        sort_name TEXT NOT NULL COLLATE NOCASE,
        email TEXT NOT NULL COLLATE NOCASE,
        delivery_email TEXT COLLATE NOCASE,
        role INTEGER,
        is_active INTEGER NOT NULL,
        is_bot INTEGER NOT NULL,
        json TEXT NOT NULL
      );
      -- NOCASE columns and indexes let a prefix LIKE use the index.
      CREATE INDEX users_sort_name ON users (sort_name, user_id);
      -- The directory's first screen: active users in name order, and how many there are.
      CREATE INDEX users_active_sort_name ON users (is_active, sort_name, user_id);
      CREATE INDEX users_email ON users (email);
      CREATE INDEX users_delivery_email ON users (delivery_email);
      CREATE TABLE user_status (
        user_id INTEGER PRIMARY KEY,
        json TEXT NOT NULL
      );

      CREATE TABLE channels (
        stream_id INTEGER PRIMARY KEY,
        name TEXT NOT NULL COLLATE NOCASE,
        folder_id INTEGER,
        is_archived INTEGER NOT NULL,
        invite_only INTEGER NOT NULL,
        is_web_public INTEGER NOT NULL,
        -- The listing's columns, so listing 10,000 channels never reads the full records.
        rendered_description TEXT NOT NULL,
        json TEXT NOT NULL
      );
      CREATE INDEX channels_folder ON channels (is_archived, folder_id, name);
      CREATE INDEX channels_name ON channels (name);

      CREATE TABLE subscriptions (
        stream_id INTEGER PRIMARY KEY,
        json TEXT NOT NULL
      );

      CREATE TABLE channel_folders (
        channel_folder_id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        is_archived INTEGER NOT NULL,
        json TEXT NOT NULL
      );

      CREATE TABLE saved_snippets (
        saved_snippet_id INTEGER PRIMARY KEY,
        json TEXT NOT NULL
      );

      CREATE TABLE scheduled_messages (
        scheduled_message_id INTEGER PRIMARY KEY,
        scheduled_delivery_timestamp INTEGER NOT NULL,
        failed INTEGER NOT NULL,
        json TEXT NOT NULL
      );
      CREATE INDEX scheduled_messages_time ON scheduled_messages (scheduled_delivery_timestamp);

      CREATE TABLE custom_profile_fields (
        id INTEGER PRIMARY KEY,
        position INTEGER NOT NULL,
        json TEXT NOT NULL
      );

      CREATE TABLE linkifiers (
        filter_id INTEGER PRIMARY KEY,
        position INTEGER NOT NULL,
        json TEXT NOT NULL
      );

      CREATE TABLE user_topics (
        stream_id INTEGER NOT NULL,
        topic_name TEXT NOT NULL,
        visibility_policy INTEGER NOT NULL,
        last_updated INTEGER,
        PRIMARY KEY (stream_id, topic_name)
      ) WITHOUT ROWID;

      -- Recent messages per conversation: a channel topic or a direct-message group.
      CREATE TABLE messages (
        message_id INTEGER PRIMARY KEY,
        conversation TEXT NOT NULL,
        timestamp INTEGER NOT NULL,
        flags TEXT NOT NULL,
        json TEXT NOT NULL
      );
      CREATE INDEX messages_conversation ON messages (conversation, message_id);

      -- The registered event queue: one row.
      CREATE TABLE event_queue (
        singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
        queue_id TEXT NOT NULL,
        last_event_id INTEGER NOT NULL,
        registered_at INTEGER NOT NULL
      );

      -- Actions taken offline that can wait, replayed in order on reconnect.
      CREATE TABLE outbox (
        outbox_id INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL,
        record_key TEXT NOT NULL,
        payload TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'failed')),
        error_code TEXT,
        error_msg TEXT,
        created_at INTEGER NOT NULL
      );

      -- Bulk jobs: every item is stored, with its state, before anything is sent.
      CREATE TABLE bulk_jobs (
        job_id INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL,
        state TEXT NOT NULL,
        settings TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE bulk_job_items (
        job_id INTEGER NOT NULL REFERENCES bulk_jobs (job_id) ON DELETE CASCADE,
        item_index INTEGER NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'running', 'done', 'failed', 'skipped')),
        payload TEXT NOT NULL,
        result TEXT,
        error_code TEXT,
        error_msg TEXT,
        PRIMARY KEY (job_id, item_index)
      ) WITHOUT ROWID;
    `);
  },
};
