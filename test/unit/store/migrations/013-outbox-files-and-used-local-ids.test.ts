import { expect, it } from 'vitest';
import { ChangeCollector } from '../../../../main/store/changes';
import { openMirror } from '../../../../main/store/database';
import { enqueueMessage, outboxItems, stagedIdsInOutbox, usedLocalId } from '../../../../main/store/outbox';
import { mirrorAt } from './at-version';

const STAGED = 'a'.repeat(32);

it('migration 13 gives the messages queued at version 9 no files, and remembers their local ids', () => {
  const old = mirrorAt(9);
  old.db
    .prepare("INSERT INTO outbox (kind, record_key, payload, state, created_at, local_id) VALUES ('sendMessage', 'conversations:channel:1:lunch', ?, 'pending', 1700000000, 'l-1')")
    .run(JSON.stringify({ type: 'stream', to: 1, topic: 'lunch', content: 'Noon?' }));

  const db = old.migrateTo(13);
  const [queued] = outboxItems(db);
  expect(queued).toMatchObject({ kind: 'sendMessage', local_id: 'l-1', staged_ids: [], payload: { content: 'Noon?' } });
  // Its local id is taken: a send repeated with it answers for this item, even once it has gone.
  expect(usedLocalId(db, 'l-1')).toBe(queued!.outbox_id);
  db.prepare('DELETE FROM outbox').run();
  expect(usedLocalId(db, 'l-1')).toBe(queued!.outbox_id);
  db.close();

  // A message queued now carries its staged files.
  const now = openMirror(':memory:');
  enqueueMessage(
    now,
    { conversation: 'channel:1:lunch', local_id: 'l-2', payload: { type: 'stream', to: 1, topic: 'lunch', content: `[menu.pdf](staged:${STAGED})` }, staged_ids: [STAGED] },
    new ChangeCollector(),
  );
  expect(outboxItems(now)).toMatchObject([{ local_id: 'l-2', staged_ids: [STAGED] }]);
  expect([...stagedIdsInOutbox(now)]).toEqual([STAGED]);
  now.close();
});
