import type { Migration } from './migration';

/**
 * A channel's topic history as its server listed it (GET /users/me/{stream_id}/topics): the
 * topics of messages never cached, so a channel lists its old topics too, offline as well. One row
 * per topic, in the case the server last saw; `max_id` is its newest message.
 */
export const migration014: Migration = {
  version: 14,
  up: (db) => {
    db.exec(`
      CREATE TABLE topic_history (
        stream_id INTEGER NOT NULL,
        topic TEXT NOT NULL,
        max_id INTEGER NOT NULL,
        PRIMARY KEY (stream_id, topic)
      ) WITHOUT ROWID;
    `);
  },
};
