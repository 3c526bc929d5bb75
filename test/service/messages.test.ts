// Messages and what hangs off them: sending and fetching, narrows, reactions, personal flags,
// typing notifications and outgoing-webhook deliveries.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemo, type Demo } from './testing/demo';
import { EventStream, ofType } from './testing/events';
import { expectResponseValid } from './testing/reference';

let demo: Demo;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.service.close());

type Message = Record<string, unknown>;

async function send(params: Record<string, unknown>, as: keyof Demo['clients'] = 'member'): Promise<number> {
  const reply = await demo.clients[as].post('/messages', params as never);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body['id'] as number;
}

describe('sending and fetching', () => {
  it('marks a message read for its sender when asked, or by default only from the family’s own apps, by the User-Agent', async () => {
    const { email, api_key } = demo.accounts.member;
    /** A message sent with this User-Agent and read_by_sender (unsaid where undefined): whether the sender has it read. */
    const readForSender = async (userAgent: string, readBySender?: boolean): Promise<boolean> => {
      const body = new URLSearchParams({ type: 'stream', to: String(DEMO.channels.general), topic: 'read by sender', content: `from ${userAgent}` });
      if (readBySender !== undefined) body.set('read_by_sender', String(readBySender));
      const headers = { authorization: `Basic ${Buffer.from(`${email}:${api_key}`).toString('base64')}`, 'user-agent': userAgent };
      const sent = (await (await fetch(`${demo.service.url}/api/v1/messages`, { method: 'POST', headers, body })).json()) as { id: number };
      const fetched = await demo.clients.member.get('/messages', { anchor: sent.id, num_before: 0, num_after: 0 });
      const [message] = fetched.body['messages'] as { flags: string[] }[];
      return message!.flags.includes('read');
    };
    expect(await readForSender('ZulipElectron/5.12.0')).toBe(true);
    expect(await readForSender('website')).toBe(true);
    expect(await readForSender('TeamChatDesktop/1.0')).toBe(false);
    expect(await readForSender('node')).toBe(false);
    expect(await readForSender('TeamChatDesktop/1.0', true)).toBe(true);
    expect(await readForSender('ZulipElectron/5.12.0', false)).toBe(false);
  });

  it('sends a channel message that recipients receive as a message event', async () => {
    const stream = await EventStream.open(demo.service.url, demo.accounts.owner, { event_types: ['message'], apply_markdown: true });
    const id = await send({ type: 'stream', to: DEMO.channels.engineering, topic: 'events', content: 'Hello <world> & **friends**' });
    const event = await stream.next(ofType('message'));
    expect(event['flags']).toEqual([]);
    expect(event['message']).toMatchObject({
      id,
      type: 'stream',
      subject: 'events',
      stream_id: DEMO.channels.engineering,
      display_recipient: 'engineering',
      content: '<p>Hello &lt;world&gt; &amp; <strong>friends</strong></p>',
      rendered_content: '<p>Hello &lt;world&gt; &amp; <strong>friends</strong></p>',
      sender_email: demo.accounts.member.email,
      reactions: [],
    });
  });

  it('gives a sender who is not subscribed no copy, as real servers do: no event, not among their messages; the channel has it', async () => {
    const stream = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['message'] });
    const outside = await send({ type: 'stream', to: DEMO.channels.sandbox, topic: 'outside', content: 'From outside' });
    const inside = await send({ type: 'stream', to: DEMO.channels.general, topic: 'inside', content: 'From inside' });
    expect((await stream.next(ofType('message')))['message']).toMatchObject({ id: inside });
    const fetch = async (narrow: unknown[]) =>
      ((await demo.clients.member.get('/messages', { anchor: outside, num_before: 0, num_after: 0, narrow })).body['messages'] as Message[]).map((message) => [message['id'], message['flags']]);
    expect(await fetch([])).toEqual([]);
    expect(await fetch([{ operator: 'id', operand: outside }])).toEqual([]);
    expect(await fetch([{ operator: 'channel', operand: DEMO.channels.sandbox }])).toEqual([[outside, ['read', 'historical']]]);
  });

  it('flags mentions and sends direct messages to their participants only', async () => {
    const priya = await EventStream.open(demo.service.url, demo.accounts.owner, { event_types: ['message'] });
    const outsider = await EventStream.open(demo.service.url, demo.accounts.guest, { event_types: ['message'] });
    await send({ type: 'direct', to: [demo.accounts.owner.user_id], content: 'Hi @**Olivia Owner**' });
    const event = await priya.next(ofType('message'));
    expect(event['flags']).toEqual(['mentioned']);
    expect((event['message'] as Message)['display_recipient']).toEqual([
      expect.objectContaining({ id: demo.accounts.owner.user_id, email: demo.accounts.owner.email }),
      expect.objectContaining({ id: demo.accounts.member.user_id }),
    ]);
    expect(await outsider.collect()).toEqual([]);
  });

  it('flags a topic wildcard mention for those who took part in the topic only (sent or reacted), as real servers do', async () => {
    const topic = { type: 'stream', to: DEMO.channels.general, topic: 'Who Took Part' };
    const first = await send({ ...topic, content: 'first' }, 'admin');
    await demo.clients.moderator.post(`/messages/${first}/reactions`, { emoji_name: 'thumbs_up' });
    const mention = await send({ ...topic, topic: 'who took part', content: 'heads up @**topic**' });
    const flags = async (as: keyof Demo['clients']) => {
      const reply = await demo.clients[as].get('/messages', { anchor: mention, num_before: 0, num_after: 0 });
      return ((reply.body['messages'] as Message[])[0]!['flags'] as string[]).filter((flag) => flag.includes('wildcard'));
    };
    for (const participant of ['admin', 'moderator', 'member'] as const) expect(await flags(participant), participant).toEqual(['topic_wildcard_mentioned', 'wildcard_mentioned']);
    expect(await flags('owner')).toEqual([]);
  });

  it('fetches around an anchor with a narrow, with flags and rendered content', async () => {
    const narrow = [{ operator: 'channel', operand: 'general' }, { operator: 'topic', operand: 'welcome' }];
    const reply = await demo.clients.member.get('/messages', { anchor: 'newest', num_before: 2, num_after: 0, narrow });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ found_newest: true, found_oldest: false });
    const messages = reply.body['messages'] as Message[];
    expect(messages.map((message) => message['content'])).toEqual(['<p>Hello! Excited to be here.</p>', '<p>Thanks for having me.</p>']);
    expect(messages.every((message) => Array.isArray(message['flags']) && typeof message['rendered_content'] === 'string')).toBe(true);
    const oldest = await demo.clients.member.get('/messages', { anchor: 'oldest', num_before: 0, num_after: 10, narrow });
    expect(oldest.body['found_oldest']).toBe(true);
    expect((oldest.body['messages'] as Message[])[0]?.['reactions']).toEqual(expect.arrayContaining([expect.objectContaining({ emoji_name: 'tada', user_id: demo.accounts.member.user_id })]));
  });

  it('narrows to a direct conversation by user ids', async () => {
    const reply = await demo.clients.member.get('/messages', { anchor: 'newest', num_before: 10, num_after: 0, narrow: [{ operator: 'dm', operand: [demo.accounts.admin.user_id] }] });
    expect((reply.body['messages'] as Message[]).map((message) => message['content'])).toEqual(['<p>Can you check the invite flow?</p>', '<p>Sure, looking now.</p>']);
  });

  it('never shows a private channel to non-subscribers', async () => {
    const reply = await demo.clients.member.get('/messages', { anchor: 'newest', num_before: 10, num_after: 0, narrow: [{ operator: 'channel', operand: DEMO.channels.leadership }] });
    expect(reply.body['messages']).toEqual([]);
  });
});

