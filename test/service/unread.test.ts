// Unread state as a client reads it: a generated history (`messages`), `unread_msgs` at
// registration, flag updates over a narrow, marking everything read, leaving a channel, and the
// `search` operator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type Demo } from './testing/demo';
import { EventStream, ofType } from './testing/events';
import { expectResponseValid } from './testing/reference';

const HISTORY = 2000;

interface Unread {
  count: number;
  pms: { other_user_id: number; unread_message_ids: number[] }[];
  streams: { stream_id: number; topic: string; unread_message_ids: number[] }[];
  huddles: { user_ids_string: string; unread_message_ids: number[] }[];
  mentions: number[];
}

let demo: Demo;
beforeAll(async () => {
  demo = await startDemo({ messages: HISTORY });
});
afterAll(() => demo.service.close());

async function unreadOf(as: keyof Demo['clients']): Promise<Unread> {
  const reply = await demo.clients[as].post('/register', { fetch_event_types: ['message', 'update_message_flags'] });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body['unread_msgs'] as Unread;
}

const streamIds = (unread: Unread): number[] => unread.streams.flatMap((entry) => entry.unread_message_ids);

describe('--messages N', () => {
  it('adds that many messages across channels, topics and direct conversations, with unread ones and mentions', async () => {
    const total = demo.service.db.prepare('SELECT COUNT(*) FROM messages').pluck().get() as number;
    const seeded = await startDemo();
    const before = seeded.service.db.prepare('SELECT COUNT(*) FROM messages').pluck().get() as number;
    await seeded.service.close();
    expect(total - before).toBe(HISTORY);

    const unread = await unreadOf('member');
    expect(new Set(unread.streams.map((entry) => entry.stream_id)).size).toBeGreaterThan(1);
    expect(new Set(unread.streams.map((entry) => `${entry.stream_id}/${entry.topic}`)).size).toBeGreaterThan(3);
    expect(unread.pms.length + unread.huddles.length).toBeGreaterThan(0);
    expect(unread.mentions.length).toBeGreaterThan(0);
    expect(unread.count).toBeGreaterThan(20);
    // Mentions are unread messages of the member's own, and can be read back with their flag.
    const [mention] = unread.mentions;
    const fetched = await demo.clients.member.get('/messages', { anchor: String(mention), num_before: 0, num_after: 0, narrow: [] });
    const flags = (fetched.body['messages'] as { flags: string[] }[])[0]?.flags ?? [];
    expect(flags.some((flag) => flag === 'mentioned' || flag === 'wildcard_mentioned')).toBe(true);
    expect(flags).not.toContain('read');
  });

  it('sends unread_msgs only to a registration for both message and update_message_flags, as a real server does', async () => {
    for (const types of [['message'], ['update_message_flags']]) {
      const reply = await demo.clients.member.post('/register', { fetch_event_types: types });
      expect(reply.body).not.toHaveProperty('unread_msgs');
    }
  });

  it('orders the history by time as it orders by ID', () => {
    const disorder = demo.service.db.prepare('SELECT COUNT(*) FROM messages a JOIN messages b ON b.id = a.id + 1 WHERE b.timestamp < a.timestamp').pluck().get();
    expect(disorder).toBe(0);
  });
});

