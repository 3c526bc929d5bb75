import { expect, it } from 'vitest';
import { schemaVersion } from '../../../../main/store/migrations/runner';
import { mirrorAt } from './at-version';

it('migration 1 makes an empty file the first schema: every record table, the event queue, the outbox and bulk jobs', () => {
  const empty = mirrorAt(0);
  expect(empty.db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get()).toEqual({ n: 0 });
  const db = empty.migrateTo(1);
  expect(schemaVersion(db)).toBe(1);
  expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all()).toEqual([
    'bulk_job_items',
    'bulk_jobs',
    'channel_folders',
    'channels',
    'custom_profile_fields',
    'event_queue',
    'linkifiers',
    'messages',
    'outbox',
    'realm',
    'saved_snippets',
    'scheduled_messages',
    'sqlite_sequence',
    'subscriptions',
    'user_status',
    'user_topics',
    'users',
  ]);
  db.close();
});