describe('POST /messages/render', () => {
  it('renders without sending, as the compose preview of real servers does', async () => {
    const reply = await demo.clients.member.post('/messages/render', { content: '**bold** :tada: #**general**' });
    expect(reply.status).toBe(200);
    expect(reply.body['rendered']).toBe(
      '<p><strong>bold</strong> <span aria-label="tada" class="emoji emoji-1f389" role="img" title="tada">:tada:</span> <a class="stream" data-stream-id="1" href="/#narrow/channel/1-general">#general</a></p>',
    );
  });
});

describe('GET /messages/matches_narrow', () => {
  it('returns match_content and match_subject for matching messages only', async () => {
    const hit = await send({ type: 'stream', to: DEMO.channels.general, topic: 'search me', content: 'The quick brown fox' });
    const miss = await send({ type: 'stream', to: DEMO.channels.general, topic: 'search me', content: 'Nothing here' });
    const reply = await demo.clients.member.get('/messages/matches_narrow', { msg_ids: [hit, miss], narrow: [{ operator: 'search', operand: 'brown' }] });
    expect(reply.status).toBe(200);
    expectResponseValid('check-messages-match-narrow', reply.body);
    expect(reply.body['messages']).toEqual({ [String(hit)]: { match_content: '<p>The quick <span class="highlight">brown</span> fox</p>', match_subject: 'search me' } });
  });

  it('refuses an unknown narrow operator', async () => {
    const reply = await demo.clients.member.get('/messages/matches_narrow', { msg_ids: [1], narrow: [{ operator: 'color', operand: 'blue' }] });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ result: 'error', msg: 'Invalid narrow operator: unknown operator color', desc: 'unknown operator color', code: 'BAD_NARROW' });
  });
});

