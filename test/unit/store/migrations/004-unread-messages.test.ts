import { expect, it } from 'vitest';
import { channelTopicConversation } from '../../../../shared/conversation';
import { addUnread, channelPlace } from '../../../../main/store/unread';
import { mirrorAt } from './at-version';

it('migration 4 keeps the cached messages and adds the unread state, empty until registration fills it', () => {
  const old = mirrorAt(3);
  old.db.prepare("INSERT INTO messages (message_id, conversation, timestamp, flags, json) VALUES (10, ?, 1700000000, '[]', '{}')").run(channelTopicConversation(1, 'deploys'));

  const db = old.migrateTo(4);
  expect(db.prepare('SELECT message_id FROM messages').pluck().all()).toEqual([10]);
  expect(db.prepare('SELECT count(*) FROM unread_messages').pluck().get()).toBe(0);
  addUnread(db, 10, channelPlace(1, 'deploys'), true);
  expect(db.prepare('SELECT message_id, conversation, stream_id, topic, mentioned FROM unread_messages').all()).toEqual([
    { message_id: 10, conversation: channelTopicConversation(1, 'deploys'), stream_id: 1, topic: 'deploys', mentioned: 1 },
  ]);
  db.close();
});
