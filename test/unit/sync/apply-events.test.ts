import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KNOWN_EVENTS, type ServiceEvent } from '../../../shared/api/events';
import type { User } from '../../../shared/api/records';
import { channelFoldersTable, channelsTable, subscriptionsTable } from '../../../main/store/channels';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { loadEventQueue, saveEventQueue } from '../../../main/store/event-queue';
import { allRecords, getRecord, upsertRecords } from '../../../main/store/keyed-table';
import { getMessage, upsertMessages } from '../../../main/store/messages';
import { customProfileFieldsTable, linkifiersTable, savedSnippetsTable, scheduledMessagesTable, topicPreferences } from '../../../main/store/personal';
import { realmValues, setRealmValues } from '../../../main/store/realm';
import { groupsOfUser, inGroupSetting } from '../../../main/store/group-settings';
import { customEmojiImages } from '../../../main/store/custom-emoji';
import { searchUsers, userStatusTable, usersTable } from '../../../main/store/users';
import { applyEvents, MIRROR_EVENTS } from '../../../main/sync/apply-events';
import { unreadCounts } from '../../../main/store/unread';
import { eventErrors } from '../../support/reference';
import { channel, user } from '../store/fixtures';
import { ChangeCollector } from '../../../main/store/changes';

let db: MirrorDatabase;
let nextId = 1;
beforeEach(() => {
  db = openMirror(':memory:');
  saveEventQueue(db, { queue_id: 'q1', last_event_id: 0, registered_at: 0 });
  upsertRecords(db, usersTable, [user(10, 'Ada Lovelace', 'ada@example.com'), user(11, 'Alan Turing', 'alan@example.com')]);
  upsertRecords(db, channelsTable, [channel(5, 'general')]);
  nextId = 1;
});
afterEach(() => db.close());

/** An event as a real server sends it: checked against the reference schema first. */
function ev(fields: Record<string, unknown>): ServiceEvent {
  const event = { id: nextId++, ...fields } as ServiceEvent;
  expect(eventErrors(event), `${event.type}/${event.op ?? ''} fixture`).toEqual([]);
  return event;
}

const person = (fields: Record<string, unknown>) => ev({ type: 'realm_user', op: 'update', person: { user_id: 10, ...fields } });
const ada = (): User => getRecord(db, usersTable, 10) as User;

describe('realm_user update, each form of person', () => {
  it('full name, also in search', () => {
    applyEvents(db, [person({ full_name: 'Ada King' })]);
    expect(ada().full_name).toBe('Ada King');
    expect(searchUsers(db, { text: 'king' }).users.map((u) => u.user_id)).toEqual([10]);
  });
  it('avatar', () => {
    applyEvents(db, [person({ avatar_source: 'U', avatar_url: 'https://x/a.png', avatar_url_medium: 'https://x/m.png', avatar_version: 4 })]);
    expect(ada()).toMatchObject({ avatar_url: 'https://x/a.png', avatar_version: 4 });
  });
  it('timezone, keeping the API email', () => {
    applyEvents(db, [person({ email: 'user10@example.com', timezone: 'Europe/London' })]);
    expect(ada()).toMatchObject({ timezone: 'Europe/London', email: 'ada@example.com' });
  });
  it('bot owner', () => {
    applyEvents(db, [person({ bot_owner_id: 11 })]);
    expect(ada().bot_owner_id).toBe(11);
  });
  it('role, with the derived flags', () => {
    applyEvents(db, [person({ role: 200 })]);
    expect(ada()).toMatchObject({ role: 200, is_admin: true, is_owner: false, is_guest: false });
    applyEvents(db, [person({ role: 600 })]);
    expect(ada()).toMatchObject({ role: 600, is_admin: false, is_guest: true });
  });
  it('delivery email', () => {
    applyEvents(db, [person({ delivery_email: null })]);
    expect(ada().delivery_email).toBeNull();
  });
  it('custom profile field value set and cleared', () => {
    applyEvents(db, [person({ custom_profile_field: { id: 3, value: '*hi*', rendered_value: '<p><em>hi</em></p>' } })]);
    expect(ada().profile_data).toEqual({ '3': { value: '*hi*', rendered_value: '<p><em>hi</em></p>' } });
    applyEvents(db, [person({ custom_profile_field: { id: 3, value: null } })]);
    expect(ada().profile_data).toEqual({});
  });
  it('API email', () => {
    applyEvents(db, [person({ new_email: 'ada@new.example.com' })]);
    expect(ada().email).toBe('ada@new.example.com');
    expect(searchUsers(db, { text: 'new.example' }).total).toBe(1);
  });
  it('deactivated and reactivated', () => {
    applyEvents(db, [person({ is_active: false })]);
    expect(searchUsers(db, { text: 'ada' }).total).toBe(0);
    applyEvents(db, [person({ is_active: true })]);
    expect(searchUsers(db, { text: 'ada' }).total).toBe(1);
  });
});