describe('reactions', () => {
  it('adds and removes a reaction, with reaction events', async () => {
    const id = await send({ type: 'stream', to: DEMO.channels.general, topic: 'reactions', content: 'React to me' });
    const stream = await EventStream.open(demo.service.url, demo.accounts.owner, { event_types: ['reaction'] });
    expect((await demo.clients.owner.post(`/messages/${id}/reactions`, { emoji_name: 'octopus' })).status).toBe(200);
    expect(await stream.next(ofType('reaction', 'add'))).toMatchObject({ message_id: id, emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji', user_id: demo.accounts.owner.user_id });
    const duplicate = await demo.clients.owner.post(`/messages/${id}/reactions`, { emoji_name: 'octopus' });
    expect(duplicate.body['code']).toBe('REACTION_ALREADY_EXISTS');
    const removed = await demo.clients.owner.delete(`/messages/${id}/reactions`, { emoji_name: 'octopus' });
    expect(removed.status).toBe(200);
    expectResponseValid('remove-reaction', removed.body);
    expect(await stream.next(ofType('reaction', 'remove'))).toMatchObject({ message_id: id, emoji_code: '1f419' });
  });

  it('matches a reaction by emoji_code alone, and custom emoji without reaction_type', async () => {
    const id = await send({ type: 'stream', to: DEMO.channels.general, topic: 'reactions', content: 'Codes' });
    await demo.clients.owner.post(`/messages/${id}/reactions`, { emoji_name: 'thumbs_up' });
    expect((await demo.clients.owner.delete(`/messages/${id}/reactions`, { emoji_name: '+1', emoji_code: '1f44d', reaction_type: 'unicode_emoji' })).status).toBe(200);
    await demo.clients.owner.post(`/messages/${id}/reactions`, { emoji_name: 'party_parrot', emoji_code: '1', reaction_type: 'realm_emoji' });
    expect((await demo.clients.owner.delete(`/messages/${id}/reactions`, { emoji_name: 'party_parrot', emoji_code: '1' })).status).toBe(200);
  });

  it('answers REACTION_DOES_NOT_EXIST and BAD_REQUEST for an invalid emoji code', async () => {
    const missing = await demo.clients.owner.delete('/messages/1/reactions', { emoji_name: 'rocket' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ result: 'error', code: 'REACTION_DOES_NOT_EXIST', msg: "Reaction doesn't exist." });
    expectResponseValid('remove-reaction', missing.body, '400');
    const invalid = await demo.clients.owner.delete('/messages/1/reactions', { emoji_name: 'rocket', emoji_code: 'zzzz', reaction_type: 'unicode_emoji' });
    expect(invalid.body['code']).toBe('BAD_REQUEST');
    const noMessage = await demo.clients.member.delete(`/messages/99999/reactions`, { emoji_name: 'rocket' });
    expect(noMessage.body['code']).toBe('BAD_REQUEST');
  });
});

describe('POST /messages/flags', () => {
  it('stars and unstars messages, with update_message_flags events', async () => {
    const stream = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['update_message_flags'] });
    const reply = await demo.clients.member.post('/messages/flags', { messages: [1, 2], op: 'add', flag: 'starred' });
    expect(reply.status).toBe(200);
    expectResponseValid('update-message-flags', reply.body);
    expect(reply.body['messages']).toEqual([1, 2]);
    expect(await stream.next(ofType('update_message_flags', 'add'))).toMatchObject({ flag: 'starred', messages: [1, 2], all: false });
    const again = await demo.clients.member.post('/messages/flags', { messages: [1], op: 'add', flag: 'starred' });
    expect(again.body['messages']).toEqual([]);
    await demo.clients.member.post('/messages/flags', { messages: [1], op: 'remove', flag: 'starred' });
    expect(await stream.next(ofType('update_message_flags', 'remove'))).toMatchObject({ flag: 'starred', messages: [1] });
  });

  it('marks unread with message details, skipping channels the user is not subscribed to', async () => {
    const stream = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['update_message_flags'] });
    const sandboxMessage = await send({ type: 'stream', to: DEMO.channels.sandbox, topic: 'unsubscribed', content: 'Owner only' }, 'owner');
    const reply = await demo.clients.member.post('/messages/flags', { messages: [1, sandboxMessage], op: 'remove', flag: 'read' });
    expect(reply.body).toMatchObject({ messages: [1], ignored_because_not_subscribed_channels: [DEMO.channels.sandbox] });
    const event = await stream.next(ofType('update_message_flags', 'remove'));
    expect(event['message_details']).toEqual({ '1': expect.objectContaining({ type: 'stream', stream_id: DEMO.channels.general, topic: 'welcome' }) });
  });

  it('refuses flags the server owns and unknown flags', async () => {
    expect((await demo.clients.member.post('/messages/flags', { messages: [1], op: 'add', flag: 'mentioned' })).status).toBe(400);
    expect((await demo.clients.member.post('/messages/flags', { messages: [1], op: 'add', flag: 'sparkly' })).status).toBe(400);
    expect((await demo.clients.member.post('/messages/flags', { messages: [1], op: 'toggle', flag: 'read' })).status).toBe(400);
  });
});

