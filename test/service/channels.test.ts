// Channels: listing, channel folders, topic preferences and topic deletion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemo, type Demo } from './testing/demo';
import { EventStream, ofType, type Event } from './testing/events';
import { expectResponseValid } from './testing/reference';

let demo: Demo;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.service.close());

const names = (reply: { body: Record<string, unknown> }): string[] => (reply.body['streams'] as { name: string }[]).map((stream) => stream.name).sort();

describe('GET /streams', () => {
  it('lists public and subscribed channels by default, in the reference shape', async () => {
    const reply = await demo.clients.member.get('/streams');
    expect(reply.status).toBe(200);
    expectResponseValid('get-streams', reply.body);
    expect(names(reply)).toEqual(['design', 'engineering', 'general', 'random', 'sandbox']);
    const engineering = (reply.body['streams'] as Record<string, unknown>[]).find((stream) => stream['name'] === 'engineering');
    expect(engineering).toMatchObject({ stream_id: DEMO.channels.engineering, folder_id: DEMO.folders.engineering, topics_policy: 'inherit', is_archived: false, invite_only: false });
    expect(engineering?.['first_message_id']).toEqual(expect.any(Number));
  });

  it('honours the include flags', async () => {
    expect(names(await demo.clients.member.get('/streams', { include_public: false }))).toEqual(['design', 'engineering', 'general', 'random']);
    expect(names(await demo.clients.member.get('/streams', { exclude_archived: false }))).toContain('old-announcements');
    expect(names(await demo.clients.member.get('/streams', { include_public: false, include_subscribed: false, include_default: true }))).toEqual(['general', 'random']);
    expect(names(await demo.clients.admin.get('/streams', { include_all: true }))).toContain('leadership');
    expect(names(await demo.clients.member.get('/streams', { include_all: true }))).not.toContain('leadership');
    expect(names(await demo.clients.guest.get('/streams'))).toEqual(['design', 'general']);
  });

  it('refuses include_all_active to non-administrators', async () => {
    expect((await demo.clients.member.get('/streams', { include_all_active: true })).body['code']).toBe('BAD_REQUEST');
    expect((await demo.clients.admin.get('/streams', { include_all_active: true })).status).toBe(200);
  });
});

