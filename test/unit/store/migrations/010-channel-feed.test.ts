import { expect, it } from 'vitest';
import { channelTopicConversation, directConversation } from '../../../../shared/conversation';
import { feedMessages } from '../../../../main/store/feeds';
import { firstUnread } from '../../../../main/store/unread';
import { mirrorAt } from './at-version';

it("migration 10 files the messages cached at version 9 under their channel, for the channel's feed and its first unread", () => {
  const old = mirrorAt(9);
  const insert = old.db.prepare('INSERT INTO messages (message_id, conversation, timestamp, flags, json) VALUES (?, ?, ?, ?, ?)');
  const place = [channelTopicConversation(12, 'lunch'), channelTopicConversation(12, 'a: b'), channelTopicConversation(1, 'lunch'), directConversation([1, 12])];
  for (const [index, conversation] of place.entries()) insert.run(index + 1, conversation, 1_700_000_000, '["read"]', JSON.stringify({ id: index + 1 }));
  old.db.prepare('INSERT INTO unread_messages (message_id, conversation, stream_id, topic, mentioned) VALUES (?, ?, ?, ?, ?)').run(2, place[1], 12, 'a: b', 0);

  const db = old.migrateTo(10);
  expect(feedMessages(db, { stream_id: 12 }, { limit: 10 }).map((stored) => stored.message.id)).toEqual([1, 2]);
  expect(feedMessages(db, { stream_id: 1 }, { limit: 10 }).map((stored) => stored.message.id)).toEqual([3]);
  expect(firstUnread(db, { stream_id: 12 })).toBe(2);
  expect(firstUnread(db, { stream_id: 1 })).toBeUndefined();
  // Read as one range of an index, not a scan of every message.
  const plan = db.prepare('EXPLAIN QUERY PLAN SELECT json FROM messages WHERE stream_id = ? AND message_id < ? ORDER BY message_id DESC LIMIT 50').all(12, 99) as { detail: string }[];
  expect(plan.map((step) => step.detail).join(' ')).toContain('USING INDEX messages_channel');
  db.close();
});
