import { expect, it } from 'vitest';
import { draftsToSend, getDraft } from '../../../../main/store/drafts';
import { mirrorAt } from './at-version';

it('migration 15 keeps the drafts written before it, each to be created on the server', () => {
  const old = mirrorAt(14);
  old.db.prepare("INSERT INTO drafts (conversation, content, updated_at) VALUES ('channel:1:lunch', 'Noon?', 1700000000000)").run();

  const db = old.migrateTo(15);
  expect(getDraft(db, 'channel:1:lunch')).toEqual({ content: 'Noon?', updated_at: 1700000000000 });
  expect(draftsToSend(db, 10_000)).toEqual({ drafts: [{ conversation: 'channel:1:lunch', content: 'Noon?', updated_at: 1700000000000, server_id: null }], removals: [] });
  db.close();
});
