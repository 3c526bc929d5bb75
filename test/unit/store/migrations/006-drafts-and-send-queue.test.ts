import { expect, it } from 'vitest';
import { schemaVersion } from '../../../../main/store/migrations/runner';
import { mirrorAt } from './at-version';

it('migration 6 keeps the outbox written before it (not in flight, no failures counted) and adds an empty drafts table', () => {
  const old = mirrorAt(5);
  old.db
    .prepare("INSERT INTO outbox (kind, record_key, payload, state, created_at) VALUES ('editSavedSnippet', 'saved_snippets:3', ?, 'pending', 1700000000)")
    .run(JSON.stringify({ saved_snippet_id: 3, title: 'Hi' }));

  const db = old.migrateTo(6);
  expect(schemaVersion(db)).toBe(6);
  expect(db.prepare('SELECT kind, state, local_id, in_flight_since, sent_after_id, attempts FROM outbox').all()).toEqual([
    { kind: 'editSavedSnippet', state: 'pending', local_id: null, in_flight_since: null, sent_after_id: null, attempts: 0 },
  ]);
  expect(db.prepare('SELECT count(*) FROM drafts').pluck().get()).toBe(0);
  db.close();
});