describe('POST /typing', () => {
  it('notifies the other participants of a direct conversation only', async () => {
    const owner = await EventStream.open(demo.service.url, demo.accounts.owner, { event_types: ['typing'] });
    const self = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['typing'] });
    const reply = await demo.clients.member.post('/typing', { op: 'start', to: [demo.accounts.owner.user_id] });
    expect(reply.status).toBe(200);
    expectResponseValid('set-typing-status', reply.body);
    expect(await owner.next(ofType('typing', 'start'))).toMatchObject({
      message_type: 'direct',
      sender: { user_id: demo.accounts.member.user_id, email: demo.accounts.member.email },
      recipients: [{ user_id: demo.accounts.owner.user_id, email: demo.accounts.owner.email }, { user_id: demo.accounts.member.user_id, email: demo.accounts.member.email }],
    });
    await demo.clients.member.post('/typing', { type: 'direct', op: 'stop', to: [demo.accounts.owner.user_id] });
    expect(await owner.next(ofType('typing', 'stop'))).toBeDefined();
    expect(await self.collect()).toEqual([]);
  });

  it('notifies channel subscribers that declared stream_typing_notifications', async () => {
    const capable = await EventStream.open(demo.service.url, demo.accounts.owner, { event_types: ['typing'], client_capabilities: { stream_typing_notifications: true } });
    const plain = await EventStream.open(demo.service.url, demo.accounts.owner, { event_types: ['typing'] });
    await demo.clients.member.post('/typing', { type: 'channel', op: 'start', stream_id: DEMO.channels.engineering, topic: 'deploys' });
    expect(await capable.next(ofType('typing', 'start'))).toMatchObject({ message_type: 'stream', stream_id: DEMO.channels.engineering, topic: 'deploys' });
    expect(await plain.collect()).toEqual([]);
  });

  it('answers BAD_REQUEST for a channel type without stream_id', async () => {
    const reply = await demo.clients.member.post('/typing', { type: 'stream', op: 'start', topic: 'x' });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Missing channel ID' });
    expectResponseValid('set-typing-status', reply.body, '400');
    expect((await demo.clients.member.post('/typing', { type: 'private', op: 'start', to: [1] })).status).toBe(400);
  });
});

