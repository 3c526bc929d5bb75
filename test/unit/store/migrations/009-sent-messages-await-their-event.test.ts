import { expect, it } from 'vitest';
import { mirrorAt } from './at-version';

it('migration 9 keeps the messages queued at version 8 as not sent yet', () => {
  const old = mirrorAt(8);
  old.db
    .prepare("INSERT INTO outbox (kind, record_key, payload, state, created_at, local_id) VALUES ('sendMessage', 'conversations:channel:1:lunch', ?, 'pending', 1700000000, 'l-1')")
    .run(JSON.stringify({ type: 'stream', to: 1, topic: 'lunch', content: 'Noon?' }));

  const db = old.migrateTo(9);
  // Read as the app at version 9 read it (its reader is the current one's minus the later columns).
  const rows = () => db.prepare('SELECT kind, state, local_id, sent_message_id, payload FROM outbox').all();
  expect(rows()).toMatchObject([{ kind: 'sendMessage', state: 'pending', local_id: 'l-1', sent_message_id: null, payload: expect.stringContaining('"content":"Noon?"') }]);
  db.prepare('UPDATE outbox SET sent_message_id = 40').run();
  expect(rows()).toMatchObject([{ sent_message_id: 40 }]);
  db.close();
});