describe('subscribing and channel settings', () => {
  it('subscribes to an existing channel with a subscription add event, and creates a new one', async () => {
    const mine = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['subscription', 'stream'] });
    const peers = await EventStream.open(demo.service.url, demo.accounts.owner, { event_types: ['subscription'] });
    const reply = await demo.clients.member.post('/users/me/subscriptions', { subscriptions: [{ name: 'sandbox' }, { name: 'brand-new', description: 'Fresh' }] });
    expect(reply.status).toBe(200);
    expect(reply.body['subscribed']).toEqual({ [String(demo.accounts.member.user_id)]: ['sandbox', 'brand-new'] });
    const added = await mine.next(ofType('subscription', 'add'));
    expect(added['subscriptions']).toEqual([expect.objectContaining({ name: 'sandbox', stream_id: DEMO.channels.sandbox, invite_only: false, subscribers: expect.arrayContaining([demo.accounts.member.user_id]) })]);
    expect((await mine.next(ofType('stream', 'create')))['streams']).toEqual([expect.objectContaining({ name: 'brand-new', rendered_description: '<p>Fresh</p>' })]);
    expect(await peers.next(ofType('subscription', 'peer_add'))).toMatchObject({ stream_ids: [DEMO.channels.sandbox], user_ids: [demo.accounts.member.user_id] });
    const again = await demo.clients.member.post('/users/me/subscriptions', { subscriptions: [{ name: 'sandbox' }] });
    expect(again.body['already_subscribed']).toEqual({ [String(demo.accounts.member.user_id)]: ['sandbox'] });
  });

  it('has Notification Bot announce a new channel in its "channel events" topic, in the real server\'s words', async () => {
    const mine = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['message'], apply_markdown: true });
    await demo.clients.member.post('/users/me/subscriptions', { subscriptions: [{ name: 'secret plans' }], invite_only: true });
    const { message, flags } = (await mine.next(ofType('message'))) as unknown as { message: Record<string, unknown>; flags: string[] };
    const member = demo.accounts.member;
    expect(message).toMatchObject({ sender_full_name: 'Notification Bot', display_recipient: 'secret plans', subject: 'channel events' });
    expect(message['content']).toContain('<strong>Private, protected history</strong> channel created by <span class="user-mention silent"');
    expect(message['content']).toContain('<blockquote>\n<p><em>No description.</em></p>\n</blockquote>');
    expect(message['content']).toContain(`data-user-id="${member.user_id}"`);
    // Read for the creator, as the real server sends it.
    expect(flags).toContain('read');
  });

  it('lets only privileged users subscribe others', async () => {
    const reply = await demo.clients.member.post('/users/me/subscriptions', { subscriptions: [{ name: 'random' }], principals: [DEMO.users.liam] });
    expect(reply.status).toBe(400);
    expect((await demo.clients.moderator.post('/users/me/subscriptions', { subscriptions: [{ name: 'random' }], principals: [DEMO.users.liam] })).status).toBe(200);
  });

  it('updates a channel description with a stream update event', async () => {
    const stream = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['stream'] });
    expect((await demo.clients.member.patch(`/streams/${DEMO.channels.random}`, { description: 'Nope' })).status).toBe(400);
    expect((await demo.clients.admin.patch(`/streams/${DEMO.channels.random}`, { description: 'Anything *goes*' })).status).toBe(200);
    expect(await stream.next(ofType('stream', 'update'))).toMatchObject({
      stream_id: DEMO.channels.random,
      name: 'random',
      property: 'description',
      value: 'Anything *goes*',
      rendered_description: '<p>Anything <em>goes</em></p>',
    });
  });

  it('describes, then renames, each with its Notification Bot notice in "channel events", as the real server does', async () => {
    const events = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['message'] });
    const admin = demo.accounts.admin;
    expect((await demo.clients.admin.patch(`/streams/${DEMO.channels.random}`, { new_name: 'random', description: '' })).status).toBe(400);
    expect((await demo.clients.admin.patch(`/streams/${DEMO.channels.random}`, { new_name: 'off topic', description: 'Chatter' })).status).toBe(200);
    const notices = [await events.next(ofType('message')), await events.next(ofType('message'))].map((event) => (event as unknown as { message: { content: string; subject: string } }).message);
    expect(notices.map((notice) => notice.subject)).toEqual(['channel events', 'channel events']);
    expect(notices[0]!.content).toBe(
      `@_**${admin.full_name}|${admin.user_id}** changed the description for this channel.\n\n* **Old description:**\n\`\`\`\` quote\nAnything *goes*\n\`\`\`\`\n* **New description:**\n\`\`\`\` quote\nChatter\n\`\`\`\``,
    );
    expect(notices[1]!.content).toBe(`@_**${admin.full_name}|${admin.user_id}** renamed channel **random** to **off topic**.`);
    expect((await demo.clients.admin.patch(`/streams/${DEMO.channels.random}`, { new_name: 'random' })).status).toBe(200);
  });

  it('archives a channel as real servers do: a stream delete event, a notice read by everyone, then no more messages', async () => {
    await demo.clients.member.post('/users/me/subscriptions', { subscriptions: [{ name: 'short-lived' }] });
    const stream_id = (await demo.clients.member.get('/get_stream_id', { stream: 'short-lived' })).body['stream_id'] as number;
    const events = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['stream', 'message'], client_capabilities: { archived_channels: true } });
    expect((await demo.clients.moderator.delete(`/streams/${stream_id}`)).body).toMatchObject({ code: 'BAD_REQUEST', msg: 'You do not have permission to administer this channel.' });
    expect((await demo.clients.admin.delete(`/streams/${stream_id}`)).body).toEqual({ result: 'success', msg: '' });
    expect(await events.next(ofType('stream', 'delete'))).toMatchObject({ streams: [{ stream_id }], stream_ids: [stream_id] });
    const notice = (await events.next(ofType('message'))) as unknown as { message: { content: string; subject: string; sender_full_name: string }; flags: string[] };
    expect(notice.message).toMatchObject({ sender_full_name: 'Notification Bot', subject: 'channel events', content: 'Channel short-lived has been archived.' });
    expect(notice.flags).toContain('read');
    expect((await demo.clients.admin.delete(`/streams/${stream_id}`)).body).toMatchObject({ msg: 'Channel is already deactivated' });
    const refused = await demo.clients.member.post('/messages', { type: 'stream', to: stream_id, topic: 'after', content: 'too late' });
    expect(refused.body).toMatchObject({ code: 'BAD_REQUEST', msg: "Not authorized to send to channel 'short-lived'" });
  });
});

