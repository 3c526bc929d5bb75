// Every operation of the spec through the client against the simulator over real HTTP: what a
// caller gets back on success, and each error the spec lists for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError, ValidationError } from '../../../main/api/errors';
import type { ServiceClient } from '../../../main/api/service-client';
import { failure, inAnHour, startHarness, type Harness } from './harness';

let h: Harness;
let owner: ServiceClient;
let admin: ServiceClient;
let member: ServiceClient;
let channels: Map<string, number>;

beforeAll(async () => {
  h = await startHarness();
  owner = h.clientFor(h.owner);
  admin = h.clientFor(h.withRole(200)[0]!);
  member = h.clientFor(h.member);
  const { streams } = await owner.call('getChannels', { include_all: true, exclude_archived: false });
  channels = new Map(streams.map((stream) => [stream.name, stream.stream_id]));
});
afterAll(() => h.service.close());

const channel = (name: string): number => {
  const id = channels.get(name);
  if (id === undefined) throw new Error(`no channel ${name}`);
  return id;
};

async function serviceError(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await failure(promise);
  expect(error).toBeInstanceOf(ServiceError);
  return error as unknown as ServiceError;
}

describe('server settings (24) and queue registration', () => {
  it('gets server settings without credentials and learns the feature level', async () => {
    const anonymous = h.clientFor({ ...h.member, email: '', api_key: '' });
    const settings = await anonymous.call('getServerSettings', {});
    expect(settings.result).toBe('success');
    expect(typeof settings.service_feature_level).toBe('number');
    expect(anonymous.featureLevel).toBe(settings.service_feature_level);
    expect(settings.realm_name).toBe('Demo Organization');
    expect(typeof settings.authentication_methods).toBe('object');
  });

  it('registers a queue and is fed its announced values', async () => {
    const client = h.clientFor(h.member);
    const result = await client.call('registerQueue', { fetch_event_types: ['realm', 'realm_user'], event_types: ['message'] });
    expect(typeof result.queue_id).toBe('string');
    expect(result.last_event_id).toBe(-1);
    expect(client.featureLevel).toBe(result.service_feature_level);
    expect(client.announced.realm_empty_topic_display_name).toBe('general chat');
    expect(client.announced.max_topic_length).toEqual(expect.any(Number));
    expect(result.realm_users?.some((user) => user.user_id === h.member.user_id)).toBe(true);
    await client.call('deleteQueue', { queue_id: result.queue_id ?? '' });
  });
});

