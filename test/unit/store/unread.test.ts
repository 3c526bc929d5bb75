// The unread state's own rules, through the event path: messages moved between topics and
// channels carry their unread state along (the whole topic when the move propagates), an edit's
// mention counts as the server read it again, deleted
// messages stop counting, read and unread by IDs, a channel's mute yields to a topic
// unmuted or followed in it, and a widget's preview says what it asks.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServiceEvent } from '../../../shared/api/events';
import { channelTopicConversation, directConversation } from '../../../shared/conversation';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { saveEventQueue } from '../../../main/store/event-queue';
import { upsertRecords } from '../../../main/store/keyed-table';
import { channelsTable, subscriptionsTable } from '../../../main/store/channels';
import { setTopicPreference } from '../../../main/store/personal';
import { setRealmValues } from '../../../main/store/realm';
import { getMessage, upsertMessages } from '../../../main/store/messages';
import { markMessagesRead, markScopeRead, markUnreadFrom } from '../../../main/store/read-state';
import { newestUnreadPreviews, replaceUnread, unreadCounts } from '../../../main/store/unread';
import { applyEvents } from '../../../main/sync/apply-events';
import { eventErrors } from '../../support/reference';
import { channel, message } from './fixtures';
import { ChangeCollector } from '../../../main/store/changes';

const SELF = 5;
let db: MirrorDatabase;
let nextId = 1;

beforeEach(() => {
  db = openMirror(':memory:');
  saveEventQueue(db, { queue_id: 'q1', last_event_id: 0, registered_at: 0 });
  setRealmValues(db, { user_id: SELF });
  upsertRecords(db, channelsTable, [channel(1, 'general'), channel(2, 'design')]);
  nextId = 1;
  // None of these messages is cached: the state comes from the server's report alone.
  replaceUnread(
    db,
    {
      count: 6,
      streams: [
        { stream_id: 1, topic: 'deploys', unread_message_ids: [10, 11, 12] },
        { stream_id: 1, topic: 'lunch', unread_message_ids: [13] },
      ],
      pms: [{ other_user_id: 7, unread_message_ids: [14] }],
      huddles: [{ user_ids_string: '5,7,9', unread_message_ids: [15] }],
      mentions: [11],
    },
    SELF,
  );
});
afterEach(() => db.close());

function ev(fields: Record<string, unknown>): ServiceEvent {
  const event = { id: nextId++, ...fields } as ServiceEvent;
  expect(eventErrors(event), `${event.type}/${event.op ?? ''} fixture`).toEqual([]);
  return event;
}

const byConversation = (): Record<string, number> => Object.fromEntries(unreadCounts(db).conversations.map((entry) => [entry.conversation, entry.unread]));

