// Moving messages between topics and channels as real servers do (checked against a real server
// of the family at feature level 372: its answers, words and events): renaming from a message on,
// resolving and unresolving a topic (not counted as a move), moving to another channel where the
// role allows, the time limits, the requests real servers refuse before any permission, and
// Notification Bot's notices about a move (its words and flags as the real server posted them).
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

interface Posted {
  id: number;
  sender_full_name: string;
  content: string;
  flags: string[];
}

/** A topic's messages as `as` sees them, oldest first. */
async function topicMessages(as: Role, topic: string, channel: number = DEMO.channels.general): Promise<Posted[]> {
  const reply = await demo.clients[as].get('/messages', { anchor: 'newest', num_before: 50, num_after: 0, narrow: [{ operator: 'channel', operand: channel }, { operator: 'topic', operand: topic }] });
  return reply.body['messages'] as Posted[];
}

const notices = (messages: Posted[]): Posted[] => messages.filter((message) => message.sender_full_name === 'Notification Bot');
const mention = (as: Role): string => `<span class="user-mention silent" data-user-id="${demo.accounts[as].user_id}">${demo.accounts[as].full_name}</span>`;

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

describe("Notification Bot's notices about a move", () => {
  it('says in the new topic where a whole topic came from, unread for everyone, and nothing in the old one by default', async () => {
    await send('member', 'notice before', 'one');
    const second = await send('admin', 'notice before', 'two');
    expect((await demo.clients.moderator.patch(`/messages/${second}`, { topic: 'notice after', propagate_mode: 'change_all' })).status).toBe(200);
    const [notice, ...more] = notices(await topicMessages('moderator', 'notice after'));
    expect(more).toEqual([]);
    expect(notice!.content).toBe(
      `<p>This topic was moved here from <a class="stream-topic" data-stream-id="${DEMO.channels.general}" href="/#narrow/channel/1-general/topic/notice.20before">#general &gt; notice before</a> by ${mention('moderator')}.</p>`,
    );
    // The mover's own notice is unread too: Notification Bot's messages are not marked read for anyone.
    expect(notice!.flags).not.toContain('read');
    expect(notices(await topicMessages('member', 'notice before'))).toEqual([]);
  });

  it('links "A message" moved out, and says so in the topic it left when asked, linking the topic it went to', async () => {
    await send('member', 'split here', 'stays');
    const moved = await send('member', 'split here', 'goes');
    const reply = await demo.clients.moderator.patch(`/messages/${moved}`, { topic: 'split off', propagate_mode: 'change_one', send_notification_to_old_thread: true });
    expect(reply.status).toBe(200);
    const [here] = notices(await topicMessages('member', 'split off'));
    expect(here!.content).toBe(
      `<p><a href="#narrow/channel/1-general/topic/split.20off/near/${moved}">A message</a> was moved here from <a class="stream-topic" data-stream-id="${DEMO.channels.general}" href="/#narrow/channel/1-general/topic/split.20here/with/${moved - 1}">#general &gt; split here</a> by ${mention('moderator')}.</p>`,
    );
    const [left] = notices(await topicMessages('member', 'split here'));
    expect(left!.content).toBe(
      `<p>A message was moved from this topic to <a class="stream-topic" data-stream-id="${DEMO.channels.general}" href="/#narrow/channel/1-general/topic/split.20off/with/${moved}">#general &gt; split off</a> by ${mention('moderator')}.</p>`,
    );
  });

  it('counts messages moved into a topic that already has some, and says nothing when told not to', async () => {
    await send('member', 'joined into', 'was here first');
    const first = await send('member', 'joining', 'a');
    await send('member', 'joining', 'b');
    expect((await demo.clients.moderator.patch(`/messages/${first}`, { topic: 'joined into', propagate_mode: 'change_all' })).status).toBe(200);
    expect(notices(await topicMessages('member', 'joined into')).map((notice) => notice.content)).toEqual([
      `<p>2 messages were moved here from <a class="stream-topic" data-stream-id="${DEMO.channels.general}" href="/#narrow/channel/1-general/topic/joining">#general &gt; joining</a> by ${mention('moderator')}.</p>`,
    ]);
    const quiet = await send('member', 'quiet move', 'shh');
    expect((await demo.clients.moderator.patch(`/messages/${quiet}`, { topic: 'quietly moved', propagate_mode: 'change_all', send_notification_to_new_thread: false })).status).toBe(200);
    expect(notices(await topicMessages('member', 'quietly moved'))).toEqual([]);
  });

  it('marks a topic resolved, unread only for those who wrote or reacted in it; undone at once, takes the notice back', async () => {
    const id = await send('member', 'printer jam', 'the printer is jammed');
    expect((await demo.clients.guest.post(`/messages/${id}/reactions`, { emoji_name: 'smile' })).status).toBe(200);
    const reader = await EventStream.open(demo.service.url, demo.accounts.owner, { event_types: ['delete_message'] });
    expect((await demo.clients.admin.patch(`/messages/${id}`, { topic: '✔ printer jam', propagate_mode: 'change_all' })).status).toBe(200);
    const resolved = notices(await topicMessages('member', '✔ printer jam'));
    expect(resolved.map((notice) => notice.content)).toEqual([`<p>${mention('admin')} has marked this topic as resolved.</p>`]);
    expect(resolved[0]!.flags).not.toContain('read');
    expect(notices(await topicMessages('guest', '✔ printer jam'))[0]!.flags).not.toContain('read');
    expect(notices(await topicMessages('admin', '✔ printer jam'))[0]!.flags).toContain('read');
    expect(notices(await topicMessages('owner', '✔ printer jam'))[0]!.flags).toContain('read');
    // Unresolved within the grace period: the notice goes, and no other comes.
    expect((await demo.clients.admin.patch(`/messages/${id}`, { topic: 'printer jam', propagate_mode: 'change_all' })).status).toBe(200);
    expect(await reader.next(ofType('delete_message'))).toMatchObject({ message_id: resolved[0]!.id, topic: 'printer jam' });
    expect(notices(await topicMessages('member', 'printer jam'))).toEqual([]);
    // Later, each change is said.
    expect((await demo.clients.admin.patch(`/messages/${id}`, { topic: '✔ printer jam', propagate_mode: 'change_all' })).status).toBe(200);
    age(notices(await topicMessages('member', '✔ printer jam'))[0]!.id, 120);
    expect((await demo.clients.member.patch(`/messages/${id}`, { topic: 'printer jam', propagate_mode: 'change_all' })).status).toBe(200);
    expect(notices(await topicMessages('member', 'printer jam')).map((notice) => notice.content)).toEqual([
      `<p>${mention('admin')} has marked this topic as resolved.</p>`,
      `<p>${mention('member')} has marked this topic as unresolved.</p>`,
    ]);
  });
});
