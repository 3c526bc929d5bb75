// Queue registration and the event queue: initial state and its gating, long-polling with
// heartbeats, acknowledgement, non-consecutive ids, event_types, and unknown/expired queues.
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './testing/client';
import { DEMO, startDemo, type Demo } from './testing/demo';
import { EventStream, ofType, type Event } from './testing/events';
import { expectEventValid, expectResponseValid } from './testing/reference';

let demo: Demo;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.service.close());

const names = (list: unknown): string[] => (list as { name: string }[]).map((item) => item.name);

describe('POST /register', () => {
  it('returns the whole initial state in the reference shape', async () => {
    const reply = await demo.clients.member.post('/register');
    expect(reply.status).toBe(200);
    expectResponseValid('register-queue', reply.body);
    expect(reply.body).toMatchObject({
      result: 'success',
      last_event_id: -1,
      service_feature_level: 420,
      max_message_length: 10000,
      max_topic_length: 60,
      max_channel_folder_name_length: 60,
      max_channel_folder_description_length: 1024,
      server_typing_started_expiry_period_milliseconds: 45000,
      server_typing_stopped_wait_period_milliseconds: 12000,
      server_typing_started_wait_period_milliseconds: 30000,
      event_queue_longpoll_timeout_seconds: 90,
      realm_name: 'Demo Organization',
      realm_empty_topic_display_name: 'general chat',
      user_id: demo.accounts.member.user_id,
    });
    expect(typeof reply.body['queue_id']).toBe('string');
    expect(typeof reply.body['service_version']).toBe('string');
    expect(typeof reply.body['service_merge_base']).toBe('string');
  });

  it('lists active and deactivated users apart, with profile data', async () => {
    const { body } = await demo.clients.member.post('/register', { fetch_event_types: ['realm_user'] });
    const active = body['realm_users'] as Record<string, unknown>[];
    const inactive = body['realm_non_active_users'] as Record<string, unknown>[];
    expect(inactive.map((user) => user['user_id'])).toEqual([DEMO.users.dana]);
    expect(active.some((user) => user['user_id'] === DEMO.users.dana)).toBe(false);
    const owner = active.find((user) => user['user_id'] === demo.accounts.owner.user_id);
    expect(owner).not.toHaveProperty('is_active');
    expect(owner?.['profile_data']).toMatchObject({ '2': { value: 'Founder. Loves **databases** and `SQL`.', rendered_value: expect.stringContaining('<strong>databases</strong>') } });
    // A user who shows their email to administrators only has a placeholder API email.
    const hana = active.find((user) => user['user_id'] === DEMO.users.hana);
    expect(hana).toMatchObject({ delivery_email: null, email: `user${DEMO.users.hana}@demo.example` });
    expect(body).not.toHaveProperty('subscriptions');
    expect(body).not.toHaveProperty('max_message_length');
  });

  it('splits channels into subscribed, unsubscribed and never subscribed', async () => {
    const { body } = await demo.clients.member.post('/register', { fetch_event_types: ['subscription', 'stream'] });
    expect(names(body['subscriptions'])).toEqual(expect.arrayContaining(['general', 'engineering', 'design']));
    expect(names(body['never_subscribed'])).toContain('sandbox');
    expect(names(body['never_subscribed'])).not.toContain('leadership');
    expect([...names(body['subscriptions']), ...names(body['never_subscribed'])]).not.toContain('old-announcements');
    expect(body['unsubscribed']).toEqual([]);
    expect(names(body['streams'])).not.toContain('leadership');
    const withArchived = await demo.clients.member.post('/register', { fetch_event_types: ['subscription'], client_capabilities: { archived_channels: true } });
    expect(names(withArchived.body['subscriptions'])).toContain('old-announcements');
  });

  it('includes subscribers when asked', async () => {
    const { body } = await demo.clients.member.post('/register', { fetch_event_types: ['subscription'], include_subscribers: true });
    const leadershipless = (body['subscriptions'] as Record<string, unknown>[]).find((channel) => channel['name'] === 'design');
    expect(leadershipless?.['subscribers']).toEqual(expect.arrayContaining([demo.accounts.member.user_id, demo.accounts.guest.user_id]));
  });

  it('returns folders, snippets, profile fields, linkifiers, scheduled messages, topics and statuses', async () => {
    const { body } = await demo.clients.member.post('/register', { client_capabilities: { linkifier_url_template: true } });
    expect(names(body['channel_folders'])).toEqual(['Engineering', 'Archive']);
    expect((body['saved_snippets'] as { title: string }[]).map((snippet) => snippet.title)).toEqual(['Standup', 'Review request']);
    expect((body['custom_profile_fields'] as unknown[]).length).toBe(3);
    expect((body['realm_linkifiers'] as { pattern: string }[]).map((linkifier) => linkifier.pattern)).toContain('#(?P<id>[0-9]+)');
    expect(body['scheduled_messages']).toEqual([expect.objectContaining({ type: 'stream', to: DEMO.channels.engineering, topic: 'standup', failed: false })]);
    expect(body['user_topics']).toEqual(expect.arrayContaining([expect.objectContaining({ topic_name: 'deploys', visibility_policy: 3 })]));
    expect(body['user_status']).toMatchObject({ [String(demo.accounts.member.user_id)]: { status_text: 'In a meeting', emoji_name: 'calendar' } });
    expect((body['unread_msgs'] as { count: number }).count).toBeGreaterThan(0);
  });

  it('gives clients without linkifier_url_template no linkifiers', async () => {
    const { body } = await demo.clients.member.post('/register', { fetch_event_types: ['realm_linkifiers'] });
    expect(body['realm_linkifiers']).toEqual([]);
  });

  it('uses event_types for the initial state when fetch_event_types is absent', async () => {
    const { body } = await demo.clients.member.post('/register', { event_types: ['saved_snippets'] });
    expect(body).toHaveProperty('saved_snippets');
    expect(body).not.toHaveProperty('realm_users');
    expect(body).toHaveProperty('queue_id');
  });
});