describe('channel folders', () => {
  it('creates a folder as an administrator, with a channel_folder add event', async () => {
    const stream = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['channel_folder'] });
    const reply = await demo.clients.admin.post('/channel_folders/create', { name: 'Marketing', description: 'Campaigns' });
    expect(reply.status).toBe(200);
    expectResponseValid('create-channel-folder', reply.body);
    const id = reply.body['channel_folder_id'] as number;
    const added = await stream.next(ofType('channel_folder', 'add'));
    expect(added['channel_folder']).toMatchObject({ id, name: 'Marketing', rendered_description: '<p>Campaigns</p>', is_archived: false });
    const listed = await demo.clients.member.get('/channel_folders');
    expect(listed.body['channel_folders']).toEqual(expect.arrayContaining([expect.objectContaining({ channel_folder_id: id, name: 'Marketing', description: 'Campaigns' })]));
  });

  it('refuses non-administrators with UNAUTHORIZED_PRINCIPAL', async () => {
    const reply = await demo.clients.moderator.post('/channel_folders/create', { name: 'Nope', description: '' });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' });
    expectResponseValid('create-channel-folder', reply.body, '400');
    expect((await demo.clients.member.patch(`/channel_folders/${DEMO.folders.engineering}`, { name: 'Nope' })).body['code']).toBe('UNAUTHORIZED_PRINCIPAL');
  });

  it('enforces the announced name and description limits and requires the description', async () => {
    const state = await demo.clients.admin.post('/register', { fetch_event_types: ['realm'] });
    const maxName = state.body['max_channel_folder_name_length'] as number;
    const maxDescription = state.body['max_channel_folder_description_length'] as number;
    expect((await demo.clients.admin.post('/channel_folders/create', { name: 'n'.repeat(maxName + 1), description: '' })).status).toBe(400);
    expect((await demo.clients.admin.post('/channel_folders/create', { name: 'Long text', description: 'd'.repeat(maxDescription + 1) })).status).toBe(400);
    expect((await demo.clients.admin.post('/channel_folders/create', { name: '   ', description: '' })).status).toBe(400);
    expect((await demo.clients.admin.post('/channel_folders/create', { name: 'No description' })).body['code']).toBe('REQUEST_VARIABLE_MISSING');
    expect((await demo.clients.admin.post('/channel_folders/create', { name: 'n'.repeat(maxName), description: 'd'.repeat(maxDescription) })).status).toBe(200);
  });

  it('renames, archives and unarchives, with channel_folder update events', async () => {
    const stream = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['channel_folder'] });
    const path = `/channel_folders/${DEMO.folders.engineering}`;
    const renamed = await demo.clients.admin.patch(path, { name: 'Eng', description: 'Builders' });
    expect(renamed.status).toBe(200);
    expectResponseValid('update-channel-folder', renamed.body);
    expect(await stream.next(ofType('channel_folder', 'update'))).toMatchObject({
      channel_folder_id: DEMO.folders.engineering,
      data: { name: 'Eng', description: 'Builders', rendered_description: '<p>Builders</p>' },
    });
    await demo.clients.admin.patch(path, { is_archived: true });
    expect((await stream.next(ofType('channel_folder', 'update')))['data']).toEqual({ is_archived: true });
    await demo.clients.admin.patch(path, { is_archived: false });
    expect((await stream.next(ofType('channel_folder', 'update')))['data']).toEqual({ is_archived: false });
  });

  it('answers BAD_REQUEST for an invalid folder id', async () => {
    const reply = await demo.clients.admin.patch('/channel_folders/999', { name: 'Ghost' });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid channel folder ID' });
  });
});

describe('POST /user_topics', () => {
  it('sets each visibility policy, even for a topic without messages, with user_topic events', async () => {
    const stream = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['user_topic'] });
    for (const policy of [1, 2, 3, 0]) {
      const reply = await demo.clients.member.post('/user_topics', { stream_id: DEMO.channels.random, topic: 'never discussed', visibility_policy: policy });
      expect(reply.status).toBe(200);
      expectResponseValid('update-user-topic', reply.body);
      expect(await stream.next(ofType('user_topic'))).toMatchObject({ stream_id: DEMO.channels.random, topic_name: 'never discussed', visibility_policy: policy, last_updated: expect.any(Number) });
    }
    const state = await demo.clients.member.post('/register', { fetch_event_types: ['user_topic'] });
    expect((state.body['user_topics'] as { topic_name: string }[]).some((topic) => topic.topic_name === 'never discussed')).toBe(false);
  });

  it('reads the empty-topic display name as the empty topic', async () => {
    const stream = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['user_topic'], client_capabilities: { empty_topic_name: true } });
    await demo.clients.member.post('/user_topics', { stream_id: DEMO.channels.random, topic: 'general chat', visibility_policy: 1 });
    expect((await stream.next(ofType('user_topic')))['topic_name']).toBe('');
  });

  it('refuses an invalid policy, an over-long topic and an unknown channel', async () => {
    expect((await demo.clients.member.post('/user_topics', { stream_id: DEMO.channels.random, topic: 'x', visibility_policy: 4 })).status).toBe(400);
    expect((await demo.clients.member.post('/user_topics', { stream_id: DEMO.channels.random, topic: 't'.repeat(61), visibility_policy: 1 })).status).toBe(400);
    expect((await demo.clients.member.post('/user_topics', { stream_id: 999, topic: 'x', visibility_policy: 1 })).status).toBe(400);
  });
});