describe('scheduled messages (1, 2)', () => {
  it('creates a scheduled channel message and lists it', async () => {
    const timestamp = inAnHour();
    const { scheduled_message_id } = await member.call('createScheduledMessage', {
      type: 'channel',
      to: channel('engineering'),
      topic: 'release & notes',
      content: 'Ship it',
      scheduled_delivery_timestamp: timestamp,
      read_by_sender: true,
    });
    expect(scheduled_message_id).toEqual(expect.any(Number));
    const { scheduled_messages } = await member.call('getScheduledMessages', {});
    expect(scheduled_messages).toContainEqual(
      expect.objectContaining({
        scheduled_message_id,
        to: channel('engineering'),
        topic: 'release & notes',
        content: 'Ship it',
        scheduled_delivery_timestamp: timestamp,
        failed: false,
      }),
    );
  });

  it('creates a scheduled direct message', async () => {
    const { scheduled_message_id } = await member.call('createScheduledMessage', {
      type: 'direct',
      to: [h.owner.user_id],
      content: 'Ping',
      scheduled_delivery_timestamp: inAnHour(),
    });
    const listed = (await member.call('getScheduledMessages', {})).scheduled_messages.find((m) => m.scheduled_message_id === scheduled_message_id);
    expect(listed?.to).toEqual([h.owner.user_id]);
  });

  it('a nonexistent channel is STREAM_DOES_NOT_EXIST with stream_id', async () => {
    const error = await serviceError(
      member.call('createScheduledMessage', { type: 'channel', to: 987654, topic: 't', content: 'c', scheduled_delivery_timestamp: inAnHour() }),
    );
    expect(error).toMatchObject({ code: 'STREAM_DOES_NOT_EXIST', stream_id: 987654, status: 400 });
  });

  it('a nonexistent user in to is BAD_REQUEST', async () => {
    const error = await serviceError(
      member.call('createScheduledMessage', { type: 'direct', to: [987654], content: 'c', scheduled_delivery_timestamp: inAnHour() }),
    );
    expect(error.code).toBe('BAD_REQUEST');
  });

  it('the empty-topic display name announced at registration is refused before sending', async () => {
    const client = h.clientFor(h.member);
    await client.call('registerQueue', { fetch_event_types: ['realm'] });
    const error = await failure(
      client.call('createScheduledMessage', { type: 'channel', to: channel('general'), topic: 'general chat', content: 'c', scheduled_delivery_timestamp: inAnHour() }),
    );
    expect(error).toBeInstanceOf(ValidationError);
  });

  it('edits only the supplied fields', async () => {
    const timestamp = inAnHour();
    const { scheduled_message_id } = await member.call('createScheduledMessage', {
      type: 'channel',
      to: channel('general'),
      topic: 'plans',
      content: 'Draft',
      scheduled_delivery_timestamp: timestamp,
    });
    const result = await member.call('editScheduledMessage', { scheduled_message_id, content: 'Final' });
    expect(result.result).toBe('success');
    const listed = (await member.call('getScheduledMessages', {})).scheduled_messages.find((m) => m.scheduled_message_id === scheduled_message_id);
    expect(listed).toMatchObject({ content: 'Final', topic: 'plans', scheduled_delivery_timestamp: timestamp });
  });

  it('changes a direct message into a channel message with to and topic', async () => {
    const { scheduled_message_id } = await member.call('createScheduledMessage', {
      type: 'direct',
      to: [h.owner.user_id],
      content: 'x',
      scheduled_delivery_timestamp: inAnHour(),
    });
    await member.call('editScheduledMessage',
      { scheduled_message_id, type: 'channel', to: channel('general'), topic: 'moved' },
      { existing: { type: 'direct' } },
    );
    const listed = (await member.call('getScheduledMessages', {})).scheduled_messages.find((m) => m.scheduled_message_id === scheduled_message_id);
    expect(listed).toMatchObject({ to: channel('general'), topic: 'moved' });
  });

  it('editing an unknown scheduled message is BAD_REQUEST (HTTP 404)', async () => {
    expect(await serviceError(member.call('editScheduledMessage', { scheduled_message_id: 987654, content: 'x' }))).toMatchObject({
      code: 'BAD_REQUEST',
      status: 404,
    });
  });

  it('editing to a nonexistent channel is STREAM_DOES_NOT_EXIST with stream_id', async () => {
    const { scheduled_message_id } = await member.call('createScheduledMessage', {
      type: 'channel',
      to: channel('general'),
      topic: 't',
      content: 'x',
      scheduled_delivery_timestamp: inAnHour(),
    });
    expect(await serviceError(member.call('editScheduledMessage', { scheduled_message_id, to: 987654 }))).toMatchObject({
      code: 'STREAM_DOES_NOT_EXIST',
      stream_id: 987654,
    });
  });

  it('editing to a nonexistent user is BAD_REQUEST', async () => {
    const { scheduled_message_id } = await member.call('createScheduledMessage', {
      type: 'direct',
      to: [h.owner.user_id],
      content: 'x',
      scheduled_delivery_timestamp: inAnHour(),
    });
    expect((await serviceError(member.call('editScheduledMessage', { scheduled_message_id, to: [987654] }))).code).toBe('BAD_REQUEST');
  });

  it('a failed scheduled message needs a new timestamp to be edited', async () => {
    const timestamp = inAnHour();
    const { scheduled_message_id } = await member.call('createScheduledMessage', {
      type: 'channel',
      to: channel('general'),
      topic: 'doomed',
      content: 'x',
      scheduled_delivery_timestamp: timestamp,
    });
    h.service.faults.scheduledSendFailures = 100;
    h.service.deliverDueScheduledMessages(timestamp + 1);
    h.service.faults.scheduledSendFailures = 0;
    const failed = (await member.call('getScheduledMessages', {})).scheduled_messages.find((m) => m.scheduled_message_id === scheduled_message_id);
    expect(failed?.failed).toBe(true);

    // Told that it failed, the client refuses before sending; not told, the server refuses.
    expect(await failure(member.call('editScheduledMessage', { scheduled_message_id, content: 'y' }, { existing: failed ?? {} }))).toBeInstanceOf(
      ValidationError,
    );
    expect((await serviceError(member.call('editScheduledMessage', { scheduled_message_id, content: 'y' }))).code).toBe('BAD_REQUEST');

    await member.call('editScheduledMessage', { scheduled_message_id, scheduled_delivery_timestamp: inAnHour() + 60 }, { existing: failed ?? {} });
    const rescheduled = (await member.call('getScheduledMessages', {})).scheduled_messages.find((m) => m.scheduled_message_id === scheduled_message_id);
    expect(rescheduled?.failed).toBe(false);
  });

  it('deletes a scheduled message; deleting it again is BAD_REQUEST', async () => {
    const { scheduled_message_id } = await member.call('createScheduledMessage', {
      type: 'direct',
      to: [h.owner.user_id],
      content: 'bye',
      scheduled_delivery_timestamp: inAnHour(),
    });
    await member.call('deleteScheduledMessage', { scheduled_message_id });
    const ids = (await member.call('getScheduledMessages', {})).scheduled_messages.map((m) => m.scheduled_message_id);
    expect(ids).not.toContain(scheduled_message_id);
    expect((await serviceError(member.call('deleteScheduledMessage', { scheduled_message_id }))).code).toBe('BAD_REQUEST');
  });
});

