// Recent conversations from the mirror: newest activity first, paged by the previous page's last
// message, titled, with the latest distinct senders and the server's unread count; only the
// subscribed channels' topics, and every direct conversation; muted ones left out unless asked for;
// narrowed to the unread ones or those the user wrote in; people the user muted not named.
import type { Message } from '../../../shared/api/records';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { channelTopicConversation, directConversation } from '../../../shared/conversation';
import { recentConversations } from '../../../main/store/conversations';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { upsertRecords } from '../../../main/store/keyed-table';
import { channelsTable, subscriptionsTable } from '../../../main/store/channels';
import { upsertMessages } from '../../../main/store/messages';
import { setRealmValues } from '../../../main/store/realm';
import { replaceUnread } from '../../../main/store/unread';
import { usersTable } from '../../../main/store/users';
import { setTopicPreference } from '../../../main/store/personal';
import { channel, message, user } from './fixtures';
import { ChangeCollector } from '../../../main/store/changes';

const SELF = 1;
let db: MirrorDatabase;

const from = (sender_id: number, sender_full_name: string) => ({ sender_id, sender_full_name });
function direct(id: number, sender_id: number, sender_full_name: string): Message {
  const dm = message(id, '', {
    type: 'private',
    ...from(sender_id, sender_full_name),
    display_recipient: [
      { id: SELF, email: 'ada@example.com', full_name: 'Ada', is_mirror_dummy: false },
      { id: 7, email: 'cy@example.com', full_name: 'Cy', is_mirror_dummy: false },
    ],
  });
  delete dm.stream_id;
  return dm;
}

beforeEach(() => {
  db = openMirror(':memory:');
  upsertRecords(db, channelsTable, [channel(5, 'general'), channel(6, 'elsewhere')]);
  upsertRecords(db, subscriptionsTable, [{ ...channel(5, 'general'), color: '#c2c2c2' }]);
  upsertRecords(db, usersTable, [user(SELF, 'Ada', 'ada@example.com'), user(7, 'Cy', 'cy@example.com')]);
  upsertMessages(
    db,
    [
      message(10, 'lunch', from(2, 'Bo')),
      message(11, 'deploys', from(3, 'Di')),
      direct(12, 7, 'Cy'),
      message(13, 'lunch', from(4, 'Ed')),
      message(14, 'lunch', from(2, 'Bo')),
      message(15, 'lunch', from(5, 'Fa')),
      message(16, 'lunch', from(6, 'Gu')),
      message(17, 'lunch', from(2, 'Bo')),
    ].map((m) => ({ message: m, flags: [] })), new ChangeCollector(),
  );
  replaceUnread(db, { count: 2, streams: [{ stream_id: 5, topic: 'lunch', unread_message_ids: [16, 17] }], pms: [], huddles: [], mentions: [] }, SELF);
});
afterEach(() => db.close());

describe('recent conversations', () => {
  it('lists the newest activity first, with title, time, unread count and the latest four distinct senders', () => {
    const page = recentConversations(db, SELF, { limit: 30 });
    expect(page.more).toBe(false);
    expect(page.conversations).toEqual([
      {
        conversation: channelTopicConversation(5, 'lunch'),
        title: '#general › lunch',
        last_message_id: 17,
        last_timestamp: 1700000017,
        unread: 2,
        participants: [
          { user_id: 2, full_name: 'Bo' },
          { user_id: 6, full_name: 'Gu' },
          { user_id: 5, full_name: 'Fa' },
          { user_id: 4, full_name: 'Ed' },
        ],
      },
      { conversation: directConversation([SELF, 7]), title: 'Cy', last_message_id: 12, last_timestamp: 1700000012, unread: 0, participants: [{ user_id: 7, full_name: 'Cy' }] },
      { conversation: channelTopicConversation(5, 'deploys'), title: '#general › deploys', last_message_id: 11, last_timestamp: 1700000011, unread: 0, participants: [{ user_id: 3, full_name: 'Di' }] },
    ]);
  });

  it('names no one the user muted among the participants', () => {
    setRealmValues(db, { muted_users: [{ id: 6, timestamp: 1_700_000_000 }] });
    const lunch = recentConversations(db, SELF, { limit: 30 }).conversations[0]!;
    expect(lunch.participants.map((p) => p.full_name)).toEqual(['Bo', 'Fa', 'Ed']);
  });

  it('pages by the last_message_id of the previous page until no more follow', () => {
    const first = recentConversations(db, SELF, { limit: 2 });
    expect(first.conversations.map((c) => c.last_message_id)).toEqual([17, 12]);
    expect(first.more).toBe(true);
    const second = recentConversations(db, SELF, { before: 12, limit: 2 });
    expect(second.conversations.map((c) => c.conversation)).toEqual([channelTopicConversation(5, 'deploys')]);
    expect(second.more).toBe(false);
  });

  it("titles the empty topic by the organization's name for it", () => {
    setRealmValues(db, { realm_empty_topic_display_name: 'general chat' });
    upsertMessages(db, [{ message: message(18, '', from(2, 'Bo')), flags: [] }], new ChangeCollector());
    expect(recentConversations(db, SELF, { limit: 1 }).conversations.map((c) => c.title)).toEqual(['#general › general chat']);
  });

  // The family's own Recent conversations shows none of them either.
  it('leaves out the topics of a channel the user is not subscribed to (previewed, or found by a search)', () => {
    upsertMessages(db, [{ message: message(19, 'elsewhere topic', { ...from(2, 'Bo'), stream_id: 6, display_recipient: 'elsewhere' }), flags: ['read', 'historical'] }], new ChangeCollector());
    expect(recentConversations(db, SELF, { limit: 30 }).conversations.map((c) => c.last_message_id)).toEqual([17, 12, 11]);
  });

  it('leaves out a muted topic unless muted ones are asked for, and keeps an unmuted topic of a muted channel', () => {
    setTopicPreference(db, { stream_id: 5, topic_name: 'deploys', visibility_policy: 1 }, new ChangeCollector());
    const shown = (include_muted: boolean) => recentConversations(db, SELF, { limit: 30, include_muted }).conversations.map((c) => c.last_message_id);
    expect(shown(false)).toEqual([17, 12]);
    expect(shown(true)).toEqual([17, 12, 11]);
    upsertRecords(db, subscriptionsTable, [{ ...channel(5, 'general'), color: '#c2c2c2', is_muted: true }]);
    setTopicPreference(db, { stream_id: 5, topic_name: 'lunch', visibility_policy: 2 }, new ChangeCollector());
    expect(shown(false)).toEqual([17, 12]);
  });

  it('narrows to the conversations with unread messages, or those the user wrote in', () => {
    upsertMessages(db, [{ message: message(18, 'deploys', from(SELF, 'Ada')), flags: ['read'] }], new ChangeCollector());
    expect(recentConversations(db, SELF, { limit: 30, unread: true }).conversations.map((c) => c.last_message_id)).toEqual([17]);
    expect(recentConversations(db, SELF, { limit: 30, participated: true }).conversations.map((c) => c.last_message_id)).toEqual([18]);
    expect(recentConversations(db, SELF, { limit: 30, unread: true, participated: true }).conversations).toEqual([]);
  });

  it('is empty, with nothing more, when the mirror holds no message', () => {
    const empty = openMirror(':memory:');
    expect(recentConversations(empty, SELF, { limit: 30 })).toEqual({ conversations: [], more: false });
    empty.close();
  });
});
