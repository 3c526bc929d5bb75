// Moving messages between topics and channels as real servers do (checked against a real server
// of the family at feature level 372: its answers, words and events): renaming from a message on,
// resolving and unresolving a topic (not counted as a move), moving to another channel where the
// role allows, the time limits, and the requests real servers refuse before any permission.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemo, type Demo } from './testing/demo';
import { EventStream, ofType } from './testing/events';
import { expectResponseValid } from './testing/reference';

let demo: Demo;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.service.close());

type Role = keyof Demo['clients'];

async function send(as: Role, topic: string, content: string, to: number = DEMO.channels.general): Promise<number> {
  const reply = await demo.clients[as].post('/messages', { type: 'stream', to, topic, content } as never);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body['id'] as number;
}

async function fetchOne(id: number): Promise<Record<string, unknown>> {
  const reply = await demo.clients.owner.get('/messages', { anchor: id, num_before: 0, num_after: 0 });
  const found = (reply.body['messages'] as Record<string, unknown>[]).find((message) => message['id'] === id);
  if (found === undefined) throw new Error(`message ${id} not found`);
  return found;
}

function age(id: number, seconds: number): void {
  demo.service.db.prepare('UPDATE messages SET timestamp = ? WHERE id = ?').run(Math.floor(Date.now() / 1000) - seconds, id);
}

describe('moving messages to another topic', () => {
  it('moves a message and the later ones of its topic (change_later), marks them moved and tells readers once', async () => {
    const [first, second, third] = [await send('member', 'rename me', 'one'), await send('owner', 'rename me', 'two'), await send('member', 'rename me', 'three')];
    const reader = await EventStream.open(demo.service.url, demo.accounts.admin, { event_types: ['update_message'] });
    const reply = await demo.clients.member.patch(`/messages/${second}`, { topic: 'renamed', propagate_mode: 'change_later' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expectResponseValid('update-message', reply.body);
    const event = await reader.next(ofType('update_message'));
    expect(event).toMatchObject({
      message_id: second,
      message_ids: [second, third],
      user_id: demo.accounts.member.user_id,
      stream_id: DEMO.channels.general,
      propagate_mode: 'change_later',
      orig_subject: 'rename me',
      subject: 'renamed',
      rendering_only: false,
    });
    expect(event).not.toHaveProperty('new_stream_id');
    expect(await fetchOne(first)).toMatchObject({ subject: 'rename me' });
    expect(await fetchOne(first)).not.toHaveProperty('last_moved_timestamp');
    expect(await fetchOne(third)).toMatchObject({ subject: 'renamed', last_moved_timestamp: event['edit_timestamp'] });
  });

  it('resolves a whole topic with the "✔ " prefix and unresolves it, neither counted as a move', async () => {
    const id = await send('member', 'flaky test', 'it fails on Tuesdays');
    const other = await send('admin', 'flaky test', 'fixed now');
    const reader = await EventStream.open(demo.service.url, demo.accounts.owner, { event_types: ['update_message'] });
    expect((await demo.clients.member.patch(`/messages/${id}`, { topic: '✔ flaky test', propagate_mode: 'change_all' })).status).toBe(200);
    expect(await reader.next(ofType('update_message'))).toMatchObject({ message_ids: [id, other], orig_subject: 'flaky test', subject: '✔ flaky test', propagate_mode: 'change_all' });
    const resolved = await fetchOne(other);
    expect(resolved['subject']).toBe('✔ flaky test');
    expect(resolved).not.toHaveProperty('last_moved_timestamp');
    expect((await demo.clients.member.patch(`/messages/${other}`, { topic: 'flaky test', propagate_mode: 'change_all' })).status).toBe(200);
    expect(await fetchOne(id)).toMatchObject({ subject: 'flaky test' });
    expect(await fetchOne(id)).not.toHaveProperty('last_moved_timestamp');
  });

  it('refuses a rename past the week real servers allow, but not to a moderator', async () => {
    const id = await send('member', 'old news', 'long ago');
    age(id, 8 * 86_400);
    const refused = await demo.clients.member.patch(`/messages/${id}`, { topic: 'older news', propagate_mode: 'change_one' });
    expect(refused.status).toBe(400);
    expectResponseValid('update-message', refused.body, '400');
    expect(refused.body['msg']).toBe("The time limit for editing this message's topic has passed.");
    expect((await demo.clients.moderator.patch(`/messages/${id}`, { topic: 'older news', propagate_mode: 'change_one' })).status).toBe(200);
  });

  it('refuses to move a whole topic holding messages past the limit, saying how many it could', async () => {
    const old = await send('member', 'mixed ages', 'old');
    const recent = await send('member', 'mixed ages', 'new');
    age(old, 8 * 86_400);
    const refused = await demo.clients.member.patch(`/messages/${recent}`, { topic: 'all ages', propagate_mode: 'change_all' });
    expect(refused.body).toMatchObject({
      code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
      msg: 'You only have permission to move the 1/2 most recent messages in this topic.',
      first_message_id_allowed_to_move: recent,
      total_messages_in_topic: 2,
      total_messages_allowed_to_move: 1,
    });
  });
});

describe('moving messages to another channel', () => {
  it('refuses a member where only moderators may, in real servers’ words; a moderator moves them', async () => {
    const id = await send('member', 'wrong place', 'this belongs in random');
    const refused = await demo.clients.member.patch(`/messages/${id}`, { stream_id: DEMO.channels.random, propagate_mode: 'change_all' });
    expect(refused.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: "You don't have permission to move this message" });
    const reader = await EventStream.open(demo.service.url, demo.accounts.owner, { event_types: ['update_message'] });
    expect((await demo.clients.moderator.patch(`/messages/${id}`, { stream_id: DEMO.channels.random, topic: 'right place', propagate_mode: 'change_all' })).status).toBe(200);
    expect(await reader.next(ofType('update_message'))).toMatchObject({ message_ids: [id], stream_id: DEMO.channels.general, new_stream_id: DEMO.channels.random, subject: 'right place' });
    expect(await fetchOne(id)).toMatchObject({ stream_id: DEMO.channels.random, display_recipient: 'random', subject: 'right place' });
  });
});

describe('requests real servers refuse before any permission', () => {
  it.each([
    ['a topic for a direct message', 'direct', { topic: 'x' }, 'Direct messages cannot have topics.'],
    ['propagating a content edit', 'stream', { content: 'changed', propagate_mode: 'change_all' }, 'Invalid propagate_mode without topic edit'],
    ['propagating nothing', 'stream', { propagate_mode: 'change_all' }, 'Nothing to change'],
    ['an unknown propagate_mode', 'stream', { topic: 'x', propagate_mode: 'bogus' }, 'Invalid propagate_mode'],
    ['resolving the general chat', 'stream', { topic: '✔', propagate_mode: 'change_all' }, 'General chat cannot be marked as resolved'],
    ['nothing to change', 'stream', {}, 'Nothing to change'],
  ] as const)('%s', async (_, kind, params, msg) => {
    const reply =
      kind === 'direct'
        ? await demo.clients.member.post('/messages', { type: 'direct', to: [demo.accounts.moderator.user_id], content: 'hi' })
        : await demo.clients.member.post('/messages', { type: 'stream', to: DEMO.channels.general, topic: 'payloads', content: 'hi' });
    const refused = await demo.clients.member.patch(`/messages/${String(reply.body['id'])}`, params);
    expect(refused.body).toMatchObject({ result: 'error', msg });
  });
});