describe('POST /streams/{stream_id}/delete_topic', () => {
  async function fillTopic(topic: string, count: number): Promise<number[]> {
    const ids: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const reply = await demo.clients.admin.post('/messages', { type: 'stream', to: DEMO.channels.sandbox, topic, content: `message ${index}` });
      ids.push(reply.body['id'] as number);
    }
    return ids;
  }

  it('refuses non-administrators with UNAUTHORIZED_PRINCIPAL', async () => {
    const reply = await demo.clients.member.post(`/streams/${DEMO.channels.general}/delete_topic`, { topic_name: 'welcome' });
    expect(reply.body['code']).toBe('UNAUTHORIZED_PRINCIPAL');
    expectResponseValid('delete-topic', reply.body, '400');
  });

  it('deletes in batches, newest first, and can time out with complete: false', async () => {
    const ids = await fillTopic('bulk', 120);
    const stream = await EventStream.open(demo.service.url, demo.accounts.owner, { event_types: ['delete_message'], client_capabilities: { bulk_message_deletion: true } });
    demo.service.faults.deleteTopicBatchesBeforeTimeout = 1;
    try {
      const first = await demo.clients.admin.post(`/streams/${DEMO.channels.sandbox}/delete_topic`, { topic_name: 'bulk' });
      expect(first.status).toBe(200);
      expectResponseValid('delete-topic', first.body);
      expect(first.body['complete']).toBe(false);
      const batch = await stream.next(ofType('delete_message'));
      expect(batch).toMatchObject({ message_type: 'stream', stream_id: DEMO.channels.sandbox, topic: 'bulk' });
      const deleted = batch['message_ids'] as number[];
      expect(deleted.length).toBeGreaterThan(0);
      expect(deleted.length).toBeLessThan(ids.length);
      // Newest first: what is gone is the tail of the topic.
      expect([...deleted].sort((a, b) => a - b)).toEqual(ids.slice(ids.length - deleted.length));
      let reply = first;
      for (let attempt = 0; attempt < 10 && reply.body['complete'] !== true; attempt += 1) {
        reply = await demo.clients.admin.post(`/streams/${DEMO.channels.sandbox}/delete_topic`, { topic_name: 'bulk' });
      }
      expect(reply.body['complete']).toBe(true);
    } finally {
      demo.service.faults.deleteTopicBatchesBeforeTimeout = null;
    }
    const left = await demo.clients.admin.get('/messages', { anchor: 'newest', num_before: 200, num_after: 0, narrow: [{ operator: 'channel', operand: DEMO.channels.sandbox }, { operator: 'topic', operand: 'bulk' }] });
    expect(left.body['messages']).toEqual([]);
  });

  it('sends one delete_message per message to clients without bulk deletion, and the new first_message_id', async () => {
    const [oldest] = await fillTopic('first topic', 2);
    const [next] = await fillTopic('second topic', 1);
    const stream = await EventStream.open(demo.service.url, demo.accounts.owner, { event_types: ['delete_message', 'stream'] });
    const reply = await demo.clients.admin.post(`/streams/${DEMO.channels.sandbox}/delete_topic`, { topic_name: 'first topic' });
    expect(reply.body['complete']).toBe(true);
    const deletions: Event[] = [await stream.next(ofType('delete_message')), await stream.next(ofType('delete_message'))];
    expect(deletions.map((event) => event['message_id']).sort()).toEqual(expect.arrayContaining([oldest]));
    const update = await stream.next(ofType('stream', 'update'));
    expect(update).toMatchObject({ stream_id: DEMO.channels.sandbox, property: 'first_message_id', value: next });
  });
});
