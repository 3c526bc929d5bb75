import type { Migration } from './migration';

/**
 * A draft per conversation; messages sent offline wait in the outbox with the local id the
 * server echoes back, when their send last started (`in_flight_since`: the outcome is unknown
 * until looked up), the newest message id known then (a match must be newer), and how many
 * transient failures they met.
 */
export const migration006: Migration = {
  version: 6,
  up: (db) => {
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
};