describe('GET /events', () => {
  it('returns at once with dont_block, and queues only the registered event types', async () => {
    const stream = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['saved_snippets'] });
    expect(await stream.poll()).toEqual([]);
    await demo.clients.member.post('/user_topics', { stream_id: DEMO.channels.general, topic: 'welcome', visibility_policy: 1 });
    await demo.clients.member.post('/saved_snippets', { title: 'Filtered', content: 'Only this arrives' });
    const events = await stream.collect();
    expect(events.map((event) => event.type)).toEqual(['saved_snippets']);
  });

  it('long-polls until an event arrives', async () => {
    const stream = await EventStream.open(demo.service.url, demo.accounts.member);
    const started = Date.now();
    const pending = call(demo.service.url, demo.accounts.member, 'GET', '/events', { queue_id: stream.queueId, last_event_id: -1 });
    await delay(200);
    await demo.clients.member.post('/saved_snippets', { title: 'Wake up', content: 'the poll' });
    const reply = await pending;
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(reply.status).toBe(200);
    expectResponseValid('get-events', reply.body);
    expect((reply.body['events'] as Event[]).map((event) => event.type)).toEqual(['saved_snippets']);
    expect(reply.body['queue_id']).toBe(stream.queueId);
  });

  it('gives increasing, not always consecutive ids, and drops what last_event_id acknowledges', async () => {
    const stream = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['user_topic'] });
    for (let index = 0; index < 8; index += 1) {
      await demo.clients.member.post('/user_topics', { stream_id: DEMO.channels.general, topic: `t${index}`, visibility_policy: 3 });
    }
    const all = await call(demo.service.url, demo.accounts.member, 'GET', '/events', { queue_id: stream.queueId, dont_block: true });
    const ids = (all.body['events'] as Event[]).map((event) => event.id);
    expect(ids).toHaveLength(8);
    expect(ids.every((id, index) => index === 0 || id > (ids[index - 1] ?? Infinity))).toBe(true);
    expect(ids.some((id, index) => index > 0 && id - (ids[index - 1] ?? 0) > 1)).toBe(true);
    const acknowledged = ids[4] ?? 0;
    const rest = await call(demo.service.url, demo.accounts.member, 'GET', '/events', { queue_id: stream.queueId, last_event_id: acknowledged, dont_block: true });
    expect((rest.body['events'] as Event[]).map((event) => event.id)).toEqual(ids.slice(5));
    // Acknowledged events are gone for good.
    const again = await call(demo.service.url, demo.accounts.member, 'GET', '/events', { queue_id: stream.queueId, dont_block: true });
    expect((again.body['events'] as Event[]).map((event) => event.id)).toEqual(ids.slice(5));
  });

  it('registers a queue when queue_id is absent', async () => {
    const reply = await demo.clients.member.get('/events', { dont_block: true, event_types: ['message'] });
    expect(reply.status).toBe(200);
    expect(typeof reply.body['queue_id']).toBe('string');
    expect(reply.body['events']).toEqual([]);
  });

  it('shows the empty topic by its display name unless the client declares empty_topic_name', async () => {
    const plain = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['message'] });
    const capable = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['message'], client_capabilities: { empty_topic_name: true } });
    await demo.clients.admin.post('/messages', { type: 'stream', to: DEMO.channels.general, topic: '(no topic)', content: 'No topic here' });
    expect(((await plain.next(ofType('message')))['message'] as Record<string, unknown>)['subject']).toBe('general chat');
    expect(((await capable.next(ofType('message')))['message'] as Record<string, unknown>)['subject']).toBe('');
  });
});

