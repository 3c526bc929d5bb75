import type { Migration } from './migration';

/**
 * A queued message carries the staged files its text links (`staged_ids`, a JSON array), uploaded
 * before it is sent and removed once it is; and the local ids messages were queued with are
 * remembered after their items leave the outbox, so a send repeated with the same local id (one
 * compose attempt) never makes a second message.
 */
export const migration013: Migration = {
  version: 13,
  up: (db) => {
    db.exec(`
      ALTER TABLE outbox ADD COLUMN staged_ids TEXT NOT NULL DEFAULT '[]';
      CREATE TABLE used_local_ids (
        local_id TEXT PRIMARY KEY,
        outbox_id INTEGER NOT NULL,
        created_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX used_local_ids_created_at ON used_local_ids (created_at);
      INSERT OR IGNORE INTO used_local_ids (local_id, outbox_id, created_at)
        SELECT local_id, outbox_id, created_at FROM outbox WHERE local_id IS NOT NULL;
    `);
  },
};
