// Bots created through the API (POST /bots), and the outgoing webhook (spec item 21) of one
// created so: its payload reaches the URL the creator chose.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './testing/client';
import { DEMO, startDemo, type Demo } from './testing/demo';
import { expectResponseValid } from './testing/reference';

let demo: Demo;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.service.close());

/** A bot's server on loopback: each delivery's JSON body, in order, as promises. */
async function webhookReceiver(): Promise<{ url: string; next(): Promise<Record<string, unknown>>; close(): void }> {
  const waiting: ((body: Record<string, unknown>) => void)[] = [];
  const arrived: Record<string, unknown>[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const payload = JSON.parse(body) as Record<string, unknown>;
      const waiter = waiting.shift();
      if (waiter) waiter(payload);
      else arrived.push(payload);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ response_not_required: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/deploy-hook`,
    next: () => {
      const first = arrived.shift();
      return first ? Promise.resolve(first) : new Promise((resolve) => waiting.push(resolve));
    },
    close: () => server.close(),
  };
}

describe('creating a bot (POST /bots)', () => {
  it('creates an outgoing-webhook bot whose mentions are POSTed to its payload_url, in the reference shape', async () => {
    const receiver = await webhookReceiver();
    try {
      const created = await demo.clients.admin.post('/bots', { bot_type: 3, full_name: 'Deploy Bot', short_name: 'deploy', payload_url: receiver.url });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body).toMatchObject({
        result: 'success',
        user_id: expect.any(Number),
        api_key: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
        bot_email: 'deploy-bot@demo.example',
      });
      const { user_id, api_key, bot_email } = created.body as { user_id: number; api_key: string; bot_email: string };

      // A bot like any other: listed with its type and owner, and its key signs its requests.
      const listed = await call(demo.service.url, { email: bot_email, api_key }, 'GET', '/users');
      expect(listed.status).toBe(200);
      expect((listed.body['members'] as Record<string, unknown>[]).find((member) => member['user_id'] === user_id)).toMatchObject({
        is_bot: true,
        bot_type: 3,
        bot_owner_id: demo.accounts.admin.user_id,
        full_name: 'Deploy Bot',
      });

      const sent = await demo.clients.member.post('/messages', { type: 'stream', to: DEMO.channels.engineering, topic: 'deploys', content: '@**Deploy Bot** ship it' });
      expect(sent.status).toBe(200);
      const payload = await receiver.next();
      expectResponseValid('service-outgoing-webhooks', payload);
      expect(payload).toMatchObject({
        bot_email,
        bot_full_name: 'Deploy Bot',
        data: '@**Deploy Bot** ship it',
        trigger: 'mention',
        token: expect.any(String),
        message: { id: sent.body['id'], type: 'stream', subject: 'deploys', sender_id: demo.accounts.member.user_id },
      });
    } finally {
      receiver.close();
    }
  });

  it('refuses what real servers refuse: no payload_url, a taken name, a role without the permission', async () => {
    const post = (as: keyof Demo['clients'], params: Record<string, string | number>) => demo.clients[as].post('/bots', params);
    expect((await post('admin', { bot_type: 3, full_name: 'No Hook', short_name: 'nohook' })).body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'payload_url' });
    expect((await post('admin', { bot_type: 3, full_name: 'Bad Hook', short_name: 'badhook', payload_url: 'ftp://x' })).body).toMatchObject({ msg: 'payload_url is not a URL' });
    expect((await post('admin', { bot_type: 1, full_name: 'Echo Again', short_name: 'echo' })).body).toMatchObject({ msg: 'Username already in use' });
    expect((await post('member', { bot_type: 3, full_name: 'Mine', short_name: 'mine', payload_url: 'http://127.0.0.1:9/' })).status).toBe(400);
    expect((await post('member', { bot_type: 2, full_name: 'Incoming', short_name: 'incoming' })).status).toBe(200);
  });
});
