import type { Migration } from './migration';

/**
 * The search index is written by the message writes themselves (main/store/search-index.ts),
 * from the message as parsed: these triggers parsed its JSON again for every message written.
 */
export const migration008: Migration = {
  version: 8,
  up: (db) => {
    db.exec(`
      DROP TRIGGER messages_search_insert;
      DROP TRIGGER messages_search_update;
      DROP TRIGGER messages_search_delete;
    `);
  },
};
