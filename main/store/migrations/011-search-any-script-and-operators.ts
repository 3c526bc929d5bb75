import { z } from 'zod';
import type { Message } from '../../../shared/api/records';
import { contentKinds, indexedHtml } from '../search-index';
import { searchableText } from '../search-text';
import type { Migration } from './migration';

const BATCH = 2_000;
const row = z.object({ message_id: z.number(), json: z.string() });

/**
 * Search that finds any script and answers the search box's operators offline (issue 24, issue
 * 26 item 11). The index is written again from every cached message as search-text.ts holds text
 * now (CJK runs as pairs of characters, emoji by code point): the old index had a run of Chinese
 * or Japanese as one token and no emoji at all. The same pass fills what `sender:` and `has:`
 * ask of a message, as columns the message writes keep from now on; an index per `has:` kind
 * holds only the messages that have it.
 */
export const migration011: Migration = {
  version: 11,
  up: (db) => {
    db.exec(`
      INSERT INTO message_search (message_search) VALUES ('delete-all');
      ALTER TABLE messages ADD COLUMN sender_id INTEGER;
      ALTER TABLE messages ADD COLUMN has_link INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE messages ADD COLUMN has_image INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE messages ADD COLUMN has_attachment INTEGER NOT NULL DEFAULT 0;
    `);
    const read = db.prepare('SELECT message_id, json FROM messages WHERE message_id > ? ORDER BY message_id LIMIT ?');
    const index = db.prepare('INSERT INTO message_search (rowid, topic, content) VALUES (?, ?, ?)');
    const fill = db.prepare('UPDATE messages SET sender_id = ?, has_link = ?, has_image = ?, has_attachment = ? WHERE message_id = ?');
    for (let after = 0; ; ) {
      const rows = z.array(row).parse(read.all(after, BATCH));
      if (rows.length === 0) break;
      for (const { message_id, json } of rows) {
        // Each was checked against the spec's schema when it came from the server.
        const message: Message = JSON.parse(json);
        index.run(message_id, searchableText(message.subject), indexedHtml(message.rendered_content ?? message.content));
        const kinds = contentKinds(message);
        fill.run(message.sender_id, Number(kinds.has_link), Number(kinds.has_image), Number(kinds.has_attachment), message_id);
      }
      after = rows.at(-1)!.message_id;
    }
    db.exec(`
      CREATE INDEX messages_with_link ON messages (message_id) WHERE has_link = 1;
      CREATE INDEX messages_with_image ON messages (message_id) WHERE has_image = 1;
      CREATE INDEX messages_with_attachment ON messages (message_id) WHERE has_attachment = 1;
    `);
  },
};
