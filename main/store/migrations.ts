import type { Database } from 'better-sqlite3';

/**
 * The mirror's schema, as numbered steps. Step N brings a database from version N-1 to N;
 * the version is recorded in PRAGMA user_version inside the same transaction, so a crash
 * leaves the database at one version or the next, never between.
 *
 * Every record table keeps the server's full record in `json` (fields the spec does not
 * show survive) next to the columns the app queries.
 */
export const migrations: readonly ((db: Database) => void)[] = [
  // 1: the first schema.
  (db) => {
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
  // 2: what the app asked of each invitation link it created one at a time (the server's listing omits it).
  (db) => {
    db.exec(`
      CREATE TABLE invite_links (
        link_url TEXT PRIMARY KEY,
        stream_ids TEXT NOT NULL,
        group_ids TEXT NOT NULL,
        include_realm_default_subscriptions INTEGER NOT NULL
      ) WITHOUT ROWID;
    `);
  },
  // 3: an item's initial password moves out of its payload, into a column kept only while needed
  // (see main/admin/job-store.ts); those already there are kept only as long as that allows.
  (db) => {
    db.exec(`
      ALTER TABLE bulk_job_items ADD COLUMN secret TEXT;
      ALTER TABLE bulk_job_items ADD COLUMN secret_for_export INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE bulk_job_items ADD COLUMN secret_expires_at INTEGER;
      UPDATE bulk_job_items
        SET secret_for_export = coalesce(json_extract(payload, '$.generated'), 0),
            secret = nullif(json_extract(payload, '$.password'), '')
        WHERE state IN ('pending', 'running') OR (state = 'done' AND json_extract(payload, '$.generated') = 1);
      UPDATE bulk_job_items SET secret_expires_at = unixepoch() * 1000 + 86400000 WHERE state = 'done' AND secret IS NOT NULL;
      UPDATE bulk_job_items SET payload = json_remove(payload, '$.password') WHERE json_extract(payload, '$.password') IS NOT NULL;
      CREATE INDEX bulk_job_items_secret_expiry ON bulk_job_items (secret_expires_at) WHERE secret_expires_at IS NOT NULL;
    `);
  },
  // 4: unread messages as the server counts them (registration's unread_msgs, then events), cached
  // or not: the sidebar's and the Inbox's counts. The index covers counting by conversation.
  (db) => {
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
  // 5: offline search over cached messages (main/store/search.ts). Contentless: the text is in
  // messages.json already (an edit event brings the HTML as rendered_content, the source as content). Triggers kept it in the message writes' transaction (until migration 8); a flag change
  // leaves json alone and does not reindex.
  (db) => {
    db.exec(`
      CREATE VIRTUAL TABLE message_search USING fts5 (topic, content, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2');
      CREATE TRIGGER messages_search_insert AFTER INSERT ON messages BEGIN
        INSERT INTO message_search (rowid, topic, content) VALUES (new.message_id, json_extract(new.json, '$.subject'), html_text(coalesce(json_extract(new.json, '$.rendered_content'), json_extract(new.json, '$.content'))));
      END;
      CREATE TRIGGER messages_search_update AFTER UPDATE OF json ON messages WHEN old.json IS NOT new.json BEGIN
        DELETE FROM message_search WHERE rowid = old.message_id;
        INSERT INTO message_search (rowid, topic, content) VALUES (new.message_id, json_extract(new.json, '$.subject'), html_text(coalesce(json_extract(new.json, '$.rendered_content'), json_extract(new.json, '$.content'))));
      END;
      CREATE TRIGGER messages_search_delete AFTER DELETE ON messages BEGIN
        DELETE FROM message_search WHERE rowid = old.message_id;
      END;
      INSERT INTO message_search (rowid, topic, content) SELECT message_id, json_extract(json, '$.subject'), html_text(coalesce(json_extract(json, '$.rendered_content'), json_extract(json, '$.content'))) FROM messages;
    `);
  },
  // 6: a draft per conversation; messages sent offline wait in the outbox with the local id the
  // server echoes back, when their send last started (`in_flight_since`: the outcome is unknown
  // until looked up), the newest message id known then (a match must be newer), and how many
  // transient failures they met.
  (db) => {
    db.exec(`
      CREATE TABLE drafts (
        conversation TEXT PRIMARY KEY,
        content TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX drafts_updated_at ON drafts (updated_at);
      ALTER TABLE outbox ADD COLUMN local_id TEXT;
      ALTER TABLE outbox ADD COLUMN in_flight_since INTEGER;
      ALTER TABLE outbox ADD COLUMN sent_after_id INTEGER;
      ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
      CREATE UNIQUE INDEX outbox_local_id ON outbox (local_id) WHERE local_id IS NOT NULL;
      CREATE INDEX outbox_record_key ON outbox (record_key, outbox_id);
    `);
  },
  // 7: unread counts per conversation, kept by triggers in the same transaction as each change to
  // unread_messages, so the sidebar and the Inbox read one row per conversation instead of
  // counting every unread message (issue 12 bench inbox.open_ms). Rows with nothing unread go.
  (db) => {
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
  // 8: the search index is written by the message writes themselves (main/store/search-index.ts),
  // from the message as parsed: these triggers parsed its JSON again for every message written.
  (db) => {
    db.exec(`
      DROP TRIGGER messages_search_insert;
      DROP TRIGGER messages_search_update;
      DROP TRIGGER messages_search_delete;
    `);
  },
];