describe('heartbeats', () => {
  it('answers an idle long poll with a heartbeat event after the heartbeat interval', async () => {
    const quick = await startDemo({ heartbeatSeconds: 1, longpollTimeoutSeconds: 5 });
    try {
      const stream = await EventStream.open(quick.service.url, quick.accounts.member);
      expect(stream.state['event_queue_longpoll_timeout_seconds']).toBe(5);
      const started = Date.now();
      const reply = await call(quick.service.url, quick.accounts.member, 'GET', '/events', { queue_id: stream.queueId, last_event_id: -1 });
      const elapsed = Date.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(900);
      expect(elapsed).toBeLessThan(3000);
      const events = reply.body['events'] as Event[];
      expect(events).toHaveLength(1);
      expect(events[0]).toEqual({ type: 'heartbeat', id: 0 });
      expectEventValid(events[0] as Event);
    } finally {
      await quick.service.close();
    }
  });
});

describe('bad event queue ids', () => {
  const expectBadQueue = (reply: { status: number; body: Record<string, unknown> }, queueId: string): void => {
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ result: 'error', code: 'BAD_EVENT_QUEUE_ID', msg: `Bad event queue ID: ${queueId}`, queue_id: queueId });
  };

  it('refuses an unknown queue', async () => {
    const reply = await demo.clients.member.get('/events', { queue_id: 'no-such-queue', dont_block: true });
    expectBadQueue(reply, 'no-such-queue');
  });

  it("refuses another user's queue", async () => {
    const stream = await EventStream.open(demo.service.url, demo.accounts.member);
    expectBadQueue(await demo.clients.owner.get('/events', { queue_id: stream.queueId, dont_block: true }), stream.queueId);
  });

  it('refuses a deleted queue', async () => {
    const stream = await EventStream.open(demo.service.url, demo.accounts.member);
    expect((await demo.clients.member.delete('/events', { queue_id: stream.queueId })).status).toBe(200);
    expectBadQueue(await demo.clients.member.get('/events', { queue_id: stream.queueId, dont_block: true }), stream.queueId);
    expectBadQueue(await demo.clients.member.delete('/events', { queue_id: stream.queueId }), stream.queueId);
  });

  it('refuses queues expired by the test helper, also over HTTP, and ends a blocked poll', async () => {
    const first = await EventStream.open(demo.service.url, demo.accounts.member);
    const blocked = call(demo.service.url, demo.accounts.member, 'GET', '/events', { queue_id: first.queueId, last_event_id: -1 });
    await delay(100);
    demo.service.expireQueues();
    expectBadQueue(await blocked, first.queueId);
    const second = await EventStream.open(demo.service.url, demo.accounts.member);
    expect((await fetch(`${demo.service.url}/__sim/expire_queues`, { method: 'POST' })).status).toBe(200);
    expectBadQueue(await demo.clients.member.get('/events', { queue_id: second.queueId, dont_block: true }), second.queueId);
  });

  it('garbage-collects a queue left idle too long', async () => {
    const idle = await startDemo({ queueIdleSeconds: 0.3 });
    try {
      const stream = await EventStream.open(idle.service.url, idle.accounts.member);
      expect((await idle.clients.member.get('/events', { queue_id: stream.queueId, dont_block: true })).status).toBe(200);
      await delay(500);
      expectBadQueue(await idle.clients.member.get('/events', { queue_id: stream.queueId, dont_block: true }), stream.queueId);
    } finally {
      await idle.service.close();
    }
  });
});
