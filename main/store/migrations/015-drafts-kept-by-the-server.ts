import type { Migration } from './migration';

/**
 * Drafts kept by the server too (the family's `/drafts`). A draft's `server_id` is the server's
 * copy of it, and `server_content` what that copy holds: a draft whose text differs is sent again.
 * `server_content` without `server_id` is a creation that may have reached the server: its answer
 * (or the next registration, after a crash) names the copy, so none is made twice.
 * `draft_removals` are server copies to delete: of drafts sent or deleted here. One whose creation
 * was still unanswered is known by its conversation and text until the server names it.
 */
export const migration015: Migration = {
  version: 15,
  up: (db) => {
    db.exec(`
      ALTER TABLE drafts ADD COLUMN server_id INTEGER;
      ALTER TABLE drafts ADD COLUMN server_content TEXT;
      CREATE UNIQUE INDEX drafts_server_id ON drafts (server_id) WHERE server_id IS NOT NULL;
      CREATE TABLE draft_removals (
        removal_id INTEGER PRIMARY KEY,
        server_id INTEGER UNIQUE,
        conversation TEXT,
        content TEXT
      );
    `);
  },
};
