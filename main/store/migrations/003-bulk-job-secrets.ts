import type { Migration } from './migration';

/**
 * An item's initial password moves out of its payload, into a column kept only while needed
 * (see main/admin/job-store.ts); those already there are kept only as long as that allows.
 */
export const migration003: Migration = {
  version: 3,
  up: (db) => {
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
};
