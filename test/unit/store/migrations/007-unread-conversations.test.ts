import { expect, it } from 'vitest';
import { channelPlace, directPlace, unreadCounts } from '../../../../main/store/unread';
import { mirrorAt } from './at-version';

it('migration 7 counts, per conversation, the unread messages already in the mirror', () => {
  const old = mirrorAt(6);
  const insert = old.db.prepare('INSERT INTO unread_messages (message_id, conversation, stream_id, topic, mentioned) VALUES (?, ?, ?, ?, ?)');
  const deploys = channelPlace(1, 'deploys');
  for (const [id, mentioned] of [[10, 0], [12, 1], [11, 0]] as const) insert.run(id, deploys.conversation, 1, 'deploys', mentioned);
  insert.run(13, directPlace([5, 7]).conversation, null, null, 0);

  const db = old.migrateTo(7);
  expect(unreadCounts(db).conversations.map(({ conversation, stream_id, topic, unread, mentions, newest_message_id }) => ({ conversation, stream_id, topic, unread, mentions, newest_message_id }))).toEqual([
    { conversation: directPlace([5, 7]).conversation, stream_id: null, topic: null, unread: 1, mentions: 0, newest_message_id: 13 },
    { conversation: deploys.conversation, stream_id: 1, topic: 'deploys', unread: 3, mentions: 1, newest_message_id: 12 },
  ]);
  // The triggers keep them from then on.
  db.prepare('DELETE FROM unread_messages WHERE message_id = 12').run();
  expect(unreadCounts(db).conversations.find((entry) => entry.conversation === deploys.conversation)).toMatchObject({ unread: 2, mentions: 0, newest_message_id: 11 });
  db.close();
});