describe('unread state', () => {
  it('is what registration reported: per topic, per direct conversation, with mentions', () => {
    expect(byConversation()).toEqual({
      [channelTopicConversation(1, 'deploys')]: 3,
      [channelTopicConversation(1, 'lunch')]: 1,
      [directConversation([5, 7])]: 1,
      [directConversation([5, 7, 9])]: 1,
    });
    expect(unreadCounts(db)).toMatchObject({ total: 6, mentions: 1 });
  });

  it('moves with messages to another topic, and to another channel', () => {
    applyEvents(db, [ev({ type: 'update_message', user_id: 7, message_id: 10, message_ids: [10, 11], edit_timestamp: 1700000100, stream_id: 1, orig_subject: 'deploys', subject: 'releases', propagate_mode: 'change_later', rendering_only: false, flags: [] })]);
    expect(byConversation()).toMatchObject({ [channelTopicConversation(1, 'deploys')]: 1, [channelTopicConversation(1, 'releases')]: 2 });
    applyEvents(db, [ev({ type: 'update_message', user_id: 7, message_id: 12, message_ids: [12], edit_timestamp: 1700000200, stream_id: 1, new_stream_id: 2, rendering_only: false, flags: [] })]);
    expect(byConversation()[channelTopicConversation(1, 'deploys')]).toBeUndefined();
    expect(byConversation()[channelTopicConversation(2, 'deploys')]).toBe(1);
    // The mention moved with its message.
    expect(unreadCounts(db).mentions).toBe(1);
  });

  it('ignores an edit of the content alone', () => {
    applyEvents(db, [ev({ type: 'update_message', user_id: 5, message_id: 10, message_ids: [10], edit_timestamp: 1700000100, content: 'new', rendered_content: '<p>new</p>', rendering_only: false, flags: [] })]);
    expect(byConversation()[channelTopicConversation(1, 'deploys')]).toBe(3);
  });

  it('counts a mention an edit adds or takes away, and keeps the flags the user set on the cached message', () => {
    upsertMessages(db, [{ message: message(10, 'deploys', { stream_id: 1 }), flags: ['starred'] }], new ChangeCollector());
    const edit = (flags: string[]) => ev({ type: 'update_message', user_id: 7, message_id: 10, message_ids: [10], edit_timestamp: 1700000100, content: 'new', rendered_content: '<p>new</p>', rendering_only: false, flags });
    // The edit's flags carry the server's read flag too: read and unread come from their own events.
    applyEvents(db, [edit(['read', 'mentioned', 'has_alert_word'])]);
    expect(unreadCounts(db).mentions).toBe(2);
    expect(getMessage(db, 10)?.flags).toEqual(['starred', 'mentioned', 'has_alert_word']);
    expect(byConversation()[channelTopicConversation(1, 'deploys')]).toBe(3);
    applyEvents(db, [edit([])]);
    expect(unreadCounts(db).mentions).toBe(1);
    expect(getMessage(db, 10)?.flags).toEqual(['starred']);
  });

  it('drops deleted messages and messages read, and takes back messages marked unread with their details', () => {
    applyEvents(db, [ev({ type: 'delete_message', message_type: 'stream', message_ids: [13], stream_id: 1, topic: 'lunch' })]);
    applyEvents(db, [ev({ type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [14, 15], all: false })]);
    expect(byConversation()).toEqual({ [channelTopicConversation(1, 'deploys')]: 3 });
    applyEvents(db, [
      ev({
        type: 'update_message_flags',
        op: 'remove',
        operation: 'remove',
        flag: 'read',
        messages: [14],
        all: false,
        message_details: { '14': { type: 'private', user_ids: [7], mentioned: true } },
      }),
    ]);
    expect(byConversation()[directConversation([5, 7])]).toBe(1);
    expect(unreadCounts(db).mentions).toBe(2);
  });

  it('counts down, and flags the cached messages read, whoever marks them read: one by one as they are seen, or a whole topic', () => {
    upsertMessages(db, [10, 11].map((id) => ({ message: message(id, 'deploys', { stream_id: 1 }), flags: [] })), new ChangeCollector());
    const seen = new ChangeCollector();
    markMessagesRead(db, [10], seen);
    expect(seen.notice().changed).toEqual({ messages: [10], unread: ['counts'] });
    expect(unreadCounts(db).total).toBe(5);
    expect(getMessage(db, 10)?.flags).toEqual(['read']);

    markScopeRead(db, { scope: 'topic', stream_id: 1, topic: 'deploys' }, new ChangeCollector());
    expect(unreadCounts(db).conversations.some((entry) => entry.conversation === channelTopicConversation(1, 'deploys'))).toBe(false);
    expect(getMessage(db, 11)?.flags).toEqual(['read']);
    expect(unreadCounts(db).total).toBe(3);
  });

  it('marks unread from a message on: its conversation, or its whole channel, and nothing before it or elsewhere', () => {
    upsertRecords(db, channelsTable, [channel(10, 'ten')]);
    const cached = [
      { id: 20, topic: 'plans', stream_id: 1 },
      { id: 21, topic: 'plans', stream_id: 1 },
      { id: 22, topic: 'other', stream_id: 1 },
      { id: 23, topic: 'plans', stream_id: 1 },
      // Keys of other channels sort before and after channel 1's range.
      { id: 24, topic: 'plans', stream_id: 10 },
      { id: 25, topic: 'plans', stream_id: 2 },
    ];
    upsertMessages(db, cached.map(({ id, topic, stream_id }) => ({ message: message(id, topic, { stream_id }), flags: ['read'] })), new ChangeCollector());
    markScopeRead(db, { scope: 'all' }, new ChangeCollector());

    const marked = new ChangeCollector();
    markUnreadFrom(db, { conversation: channelTopicConversation(1, 'plans') }, 21, marked);
    expect(marked.notice().changed).toEqual({ messages: [21, 23], unread: ['counts'] });
    expect(byConversation()).toEqual({ [channelTopicConversation(1, 'plans')]: 2 });

    markUnreadFrom(db, { stream_id: 1 }, 20, new ChangeCollector());
    expect(byConversation()).toEqual({ [channelTopicConversation(1, 'plans')]: 3, [channelTopicConversation(1, 'other')]: 1 });
    expect([getMessage(db, 24)?.flags, getMessage(db, 25)?.flags]).toEqual([['read'], ['read']]);
  });

  it('leaves a muted channel out of the total, except its topics unmuted or followed', () => {
    upsertRecords(db, subscriptionsTable, [{ ...channel(1, 'general'), is_muted: true, color: '#c2c2c2' }]);
    expect(unreadCounts(db).total).toBe(2);
    setTopicPreference(db, { stream_id: 1, topic_name: 'deploys', visibility_policy: 3, last_updated: 1700000000 }, new ChangeCollector());
    const counts = unreadCounts(db);
    expect(counts.total).toBe(5);
    expect(counts.conversations.find((entry) => entry.conversation === channelTopicConversation(1, 'deploys'))).toMatchObject({ muted: false, followed: true });
    expect(counts.conversations.find((entry) => entry.conversation === channelTopicConversation(1, 'lunch'))?.muted).toBe(true);
  });

  it('previews a poll by its question and a task list by its title, not by the command that made them', () => {
    const widget = (id: number, sender_id: number, content: object) => ({ id, message_id: 0, sender_id, msg_type: 'widget', content: JSON.stringify(content) });
    upsertMessages(
      db,
      [
        { id: 12, topic: 'deploys', text: '/todo Release\nTag: the build', submessages: [widget(1, 1, { widget_type: 'todo', extra_data: { task_list_title: 'Release', tasks: [{ task: 'Tag', desc: 'the build' }] } })] },
        // The question as its author changed it since.
        { id: 13, topic: 'lunch', text: '/poll Lunch?\nPizza\nSushi', submessages: [widget(2, 1, { widget_type: 'poll', extra_data: { question: 'Lunch?', options: ['Pizza', 'Sushi'] } }), widget(3, 1, { type: 'question', question: 'Lunch on Friday?' })] },
      ].map(({ id, topic, text, submessages }) => ({ message: message(id, topic, { stream_id: 1, content: `<p>${text}</p>`, submessages }), flags: [] })),
      new ChangeCollector(),
    );
    const previews = newestUnreadPreviews(db);
    expect(previews.get(channelTopicConversation(1, 'lunch'))?.preview).toBe('Poll: Lunch on Friday?');
    expect(previews.get(channelTopicConversation(1, 'deploys'))?.preview).toBe('Task list: Release');
  });
});