describe('outgoing webhooks', () => {
  it('POSTs the payload for a mention and a direct message, and posts the bot reply', async () => {
    const received: Record<string, unknown>[] = [];
    const receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push(JSON.parse(body) as Record<string, unknown>);
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ content: 'Echo!' }));
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      demo.service.setOutgoingWebhookUrl(DEMO.users.echoBot, `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`);
      const stream = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['message'] });
      const mentionId = await send({ type: 'stream', to: DEMO.channels.engineering, topic: 'bots', content: '@**Echo Bot** ping' });
      const reply = await stream.next((event) => (event['message'] as Message)['sender_id'] === DEMO.users.echoBot);
      expect((reply['message'] as Message)).toMatchObject({ subject: 'bots', stream_id: DEMO.channels.engineering });
      const token = demo.service.db.prepare('SELECT bot_token FROM users WHERE user_id = ?').pluck().get(DEMO.users.echoBot);
      expect(received[0]).toMatchObject({
        bot_email: 'echo-bot@demo.example',
        bot_full_name: 'Echo Bot',
        data: '@**Echo Bot** ping',
        trigger: 'mention',
        token,
        message: { id: mentionId, type: 'stream', subject: 'bots', sender_id: demo.accounts.member.user_id, display_recipient: 'engineering', content: '@**Echo Bot** ping' },
      });
      expectResponseValid('service-outgoing-webhooks', received[0]);
      await send({ type: 'direct', to: [DEMO.users.echoBot], content: 'Hello bot' });
      await stream.next((event) => (event['message'] as Message)['sender_id'] === DEMO.users.echoBot && (event['message'] as Message)['type'] === 'private');
      expect(received[1]).toMatchObject({ trigger: 'direct_message', data: 'Hello bot' });
    } finally {
      receiver.close();
    }
  });

  it('does not let a failing bot server break the request', async () => {
    demo.service.setOutgoingWebhookUrl(DEMO.users.echoBot, 'http://127.0.0.1:9/unreachable');
    const id = await send({ type: 'direct', to: [DEMO.users.echoBot], content: 'Anyone there?' });
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const row = demo.service.db.prepare('SELECT error FROM webhook_deliveries WHERE message_id = ?').get(id) as { error: string | null } | undefined;
      if (row?.error) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(demo.service.db.prepare('SELECT error FROM webhook_deliveries WHERE message_id = ?').pluck().get(id)).toEqual(expect.any(String));
    expect((await demo.clients.member.get('/users')).status).toBe(200);
  });
});
