import type { Migration } from './migration';

/**
 * What the app asked of each invitation link it created one at a time (the server's listing omits it).
 */
export const migration002: Migration = {
  version: 2,
  up: (db) => {
    db.exec(`
      CREATE TABLE invite_links (
        link_url TEXT PRIMARY KEY,
        stream_ids TEXT NOT NULL,
        group_ids TEXT NOT NULL,
        include_realm_default_subscriptions INTEGER NOT NULL
      ) WITHOUT ROWID;
    `);
  },
};
