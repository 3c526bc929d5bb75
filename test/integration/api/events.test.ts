// The event queue through the client: register, long-poll, heartbeat, a lost queue, deletion;
// and the outgoing webhook (21), which the service POSTs to a bot's URL.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isKnownEvent } from '../../../shared/api';
import { readOutgoingWebhookPayload, ServiceError } from '../../../main/api';
import { failure, startHarness, type Harness } from './harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ heartbeatSeconds: 1, longpollTimeoutSeconds: 2 });
});
afterAll(() => h.service.close());

describe('event queue (4)', () => {
  it('long-polls until an event arrives, typed as the sync layer expects', async () => {
    const client = h.clientFor(h.member);
    const { queue_id, last_event_id } = await client.registerQueue({ event_types: ['saved_snippets'] });
    const poll = client.getEvents({ queue_id: queue_id ?? '', last_event_id });
    await h.clientFor(h.member).createSavedSnippet({ title: 'Polled', content: 'body' });
    const { events, queue_id: same } = await poll;
    expect(same).toBe(queue_id);
    const [event] = events;
    expect(event).toMatchObject({ type: 'saved_snippets', op: 'add', saved_snippet: expect.objectContaining({ title: 'Polled' }) });
    expect(event && isKnownEvent(event)).toBe(true);
  });

  it('gets a heartbeat when nothing happens, within the long-poll timeout it announced', async () => {
    const client = h.clientFor(h.member);
    const { queue_id, last_event_id } = await client.registerQueue({ event_types: ['saved_snippets'], fetch_event_types: ['realm'] });
    expect(client.announced.event_queue_longpoll_timeout_seconds).toBe(2);
    const { events } = await client.getEvents({ queue_id: queue_id ?? '', last_event_id });
    expect(events).toEqual([expect.objectContaining({ type: 'heartbeat', id: expect.any(Number) })]);
  });

  it('a queue the server forgot is BAD_EVENT_QUEUE_ID with its queue_id', async () => {
    const client = h.clientFor(h.member);
    const { queue_id } = await client.registerQueue({ event_types: ['message'] });
    h.service.expireQueues();
    const error = await failure(client.getEvents({ queue_id: queue_id ?? '', dont_block: true }));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID', queue_id, status: 400 });
  });

  it('a deleted queue is gone', async () => {
    const client = h.clientFor(h.member);
    const { queue_id } = await client.registerQueue({ event_types: ['message'] });
    await client.deleteQueue({ queue_id: queue_id ?? '' });
    expect(await failure(client.getEvents({ queue_id: queue_id ?? '', dont_block: true }))).toMatchObject({
      code: 'BAD_EVENT_QUEUE_ID',
    });
  });
});

describe('outgoing webhook delivery (21)', () => {
  it('delivers a mention of the bot to its URL, and the payload reads back whole', async () => {
    const received: string[] = [];
    const bot = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        received.push(body);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ response_not_required: true }));
      });
    });
    await new Promise<void>((resolve) => bot.listen(0, '127.0.0.1', resolve));
    try {
      const member = h.clientFor(h.member);
      const { members } = await member.getUsers();
      const echo = members.find((user) => user.bot_type === 3);
      expect(echo).toBeDefined();
      h.service.setOutgoingWebhookUrl(echo!.user_id, `http://127.0.0.1:${(bot.address() as AddressInfo).port}/hook`);
      const { streams } = await member.getChannels();
      const engineering = streams.find((stream) => stream.name === 'engineering')!;
      const { id } = await member.sendMessage({
        type: 'channel',
        to: engineering.stream_id,
        topic: 'bots',
        content: `@**${echo!.full_name}** ping`,
      });
      for (let i = 0; i < 50 && received.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(received).toHaveLength(1);

      // The per-bot token is not shown by any operation; the test reads it from the simulator.
      const token = h.service.db.prepare('SELECT bot_token FROM users WHERE user_id = ?').pluck().get(echo!.user_id) as string;
      const payload = readOutgoingWebhookPayload(received[0]!, token);
      expect(payload).toMatchObject({
        bot_email: echo!.email,
        bot_full_name: echo!.full_name,
        trigger: 'mention',
        data: `@**${echo!.full_name}** ping`,
        message: expect.objectContaining({ id, sender_id: h.member.user_id, type: 'stream' }),
      });
      expect(() => readOutgoingWebhookPayload(received[0]!, `${token}x`)).toThrow(/token/);
    } finally {
      await new Promise<void>((resolve) => bot.close(() => resolve()));
    }
  });
});