describe('POST /messages/flags/narrow', () => {
  it('marks a topic read over a range, answers with what it processed, and tells the queue', async () => {
    const unread = await unreadOf('member');
    const topic = unread.streams.find((entry) => entry.unread_message_ids.length >= 2);
    if (topic === undefined) throw new Error('the history has no topic with two unread messages');
    const stream = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['update_message_flags'] });
    const narrow = [{ operator: 'channel', operand: topic.stream_id }, { operator: 'topic', operand: topic.topic }, { operator: 'is', operand: 'unread' }];
    const reply = await demo.clients.member.post('/messages/flags/narrow', { anchor: 'oldest', num_before: 0, num_after: 5000, narrow, op: 'add', flag: 'read' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expectResponseValid('update-message-flags-for-narrow', reply.body);
    expect(reply.body).toMatchObject({
      processed_count: topic.unread_message_ids.length,
      updated_count: topic.unread_message_ids.length,
      first_processed_id: topic.unread_message_ids[0],
      last_processed_id: topic.unread_message_ids.at(-1),
      found_newest: true,
    });
    expect(await stream.next(ofType('update_message_flags', 'add'))).toMatchObject({ flag: 'read', messages: topic.unread_message_ids, all: false });
    const after = await unreadOf('member');
    expect(after.streams.find((entry) => entry.stream_id === topic.stream_id && entry.topic === topic.topic)).toBeUndefined();
    expect(after.count).toBe(unread.count - topic.unread_message_ids.length);
  });

  it('shrinks a range to what was asked, so a client continues from the last processed ID', async () => {
    const unread = await unreadOf('owner');
    const narrow = [{ operator: 'is', operand: 'unread' }];
    const first = await demo.clients.owner.post('/messages/flags/narrow', { anchor: 'first_unread', num_before: 0, num_after: 2, narrow, op: 'add', flag: 'read' });
    expect(first.body).toMatchObject({ processed_count: 3, updated_count: 3, found_newest: false });
    const ids = [...streamIds(unread), ...unread.pms.flatMap((entry) => entry.unread_message_ids), ...unread.huddles.flatMap((entry) => entry.unread_message_ids)].sort((a, b) => a - b);
    expect(first.body['first_processed_id']).toBe(ids[0]);
    expect(first.body['last_processed_id']).toBe(ids[2]);
    expect((await unreadOf('owner')).count).toBe(unread.count - 3);
  });

  it('marks unread again, with message details, and refuses a missing anchor', async () => {
    const stream = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['update_message_flags'] });
    const narrow = [{ operator: 'channel', operand: 'general' }];
    const reply = await demo.clients.member.post('/messages/flags/narrow', { anchor: 'newest', num_before: 1, num_after: 0, narrow, op: 'remove', flag: 'read' });
    expect(reply.status).toBe(200);
    expect(reply.body['ignored_because_not_subscribed_channels']).toEqual([]);
    const event = await stream.next(ofType('update_message_flags', 'remove'));
    const [id] = event['messages'] as number[];
    expect(event['message_details']).toMatchObject({ [String(id)]: { type: 'stream', stream_id: 1 } });
    const missing = await demo.clients.member.post('/messages/flags/narrow', { num_before: 0, num_after: 0, narrow, op: 'add', flag: 'read' });
    expect(missing.status).toBe(400);
  });
});

describe('POST /mark_all_as_read', () => {
  it('reads everything, and says so with `all` rather than a list of messages', async () => {
    expect((await unreadOf('admin')).count).toBeGreaterThan(0);
    const stream = await EventStream.open(demo.service.url, demo.accounts.admin, { event_types: ['update_message_flags'] });
    const reply = await demo.clients.admin.post('/mark_all_as_read');
    expect(reply.body).toMatchObject({ result: 'success', complete: true });
    expect(await stream.next(ofType('update_message_flags', 'add'))).toMatchObject({ flag: 'read', messages: [], all: true });
    expect(await unreadOf('admin')).toMatchObject({ count: 0, streams: [], pms: [], huddles: [], mentions: [] });
  });
});

describe('leaving a channel', () => {
  it("marks the channel's unread messages read, after the remove event, so that none come back with the subscription (as the real server's deferred work does)", async () => {
    const unread = (await unreadOf('moderator')).streams;
    const counts = new Map<number, number[]>();
    for (const entry of unread) counts.set(entry.stream_id, [...(counts.get(entry.stream_id) ?? []), ...entry.unread_message_ids]);
    const [stream_id, ids] = [...counts].sort((a, b) => b[1].length - a[1].length)[0]!;
    expect(ids.length).toBeGreaterThan(0);
    const name = ((await demo.clients.moderator.get(`/streams/${stream_id}`)).body['stream'] as { name: string }).name;
    const stream = await EventStream.open(demo.service.url, demo.accounts.moderator, { event_types: ['subscription', 'update_message_flags'] });

    expect((await demo.clients.moderator.delete('/users/me/subscriptions', { subscriptions: [name] })).body).toMatchObject({ removed: [name] });
    const removed = await stream.next(ofType('subscription', 'remove'));
    const read = await stream.next(ofType('update_message_flags', 'add'));
    expect(read.id).toBeGreaterThan(removed.id);
    expect(read).toMatchObject({ flag: 'read', all: false });
    expect([...(read['messages'] as number[])].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));

    expect((await demo.clients.moderator.post('/users/me/subscriptions', { subscriptions: [{ name }] })).status).toBe(200);
    expect((await unreadOf('moderator')).streams.filter((entry) => entry.stream_id === stream_id)).toEqual([]);
  });
});

describe('the search operator', () => {
  it('finds generated messages having every word in their topic or content, with the matches highlighted', async () => {
    const narrow = [{ operator: 'search', operand: 'deploy rollback' }];
    const reply = await demo.clients.member.get('/messages', { anchor: 'newest', num_before: 50, num_after: 0, narrow });
    const messages = reply.body['messages'] as { subject: string; content: string; match_content: string; match_subject: string }[];
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) {
      expect(`${message.subject} ${message.content}`).toMatch(/deploy/i);
      expect(`${message.subject} ${message.content}`).toMatch(/rollback/i);
      expect(`${message.match_subject} ${message.match_content}`).toContain('<span class="highlight">rollback</span>');
    }
  });
});