describe('messages, flags, narrow, reactions (8, 14, 16)', () => {
  it('sends a message with a topic full of form-special characters and fetches it back unchanged', async () => {
    const topic = 'a&b=c+d 100% ünï 🚀';
    const { id } = await member.call('sendMessage', { type: 'channel', to: channel('general'), topic, content: 'x=1&y=2' });
    const { messages, found_newest } = await member.call('getMessages', {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
      narrow: [{ operator: 'channel', operand: channel('general') }],
    });
    expect(found_newest).toBe(true);
    expect(messages.at(-1)).toMatchObject({ id, subject: topic, sender_id: h.member.user_id });
  });

  it('checks which messages match a narrow', async () => {
    const { id: hit } = await member.call('sendMessage', { type: 'channel', to: channel('general'), topic: 'narrow', content: 'needle here' });
    const { id: miss } = await member.call('sendMessage', { type: 'channel', to: channel('general'), topic: 'narrow', content: 'nothing' });
    const { messages } = await member.call('checkMessagesMatchNarrow', {
      msg_ids: [hit, miss],
      narrow: [{ operator: 'search', operand: 'needle' }],
    });
    expect(Object.keys(messages)).toEqual([String(hit)]);
    expect(messages[String(hit)]).toMatchObject({ match_content: expect.stringContaining('needle'), match_subject: expect.any(String) });
  });

  it('updates personal message flags and reports the changed messages', async () => {
    const { id } = await owner.call('sendMessage', { type: 'channel', to: channel('general'), topic: 'flags', content: 'star me' });
    const added = await member.call('updateMessageFlags', { messages: [id], op: 'add', flag: 'starred' });
    expect(added.messages).toEqual([id]);
    const again = await member.call('updateMessageFlags', { messages: [id], op: 'add', flag: 'starred' });
    expect(again.messages).toEqual([]);
    const { messages } = await member.call('getMessages', { anchor: id, num_before: 0, num_after: 0 });
    expect(messages[0]?.flags).toContain('starred');
  });

  it('marking unread in an unsubscribed channel reports the channel', async () => {
    const { id } = await owner.call('sendMessage', { type: 'channel', to: channel('sandbox'), topic: 'solo', content: 'x' });
    const result = await member.call('updateMessageFlags', { messages: [id], op: 'remove', flag: 'read' });
    expect(result.ignored_because_not_subscribed_channels).toEqual([channel('sandbox')]);
  });

  it('removes an emoji reaction; removing it again is REACTION_DOES_NOT_EXIST', async () => {
    const { id } = await owner.call('sendMessage', { type: 'channel', to: channel('general'), topic: 'reactions', content: 'react' });
    // Adding is not an operation of the spec; it goes straight to the API.
    const auth = `Basic ${Buffer.from(`${h.member.email}:${h.member.api_key}`).toString('base64')}`;
    const added = await fetch(`${h.service.url}/api/v1/messages/${id}/reactions`, {
      method: 'POST',
      headers: { authorization: auth },
      body: new URLSearchParams({ emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji' }),
    });
    expect(added.status).toBe(200);
    const removed = await member.call('removeReaction', { message_id: id, emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji' });
    expect(removed.result).toBe('success');
    const error = await serviceError(
      member.call('removeReaction', { message_id: id, emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji' }),
    );
    expect(error.code).toBe('REACTION_DOES_NOT_EXIST');
  });

  it('an invalid emoji code is BAD_REQUEST', async () => {
    const { id } = await owner.call('sendMessage', { type: 'channel', to: channel('general'), topic: 'reactions', content: 'x' });
    expect((await serviceError(member.call('removeReaction', { message_id: id, emoji_name: 'octopus', emoji_code: 'zzzz', reaction_type: 'unicode_emoji' }))).code).toBe(
      'BAD_REQUEST',
    );
  });
});

describe('typing (3) and topics (5, 11)', () => {
  it('sends direct and channel typing notifications that others receive as events', async () => {
    const watcher = h.clientFor(h.owner);
    const { queue_id, last_event_id } = await watcher.call('registerQueue', {
      event_types: ['typing'],
      client_capabilities: { stream_typing_notifications: true },
    });
    await member.call('setTypingStatus', { op: 'start', to: [h.owner.user_id] });
    await member.call('setTypingStatus', { type: 'channel', op: 'stop', stream_id: channel('general'), topic: 'lunch' });
    const { events } = await watcher.call('getEvents', { queue_id: queue_id ?? '', last_event_id, dont_block: true });
    expect(events).toEqual([
      expect.objectContaining({ type: 'typing', op: 'start', message_type: 'direct', sender: expect.objectContaining({ user_id: h.member.user_id }) }),
      expect.objectContaining({ type: 'typing', op: 'stop', message_type: 'stream', stream_id: channel('general'), topic: 'lunch' }),
    ]);
  });

  it('channel typing without stream_id is refused before sending', async () => {
    expect(await failure(member.call('setTypingStatus', { type: 'channel', op: 'start', topic: 't' }))).toBeInstanceOf(ValidationError);
  });

  it('sets a topic visibility policy, even for a topic without messages', async () => {
    const result = await member.call('updateUserTopic', { stream_id: channel('general'), topic: 'no messages yet', visibility_policy: 1 });
    expect(result.result).toBe('success');
    const registered = await h.clientFor(h.member).call('registerQueue', { fetch_event_types: ['user_topic'] });
    expect(registered.user_topics).toContainEqual(
      expect.objectContaining({ stream_id: channel('general'), topic_name: 'no messages yet', visibility_policy: 1 }),
    );
  });

  it('deletes a topic as an administrator (complete: true)', async () => {
    await member.call('sendMessage', { type: 'channel', to: channel('random'), topic: 'to delete', content: 'one' });
    await member.call('sendMessage', { type: 'channel', to: channel('random'), topic: 'to delete', content: 'two' });
    const { complete } = await admin.call('deleteTopic', { stream_id: channel('random'), topic_name: 'to delete' });
    expect(complete).toBe(true);
    const { messages } = await member.call('getMessages', {
      anchor: 'newest',
      num_before: 10,
      num_after: 0,
      narrow: [
        { operator: 'channel', operand: channel('random') },
        { operator: 'topic', operand: 'to delete' },
      ],
    });
    expect(messages).toEqual([]);
  });

  it('a topic deletion that times out answers complete: false', async () => {
    await member.call('sendMessage', { type: 'channel', to: channel('random'), topic: 'slow', content: 'one' });
    h.service.faults.deleteTopicBatchesBeforeTimeout = 0;
    try {
      expect((await admin.call('deleteTopic', { stream_id: channel('random'), topic_name: 'slow' })).complete).toBe(false);
    } finally {
      h.service.faults.deleteTopicBatchesBeforeTimeout = null;
    }
    expect((await admin.call('deleteTopic', { stream_id: channel('random'), topic_name: 'slow' })).complete).toBe(true);
  });

  it('topic deletion by a non-administrator is UNAUTHORIZED_PRINCIPAL', async () => {
    expect((await serviceError(member.call('deleteTopic', { stream_id: channel('general'), topic_name: 'welcome' }))).code).toBe(
      'UNAUTHORIZED_PRINCIPAL',
    );
  });
});

describe('channels and channel folders (6, 7, 18)', () => {
  it('lists channels with the fields of the spec', async () => {
    const { streams } = await member.call('getChannels', {});
    const general = streams.find((stream) => stream.name === 'general');
    expect(general).toMatchObject({
      stream_id: expect.any(Number),
      is_archived: false,
      description: expect.any(String),
      rendered_description: expect.any(String),
      date_created: expect.any(Number),
      invite_only: false,
      is_web_public: expect.any(Boolean),
      history_public_to_subscribers: true,
      topics_policy: expect.any(String),
    });
    expect(streams.some((stream) => stream.name === 'leadership')).toBe(false);
    const archived = await owner.call('getChannels', { exclude_archived: false });
    expect(archived.streams.some((stream) => stream.is_archived)).toBe(true);
  });

  it('creates, renames and archives a channel folder as an administrator', async () => {
    const { channel_folder_id } = await admin.call('createChannelFolder', { name: 'Ops', description: '' });
    expect(channel_folder_id).toEqual(expect.any(Number));
    await admin.call('updateChannelFolder', { channel_folder_id, name: 'Operations', description: 'Runbooks' });
    let folder = (await member.call('getChannelFolders', {})).channel_folders.find((f) => f.channel_folder_id === channel_folder_id);
    expect(folder).toMatchObject({ name: 'Operations', description: 'Runbooks', is_archived: false });

    await admin.call('updateChannelFolder', { channel_folder_id, is_archived: true });
    expect((await member.call('getChannelFolders', {})).channel_folders.some((f) => f.channel_folder_id === channel_folder_id)).toBe(false);
    folder = (await member.call('getChannelFolders', { include_archived: true })).channel_folders.find((f) => f.channel_folder_id === channel_folder_id);
    expect(folder?.is_archived).toBe(true);
  });

  it('a non-administrator creating a channel folder gets UNAUTHORIZED_PRINCIPAL', async () => {
    expect((await serviceError(member.call('createChannelFolder', { name: 'Mine', description: '' }))).code).toBe('UNAUTHORIZED_PRINCIPAL');
  });

  it('updating an unknown channel folder is BAD_REQUEST', async () => {
    expect((await serviceError(admin.call('updateChannelFolder', { channel_folder_id: 987654, name: 'x' }))).code).toBe('BAD_REQUEST');
  });
});

describe('custom profile fields (9), linkifiers (20), saved snippets (17)', () => {
  it('creates a custom profile field and lists it', async () => {
    const { id } = await admin.call('createCustomProfileField', {
      name: 'Team',
      hint: 'Which team?',
      field_type: 3,
      field_data: { a: { text: 'Alpha', order: '1' }, b: { text: 'Beta', order: '2' } },
      required: false,
      editable_by_user: true,
    });
    expect(id).toEqual(expect.any(Number));
    const { custom_fields } = await member.call('getCustomProfileFields', {});
    expect(custom_fields).toContainEqual(expect.objectContaining({ id, name: 'Team', hint: 'Which team?' }));
  });

  it('at most 2 fields may be in the profile summary', async () => {
    const before = (await member.call('getCustomProfileFields', {})).custom_fields.filter((f) => f.display_in_profile_summary === true).length;
    for (let i = before; i < 2; i += 1) {
      await admin.call('createCustomProfileField', { name: `Summary ${i}`, field_type: 1, display_in_profile_summary: true });
    }
    const error = await serviceError(admin.call('createCustomProfileField', { name: 'One too many', field_type: 1, display_in_profile_summary: true }));
    expect(error.code).toBe('BAD_REQUEST');
  });

  it('updates a linkifier', async () => {
    const { linkifiers } = await member.call('getLinkifiers', {});
    const first = linkifiers[0];
    expect(first).toMatchObject({ filter_id: expect.any(Number), pattern: expect.any(String), url_template: expect.any(String) });
    await admin.call('updateLinkifier', { filter_id: first!.filter_id, pattern: 'TICKET-(?P<id>[0-9]+)', url_template: 'https://t.example/{id}' });
    const updated = (await member.call('getLinkifiers', {})).linkifiers.find((l) => l.filter_id === first!.filter_id);
    expect(updated).toMatchObject({ pattern: 'TICKET-(?P<id>[0-9]+)', url_template: 'https://t.example/{id}' });
  });

  it('creates, edits, lists and deletes saved snippets; an unknown one is BAD_REQUEST', async () => {
    const { saved_snippet_id } = await member.call('createSavedSnippet', { title: 'Hello', content: 'Hi **there**' });
    await member.call('editSavedSnippet', { saved_snippet_id, title: 'Greeting' });
    const snippet = (await member.call('getSavedSnippets', {})).saved_snippets.find((s) => s.saved_snippet_id === saved_snippet_id);
    expect(snippet).toMatchObject({ title: 'Greeting', content: 'Hi **there**' });
    await member.call('deleteSavedSnippet', { saved_snippet_id });
    expect((await member.call('getSavedSnippets', {})).saved_snippets.some((s) => s.saved_snippet_id === saved_snippet_id)).toBe(false);
    expect(await serviceError(member.call('editSavedSnippet', { saved_snippet_id, title: 'Gone' }))).toMatchObject({ code: 'BAD_REQUEST', status: 404 });
  });
});

describe('users (10, 15, 19, 22, 23)', () => {
  it('lists users with the fields of the spec, optionally with profile data, optionally some IDs only', async () => {
    const { members } = await member.call('getUsers', { include_custom_profile_fields: true });
    const me = members.find((user) => user.user_id === h.member.user_id);
    expect(me).toMatchObject({
      email: expect.any(String),
      full_name: h.member.full_name,
      is_active: true,
      is_bot: false,
      role: 400,
      date_joined: expect.any(String),
      profile_data: expect.any(Object),
    });
    const some = await member.call('getUsers', { user_ids: [h.owner.user_id] });
    expect(some.members.map((user) => user.user_id)).toEqual([h.owner.user_id]);
  });

  it('gets a user by email, the email escaped in the path', async () => {
    const { user } = await member.call('getUserByEmail', { email: h.owner.email });
    expect(user).toMatchObject({ user_id: h.owner.user_id, full_name: h.owner.full_name });
  });

  it('creates a user (administrator with can_create_users); the email in use is BAD_REQUEST', async () => {
    const email = 'new+person@demo.example';
    const outcomes = await Promise.allSettled(
      h.withRole(200).map((account) => h.clientFor(account).call('createUser', { email, password: 'correct horse', full_name: 'New Person' })),
    );
    // One administrator has can_create_users, the other does not.
    const created = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(created).toHaveLength(1);
    expect(refused.map((o) => (o.reason as ServiceError).code)).toEqual(['BAD_REQUEST']);

    const { user } = await member.call('getUserByEmail', { email });
    expect(user.full_name).toBe('New Person');
    expect((await serviceError(owner.call('createUser', { email, password: 'x', full_name: 'Again' }))).code).toBe('BAD_REQUEST');
  });

  it('deactivates a user; the only owner cannot be deactivated', async () => {
    const { user_id } = await owner.call('createUser', { email: 'leaving@demo.example', password: 'pw pw pw', full_name: 'Leaving Soon' });
    await admin.call('deactivateUser', { user_id, deactivation_notification_comment: 'Thanks for everything' });
    const { members } = await member.call('getUsers', { user_ids: [user_id] });
    expect(members[0]?.is_active).toBe(false);
    expect((await serviceError(owner.call('deactivateUser', { user_id: h.owner.user_id }))).code).toBe('BAD_REQUEST');
  });

  it("sets another user's status as an administrator; a member may not", async () => {
    const watcher = h.clientFor(h.member);
    const { queue_id, last_event_id } = await watcher.call('registerQueue', { event_types: ['user_status'] });
    await admin.call('updateStatusForUser', { user_id: h.member.user_id, status_text: 'On call', emoji_name: 'calendar' });
    const { events } = await watcher.call('getEvents', { queue_id: queue_id ?? '', last_event_id, dont_block: true });
    expect(events).toContainEqual(expect.objectContaining({ type: 'user_status', user_id: h.member.user_id, status_text: 'On call' }));
    expect((await serviceError(member.call('updateStatusForUser', { user_id: h.owner.user_id, status_text: 'hacked' }))).code).toBe('BAD_REQUEST');
    expect((await serviceError(admin.call('updateStatusForUser', { user_id: h.member.user_id, emoji_name: 'no_such_emoji_xyz' }))).code).toBe(
      'BAD_REQUEST',
    );
  });
});

describe('invitations (12) and push (13)', () => {
  it('creates a reusable invitation link', async () => {
    const { invite_link } = await admin.call('createInviteLink', {
      invite_expires_in_minutes: null,
      invite_as: 400,
      stream_ids: [channel('general')],
      include_realm_default_subscriptions: true,
      welcome_message_custom_text: 'Welcome aboard!',
    });
    expect(() => new URL(invite_link)).not.toThrow();
  });

  it('inviting with a more powerful role than your own is BAD_REQUEST; so is an invalid channel', async () => {
    expect((await serviceError(member.call('createInviteLink', { invite_as: 200 }))).code).toBe('BAD_REQUEST');
    expect((await serviceError(admin.call('createInviteLink', { stream_ids: [987654] }))).code).toBe('BAD_REQUEST');
  });

  const registration = {
    token_kind: 'fcm' as const,
    push_account_id: 424242,
    push_public_key: Buffer.from('client public key').toString('base64'),
    bouncer_public_key: 'bouncer-key-1',
    encrypted_push_registration: Buffer.from('ciphertext').toString('base64'),
  };

  it('push registration on a server without a push service is PUSH_SERVICE_NOT_CONFIGURED', async () => {
    expect((await serviceError(member.call('registerPushDevice', registration))).code).toBe('PUSH_SERVICE_NOT_CONFIGURED');
  });

  it('push registration succeeds where a push service is configured', async () => {
    const pushing = await startHarness({ pushConfigured: true });
    try {
      const result = await pushing.clientFor(pushing.member).call('registerPushDevice', registration);
      expect(result.result).toBe('success');
    } finally {
      await pushing.service.close();
    }
  });
});
