import type { Migration } from './migration';

/**
 * A message the server answered for stays in the outbox, with the id the server gave it, until its
 * event files it in the mirror (in the same transaction): it is shown as sent all the while,
 * never in neither place.
 */
export const migration009: Migration = {
  version: 9,
  up: (db) => {
    db.exec(`
      ALTER TABLE outbox ADD COLUMN sent_message_id INTEGER;
      CREATE INDEX outbox_sent_message_id ON outbox (sent_message_id) WHERE sent_message_id IS NOT NULL;
    `);
  },
};
