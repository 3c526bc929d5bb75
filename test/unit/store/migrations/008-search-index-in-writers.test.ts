import { expect, it } from 'vitest';
import { channelTopicConversation } from '../../../../shared/conversation';
import { upsertMessages } from '../../../../main/store/messages';
import { migrations } from '../../../../main/store/migrations';
import { latestVersion } from '../../../../main/store/migrations/runner';
import { searchCachedMessages } from '../../../../main/store/search';
import { message } from '../fixtures';
import { mirrorAt } from './at-version';
import { ChangeCollector } from '../../../../main/store/changes';

it('migration 8 drops the search triggers, keeping what they indexed: the message writers index from then on', () => {
  const old = mirrorAt(7);
  // Indexed by the triggers as the app wrote it then.
  const before = message(7, 'history', { content: '<p>Indexed by a trigger</p>', content_type: 'text/html' });
  old.db.prepare("INSERT INTO messages (message_id, conversation, timestamp, flags, json) VALUES (?, ?, ?, '[]', ?)").run(7, channelTopicConversation(5, 'history'), before.timestamp, JSON.stringify(before));

  const db = old.migrateTo(8);
  expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'messages_search_%'").pluck().all()).toEqual([]);
  expect(searchCachedMessages(db, 'trigger').map((found) => found.message.id)).toEqual([7]);
  db.close();
  // Today's writer writes the columns later migrations added.
  const latest = old.migrateTo(latestVersion(migrations));
  upsertMessages(latest, [{ message: message(8, 'history', { content: '<p>Indexed by its writer</p>', content_type: 'text/html' }), flags: [] }], new ChangeCollector());
  expect(searchCachedMessages(latest, 'writer').map((found) => found.message.id)).toEqual([8]);
  latest.close();
});
