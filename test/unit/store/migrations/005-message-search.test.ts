import { expect, it } from 'vitest';
import { channelTopicConversation } from '../../../../shared/conversation';
import { searchCachedMessages } from '../../../../main/store/search';
import { message } from '../fixtures';
import { mirrorAt } from './at-version';

it('migration 5 indexes the messages a mirror held before the index existed', () => {
  const old = mirrorAt(4);
  // Written as the app wrote messages then: without an index.
  const kept = message(7, 'history', { content: '<p>Kept from before</p>', content_type: 'text/html' });
  old.db.prepare("INSERT INTO messages (message_id, conversation, timestamp, flags, json) VALUES (?, ?, ?, '[]', ?)").run(7, channelTopicConversation(5, 'history'), kept.timestamp, JSON.stringify(kept));

  const db = old.migrateTo(5);
  expect(searchCachedMessages(db, 'kept').map((found) => found.message.id)).toEqual([7]);
  expect(searchCachedMessages(db, 'history').map((found) => found.message.id)).toEqual([7]);
  db.close();
});
