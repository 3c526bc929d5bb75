import type { Migration } from './migration';

/**
 * Offline search over cached messages (main/store/search.ts). Contentless: the text is in
 * messages.json already (an edit event brings the HTML as rendered_content, the source as content). Triggers kept it in the message writes' transaction (until migration 8); a flag change
 * leaves json alone and does not reindex.
 */
export const migration005: Migration = {
  version: 5,
  up: (db) => {
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
};