describe('other mirrored records', () => {
  it('adds users and subscriptions, and updates channels', () => {
    applyEvents(db, [
      ev({ type: 'realm_user', op: 'add', person: user(12, 'Grace Hopper', 'grace@example.com') }),
      ev({
        type: 'subscription',
        op: 'add',
        subscriptions: [{ ...channel(6, 'design'), color: '#76ce90', is_muted: false, in_home_view: true, pin_to_top: false, desktop_notifications: null, audible_notifications: null, push_notifications: null, email_notifications: null, wildcard_mentions_notify: null, stream_weekly_traffic: null, is_announcement_only: false, subscribers: [] }],
      }),
      ev({ type: 'stream', op: 'update', stream_id: 5, name: 'general', property: 'first_message_id', value: 42 }),
      ev({ type: 'stream', op: 'update', stream_id: 5, name: 'general', property: 'description', value: 'All', rendered_description: '<p>All</p>' }),
    ]);
    expect(getRecord(db, usersTable, 12)?.full_name).toBe('Grace Hopper');
    expect(getRecord(db, subscriptionsTable, 6)?.name).toBe('design');
    expect(getRecord(db, channelsTable, 6)?.name).toBe('design');
    expect(getRecord(db, channelsTable, 5)).toMatchObject({ first_message_id: 42, rendered_description: '<p>All</p>' });
  });

  it('channel folders, snippets, profile fields, linkifiers, scheduled messages, topics', () => {
    applyEvents(db, [
      { id: nextId++, type: 'channel_folder', op: 'add', channel_folder: { id: 1, name: 'Teams', description: '', rendered_description: '', is_archived: false, order: 1, date_created: 1, creator_id: 10 } },
      { id: nextId++, type: 'channel_folder', op: 'update', channel_folder_id: 1, data: { is_archived: true } },
      ev({ type: 'saved_snippets', op: 'add', saved_snippet: { id: 7, title: 'Hi', content: 'Hello!', date_created: 1 } }),
      ev({ type: 'custom_profile_fields', fields: [{ id: 3, type: 1, field_type: 1, order: 1, name: 'Team', hint: '', field_data: '', required: false, editable_by_user: true, display_in_profile_summary: true }] }),
      ev({ type: 'realm_linkifiers', realm_linkifiers: [{ id: 2, pattern: '#(?P<id>[0-9]+)', url_template: 'https://tracker/{id}' }] }),
      ev({ type: 'scheduled_messages', op: 'add', scheduled_messages: [{ scheduled_message_id: 9, type: 'stream', to: 5, topic: 'lunch', content: 'Noon', rendered_content: '<p>Noon</p>', scheduled_delivery_timestamp: 2000000000, failed: false }] }),
      ev({ type: 'user_topic', stream_id: 5, topic_name: 'lunch', last_updated: 1700000000, visibility_policy: 3 }),
    ]);
    expect(getRecord(db, channelFoldersTable, 1)).toMatchObject({ name: 'Teams', is_archived: true });
    expect(getRecord(db, savedSnippetsTable, 7)).toMatchObject({ saved_snippet_id: 7, content: 'Hello!' });
    expect(allRecords(db, customProfileFieldsTable).map((f) => f.name)).toEqual(['Team']);
    expect(allRecords(db, linkifiersTable)).toMatchObject([{ filter_id: 2, url_template: 'https://tracker/{id}' }]);
    expect(getRecord(db, scheduledMessagesTable, 9)?.topic).toBe('lunch');
    expect(topicPreferences(db, 5)).toEqual([{ stream_id: 5, topic_name: 'lunch', visibility_policy: 3, last_updated: 1700000000 }]);

    applyEvents(db, [
      ev({ type: 'saved_snippets', op: 'remove', saved_snippet_id: 7 }),
      ev({ type: 'scheduled_messages', op: 'remove', scheduled_message_id: 9 }),
      ev({ type: 'user_topic', stream_id: 5, topic_name: 'lunch', last_updated: 1700000001, visibility_policy: 0 }),
    ]);
    expect(getRecord(db, savedSnippetsTable, 7)).toBeUndefined();
    expect(getRecord(db, scheduledMessagesTable, 9)).toBeUndefined();
    expect(topicPreferences(db, 5)).toEqual([]);
  });

  it('messages, reactions and flags', () => {
    const message = {
      id: 100, type: 'stream', sender_id: 10, sender_email: 'ada@example.com', sender_full_name: 'Ada', sender_realm_str: 'demo',
      avatar_url: null, client: 'test', content: '<p>hi</p>', rendered_content: '<p>hi</p>', content_type: 'text/html', display_recipient: 'general',
      recipient_id: 20, stream_id: 5, subject: 'lunch', is_me_message: false, timestamp: 1700000000, reactions: [], submessages: [], topic_links: [],
    };
    applyEvents(db, [
      ev({ type: 'message', message, flags: [] }),
      ev({ type: 'reaction', op: 'add', message_id: 100, emoji_name: 'smile', emoji_code: '1f642', reaction_type: 'unicode_emoji', user_id: 11, user: { user_id: 11, email: 'alan@example.com', full_name: 'Alan' } }),
      ev({ type: 'update_message_flags', op: 'add', operation: 'add', flag: 'starred', messages: [100], all: false }),
    ]);
    expect(getMessage(db, 100)).toMatchObject({ flags: ['starred'], message: { reactions: [{ emoji_name: 'smile', user_id: 11 }] } });
    applyEvents(db, [
      ev({ type: 'reaction', op: 'remove', message_id: 100, emoji_name: 'smile', emoji_code: '1f642', reaction_type: 'unicode_emoji', user_id: 11, user: { user_id: 11, email: 'alan@example.com', full_name: 'Alan' } }),
      ev({ type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [], all: true }),
    ]);
    expect(getMessage(db, 100)).toMatchObject({ flags: ['starred', 'read'], message: { reactions: [] } });
  });

  it('marks every cached message read at once, however many there are', () => {
    // 200,000 rows written directly: more ids than one call can take as arguments.
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200000)
       INSERT INTO messages (message_id, conversation, timestamp, flags, json) SELECT i, 'channel:5:lunch', 0, '["starred"]', '{}' FROM n`,
    ).run();
    const notice = applyEvents(db, [ev({ type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [], all: true })]);
    expect(db.prepare(`SELECT flags, count(*) AS n FROM messages GROUP BY flags`).all()).toEqual([{ flags: '["starred","read"]', n: 200_000 }]);
    expect(notice.changed.messages).toHaveLength(200_000);
  });

  it('message edits, topic moves, deletions and submessages', () => {
    const message = (id: number) => ({
      id, type: 'stream', sender_id: 10, sender_email: 'ada@example.com', sender_full_name: 'Ada', sender_realm_str: 'demo',
      avatar_url: null, client: 'test', content: `<p>m${id}</p>`, rendered_content: `<p>m${id}</p>`, content_type: 'text/html', display_recipient: 'general',
      recipient_id: 20, stream_id: 5, subject: 'lunch', is_me_message: false, timestamp: 1700000000 + id, reactions: [], submessages: [], topic_links: [],
    });
    applyEvents(db, [ev({ type: 'message', message: message(1), flags: [] }), ev({ type: 'message', message: message(2), flags: [] })]);
    applyEvents(db, [
      ev({
        type: 'update_message', user_id: 10, edit_timestamp: 1700000100, message_id: 1, message_ids: [1, 2], flags: [], rendering_only: false,
        orig_content: 'm1', orig_rendered_content: '<p>m1</p>', content: 'edited', rendered_content: '<p>edited</p>', is_me_message: false,
        stream_name: 'general', stream_id: 5, new_stream_id: 6, propagate_mode: 'change_all', orig_subject: 'lunch', subject: 'dinner', topic_links: [],
      }),
      ev({ type: 'submessage', msg_type: 'widget', message_id: 2, submessage_id: 7, sender_id: 11, content: '{"vote":1}' }),
    ]);
    expect(getMessage(db, 1)?.message).toMatchObject({ rendered_content: '<p>edited</p>', subject: 'dinner', stream_id: 6, last_edit_timestamp: 1700000100 });
    expect(getMessage(db, 2)?.message).toMatchObject({ rendered_content: '<p>m2</p>', subject: 'dinner', stream_id: 6, last_moved_timestamp: 1700000100 });
    // Resolving the topic moves its messages too, but is no move as the server counts them.
    applyEvents(db, [
      ev({
        type: 'update_message', user_id: 10, edit_timestamp: 1700000200, message_id: 2, message_ids: [1, 2], flags: [], rendering_only: false,
        stream_name: 'other', stream_id: 6, propagate_mode: 'change_all', orig_subject: 'dinner', subject: '✔ dinner', topic_links: [],
      }),
    ]);
    expect(getMessage(db, 2)?.message).toMatchObject({ subject: '✔ dinner', last_moved_timestamp: 1700000100 });
    expect(getMessage(db, 2)?.message.submessages).toEqual([{ msg_type: 'widget', content: '{"vote":1}', message_id: 2, sender_id: 11, id: 7 }]);
    // The same submessage again (a replayed batch) is filed once: a todo strike would undo itself.
    applyEvents(db, [ev({ type: 'submessage', msg_type: 'widget', message_id: 2, submessage_id: 7, sender_id: 11, content: '{"vote":1}' })]);
    expect(getMessage(db, 2)?.message.submessages).toHaveLength(1);
    applyEvents(db, [ev({ type: 'delete_message', message_type: 'stream', message_ids: [1], stream_id: 6, topic: 'dinner' })]);
    expect(getMessage(db, 1)).toBeUndefined();
    expect(getMessage(db, 2)).toBeDefined();
  });

  it('organization settings, one or several at once', () => {
    applyEvents(db, [
      ev({ type: 'realm', op: 'update', property: 'name', value: 'Renamed Org' }),
      ev({ type: 'realm', op: 'update_dict', property: 'default', data: { message_content_edit_limit_seconds: 600 } }),
    ]);
    expect(realmValues(db)).toMatchObject({ realm_name: 'Renamed Org', realm_message_content_edit_limit_seconds: 600 });
  });

  it('statuses and settings, including the deprecated forms', () => {
    applyEvents(db, [
      ev({ type: 'user_status', user_id: 11, status_text: 'In a meeting', emoji_name: 'calendar', emoji_code: '1f4c5', reaction_type: 'unicode_emoji' }),
      ev({ type: 'alert_words', alert_words: ['lunch'] }),
      ev({ type: 'update_display_settings', user: 'ada@example.com', setting_name: 'twenty_four_hour_time', setting: true }),
      ev({ type: 'update_global_notifications', user: 'ada@example.com', notification_name: 'enable_sounds', setting: false }),
      ev({ type: 'user_settings', op: 'update', property: 'default_language', value: 'fr', language_name: 'French' }),
    ]);
    expect(getRecord(db, userStatusTable, 11)).toMatchObject({ status_text: 'In a meeting', emoji_name: 'calendar' });
    expect(realmValues(db)).toMatchObject({
      alert_words: ['lunch'],
      user_settings: { twenty_four_hour_time: true, enable_sounds: false, default_language: 'fr' },
    });
    applyEvents(db, [ev({ type: 'user_status', user_id: 11, status_text: '', emoji_name: '', emoji_code: '', reaction_type: 'unicode_emoji' })]);
    expect(getRecord(db, userStatusTable, 11)).toBeUndefined();
  });
});

describe('the organization\'s user groups and custom emoji, kept current', () => {
  const group = (id: number, name: string, members: number[]) => ({
    id, name, members, direct_subgroup_ids: [], description: '', creator_id: null, date_created: null, is_system_group: false, deactivated: false,
    can_add_members_group: 2, can_join_group: 2, can_leave_group: 2, can_manage_group: 2, can_mention_group: 2, can_remove_members_group: 2,
  });
  const groupsOf = (user_id: number) => groupsOfUser(db, user_id);

  it('adds a group, its members and subgroups, takes them away, and drops a group gone; a deactivated user leaves every group', () => {
    setRealmValues(db, { realm_user_groups: [group(1, 'backend', [10])] });
    applyEvents(db, [ev({ type: 'user_group', op: 'add', group: group(2, 'frontend', []) })]);
    expect(groupsOf(11)).toEqual([]);
    const changes = applyEvents(db, [ev({ type: 'user_group', op: 'add_members', group_id: 2, user_ids: [11] })]);
    expect(changes.changed.realm).toEqual(['realm_user_groups']);
    expect(groupsOf(11)).toEqual([2]);
    // A group setting naming the group now holds the user.
    expect(inGroupSetting(db, 11, 2)).toBe(true);
    applyEvents(db, [ev({ type: 'user_group', op: 'add_subgroups', group_id: 1, direct_subgroup_ids: [2] })]);
    expect(groupsOf(11)).toEqual([1, 2]);
    applyEvents(db, [ev({ type: 'user_group', op: 'remove_subgroups', group_id: 1, direct_subgroup_ids: [2] })]);
    applyEvents(db, [ev({ type: 'user_group', op: 'update', group_id: 2, data: { name: 'web' } })]);
    expect(realmValues(db).realm_user_groups).toEqual([group(1, 'backend', [10]), { ...group(2, 'web', [11]) }]);
    applyEvents(db, [ev({ type: 'user_group', op: 'remove_members', group_id: 2, user_ids: [11] })]);
    expect(groupsOf(11)).toEqual([]);
    applyEvents(db, [ev({ type: 'realm_user', op: 'update', person: { user_id: 10, is_active: false } })]);
    expect(groupsOf(10)).toEqual([]);
    applyEvents(db, [ev({ type: 'user_group', op: 'remove', group_id: 2 })]);
    expect((realmValues(db).realm_user_groups as { id: number }[]).map((g) => g.id)).toEqual([1]);
  });

  it('takes the custom emoji an event lists, a new one offered and a deactivated one not', () => {
    setRealmValues(db, { realm_emoji: { '1': { id: '1', name: 'green_tick', source_url: '/e/1.png', deactivated: false, author_id: 11 } } });
    applyEvents(db, [
      ev({
        type: 'realm_emoji',
        op: 'update',
        realm_emoji: {
          '1': { id: '1', name: 'green_tick', source_url: '/e/1.png', deactivated: true, author_id: 11 },
          '2': { id: '2', name: 'party_parrot', source_url: '/e/2.gif', deactivated: false, author_id: 10 },
        },
      }),
    ]);
    // Each with its image, the deactivated one too: reactions made with it keep showing it.
    expect(customEmojiImages(db)).toEqual([
      { emoji_code: '1', emoji_name: 'green_tick', source_url: '/e/1.png', deactivated: true },
      { emoji_code: '2', emoji_name: 'party_parrot', source_url: '/e/2.gif', deactivated: false },
    ]);
  });
});

describe('the dispatch table', () => {
  it('has a handler for every event type the mirror keeps', () => {
    const unhandled = Object.keys(KNOWN_EVENTS).filter((type) => type !== 'typing' && type !== 'heartbeat' && !MIRROR_EVENTS.takes(type as keyof typeof KNOWN_EVENTS));
    expect(unhandled).toEqual([]);
  });

  it('runs every module taking an event: a new message is filed and counted unread, and counted again when marked unread again', () => {
    const message = {
      id: 101, type: 'stream', sender_id: 11, sender_email: 'alan@example.com', sender_full_name: 'Alan', sender_realm_str: 'demo',
      avatar_url: null, client: 'test', content: 'hi', rendered_content: '<p>hi</p>', content_type: 'text/html', display_recipient: 'general',
      recipient_id: 20, stream_id: 5, subject: 'lunch', is_me_message: false, timestamp: 1700000000, reactions: [], submessages: [], topic_links: [],
    };
    const arrived = applyEvents(db, [ev({ type: 'message', message, flags: [] })]);
    expect(arrived.changed).toMatchObject({ messages: [101], unread: ['counts'] });
    expect(unreadCounts(db).total).toBe(1);
    applyEvents(db, [ev({ type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [101], all: false })]);
    expect(unreadCounts(db).total).toBe(0);
    const again = applyEvents(db, [ev({ type: 'update_message_flags', op: 'remove', operation: 'remove', flag: 'read', messages: [101], all: false })]);
    expect(again.changed).toMatchObject({ messages: [101], unread: ['counts'] });
    expect(getMessage(db, 101)?.flags).toEqual([]);
    expect(unreadCounts(db).total).toBe(1);
  });
});

describe('a batch', () => {
  it('coalesces changes into one notice and acknowledges the last event id', () => {
    const changes = applyEvents(db, [person({ full_name: 'A' }), person({ full_name: 'B' }), ev({ type: 'heartbeat' })]);
    expect(changes).toEqual({ all: false, changed: { users: [10] }, conversations: [] });
    expect(loadEventQueue(db)?.last_event_id).toBe(3);
    expect(ada().full_name).toBe('B');
  });

  it('skips and reports an event it does not know, and goes on', () => {
    const unknown: ServiceEvent[] = [];
    applyEvents(db, [{ id: nextId++, type: 'hologram', op: 'beam' }, person({ full_name: 'After' })], { onUnknown: (e) => unknown.push(e) });
    expect(unknown.map((e) => e.type)).toEqual(['hologram']);
    expect(ada().full_name).toBe('After');
  });

  it('skips and reports a malformed event, applies the rest, and acknowledges past it', () => {
    const invalid: string[] = [];
    const broken = { id: nextId++, type: 'stream', op: 'create', streams: null };
    applyEvents(db, [person({ full_name: 'Before' }), broken, person({ full_name: 'After' })], { onInvalid: (_e, problem) => invalid.push(problem) });
    expect(invalid).toEqual([expect.stringMatching(/^streams: /)]);
    expect(ada().full_name).toBe('After');
    expect(loadEventQueue(db)?.last_event_id).toBe(3);
  });

  it('drops events at or below the acknowledged id: a replay changes nothing', () => {
    applyEvents(db, [person({ full_name: 'Current' })]);
    const replay = { id: 1, type: 'realm_user', op: 'update', person: { user_id: 10, full_name: 'Replayed' } };
    const changes = applyEvents(db, [replay]);
    expect(ada().full_name).toBe('Current');
    expect(changes.changed).toEqual({});
    expect(loadEventQueue(db)?.last_event_id).toBe(1);
  });

  it('applies nothing of a batch that fails part-way, so it can be reconciled instead', () => {
    // A write that fails in SQLite, whatever the event's form.
    db.exec('DROP TABLE channel_folders');
    const half = person({ full_name: 'Half' });
    const folder = ev({ type: 'channel_folder', op: 'add', channel_folder: { id: 1, name: 'F', description: '', rendered_description: '', order: 1, creator_id: 10, date_created: 1, is_archived: false } });
    expect(() => applyEvents(db, [half, folder])).toThrow();
    expect(ada().full_name).toBe('Ada Lovelace');
    expect(loadEventQueue(db)?.last_event_id).toBe(0);
  });

  it('hands typing events on without touching the mirror', () => {
    const typing: string[] = [];
    const changes = applyEvents(
      db,
      [ev({ type: 'typing', op: 'start', message_type: 'stream', sender: { user_id: 11, email: 'alan@example.com' }, stream_id: 5, topic: 'lunch' })],
      { onTransient: (e) => typing.push(`${e.type}/${String(e.op)}`) },
    );
    expect(typing).toEqual(['typing/start']);
    expect(changes.changed).toEqual({});
  });
});

it('keeps the mirror of channels with unknown extra fields', () => {
  upsertMessages(db, [], new ChangeCollector());
  applyEvents(db, [ev({ type: 'stream', op: 'update', stream_id: 5, name: 'general', property: 'some_future_property', value: 'x' })]);
  expect(getRecord(db, channelsTable, 5)?.some_future_property).toBe('x');
});
