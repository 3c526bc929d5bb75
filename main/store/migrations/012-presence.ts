import type { Migration } from './migration';

/**
 * Presence (issue 24): each user's last active and last connected times as the server last
 * reported them, kept with the server's clock at that report, so who is active, idle or offline
 * reads the same after a restart until the next report.
 */
export const migration012: Migration = {
  version: 12,
  up: (db) => {
    db.exec(`
      CREATE TABLE presence (
        user_id INTEGER PRIMARY KEY,
        active_timestamp INTEGER NOT NULL,
        idle_timestamp INTEGER NOT NULL
      );
      -- The server's clock when it last reported, against this computer's (ms), and the report's update id.
      CREATE TABLE presence_report (
        singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
        server_timestamp REAL NOT NULL,
        received_at INTEGER NOT NULL,
        last_update_id INTEGER
      );
    `);
  },
};
