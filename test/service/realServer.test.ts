// The simulator answering as the real server of the family answered in the exchanges captured in
// shared/reference/real/exchanges.json: its error bodies, an organization that hides email
// addresses, and the family's dialect (the identifiers the spec renames, under their original names).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './testing/client';
import { DEMO, startDemo, type Demo } from './testing/demo';
import { REAL_DIR } from './testing/realContext';

interface Exchange {
  status: number;
  headers?: Record<string, string>;
  body: Record<string, unknown>;
}
const captured = JSON.parse(readFileSync(`${REAL_DIR}exchanges.json`, 'utf8')) as Record<string, Exchange>;
const exchange = (name: string): Exchange => {
  const found = captured[name];
  if (found === undefined) throw new Error(`no captured exchange ${name}`);
  return found;
};

describe('errors, as the real server answered them', () => {
  let demo: Demo;
  beforeAll(async () => {
    demo = await startDemo();
  });
  afterAll(() => demo.service.close());

  it('a wrong API key: 401 UNAUTHORIZED with the Basic challenge of realm "zulip"', async () => {
    const reply = await call(demo.service.url, { email: demo.accounts.member.email, api_key: 'x'.repeat(32) }, 'GET', '/users/me');
    const real = exchange('bad_key');
    expect(reply.status).toBe(real.status);
    expect(reply.body).toEqual(real.body);
    expect(reply.headers.get('www-authenticate')).toBe(real.headers?.['WWW-Authenticate']);
  });

  it('an unknown event queue: BAD_EVENT_QUEUE_ID naming the queue', async () => {
    const reply = await demo.clients.member.get('/events', { queue_id: 'nope', last_event_id: -1 });
    expect(reply.status).toBe(exchange('bad_queue').status);
    expect(reply.body).toEqual(exchange('bad_queue').body);
  });

  it('an unknown narrow operator: BAD_NARROW with the operator in msg and desc', async () => {
    const reply = await demo.clients.member.get('/messages', { anchor: 'newest', num_before: 1, num_after: 0, narrow: [{ operator: 'bogus', operand: 'x' }] });
    expect(reply.status).toBe(exchange('bad_narrow').status);
    expect(reply.body).toEqual(exchange('bad_narrow').body);
  });
});

describe('an organization that hides email addresses', () => {
  let demo: Demo;
  beforeAll(async () => {
    demo = await startDemo({ hideEmails: true });
  });
  afterAll(() => demo.service.close());

  const placeholder = (userId: number): string => `user${userId}@demo.example`;

  it('shows members everyone as user<ID>@<host>, with no real address', async () => {
    const members = (await demo.clients.member.get('/users')).body['members'] as Record<string, unknown>[];
    const owner = members.find((user) => user['user_id'] === demo.accounts.owner.user_id);
    expect(owner).toMatchObject({ email: placeholder(demo.accounts.owner.user_id), delivery_email: null });
  });

  it('shows administrators the real address in delivery_email', async () => {
    const members = (await demo.clients.admin.get('/users')).body['members'] as Record<string, unknown>[];
    const member = members.find((user) => user['user_id'] === demo.accounts.member.user_id);
    expect(member).toMatchObject({ email: placeholder(demo.accounts.member.user_id), delivery_email: demo.accounts.member.email });
  });

  it('answers a member looking up a real address, even their own, as the real server did', async () => {
    const reply = await demo.clients.member.get(`/users/${demo.accounts.member.email}`);
    expect(reply.status).toBe(exchange('member_get_user_by_email').status);
    expect(reply.body).toEqual(exchange('member_get_user_by_email').body);
    expect((await demo.clients.admin.get(`/users/${demo.accounts.member.email}`)).status).toBe(200);
  });

  it('resolves the placeholder address for everyone', async () => {
    const reply = await demo.clients.member.get(`/users/${placeholder(DEMO.users.priya)}`);
    expect(reply.status).toBe(200);
    expect(reply.body['user']).toMatchObject({ user_id: DEMO.users.priya, delivery_email: null });
  });

  it('answers GET /users/me to a member with the fields the real server sent, their own address included', async () => {
    const reply = await demo.clients.member.get('/users/me');
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(Object.keys(exchange('member_own_user').body).sort());
    expect(reply.body).toMatchObject({ email: placeholder(demo.accounts.member.user_id), delivery_email: demo.accounts.member.email, user_id: demo.accounts.member.user_id });
  });

  it('accepts both the placeholder and the real address with the API key', async () => {
    const { member } = demo.accounts;
    for (const email of [member.email, placeholder(member.user_id)]) {
      expect((await call(demo.service.url, { email, api_key: member.api_key }, 'GET', '/users/me')).status, email).toBe(200);
    }
  });

  it('addresses direct messages by placeholder, not by a hidden real address', async () => {
    const byPlaceholder = await demo.clients.member.post('/messages', { type: 'direct', to: JSON.stringify([placeholder(DEMO.users.priya)]), content: 'hi' });
    expect(byPlaceholder.status).toBe(200);
    const byRealAddress = await demo.clients.member.post('/messages', { type: 'direct', to: JSON.stringify(['priya@demo.example']), content: 'hi' });
    expect(byRealAddress.status).toBe(400);
  });
});

describe('the family dialect', () => {
  let demo: Demo;
  beforeAll(async () => {
    demo = await startDemo({ dialect: 'family' });
  });
  afterAll(() => demo.service.close());

  it('names the version fields as real servers do, in server settings and registration', async () => {
    const settings = (await call(demo.service.url, null, 'GET', '/server_settings')).body;
    const registration = (await demo.clients.member.post('/register', { fetch_event_types: ['realm'] })).body;
    for (const body of [settings, registration]) {
      expect(body).toMatchObject({ zulip_feature_level: expect.any(Number), zulip_version: expect.any(String), zulip_merge_base: expect.any(String) });
      expect(Object.keys(body).filter((key) => key.startsWith('service_'))).toEqual([]);
    }
    expect(Object.keys(exchange('server_settings').body)).toEqual(expect.arrayContaining(['zulip_feature_level', 'zulip_version', 'zulip_merge_base']));
  });

  it('reacts with the extra emoji as zulip_extra_emoji and refuses service_extra_emoji', async () => {
    const refused = await demo.clients.member.post('/messages/1/reactions', { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'service_extra_emoji' });
    expect(refused.status).toBe(400);
    expect(refused.body['msg']).toBe('Invalid emoji type.');
    const added = await demo.clients.member.post('/messages/1/reactions', { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' });
    expect(added.status).toBe(200);
    const message = (await demo.clients.member.get('/messages', { anchor: 1, num_before: 0, num_after: 0 })).body['messages'] as { reactions: unknown[] }[];
    expect(message[0]?.reactions).toContainEqual({ emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji', user_id: demo.accounts.member.user_id });
  });

  it('receives outgoing webhooks at the family path, where the demo bot posts', async () => {
    const bot = demo.service.db.prepare('SELECT bot_token, webhook_url FROM users WHERE user_id = ?').get(DEMO.users.echoBot) as { bot_token: string; webhook_url: string };
    expect(bot.webhook_url).toBe(`${demo.service.url}/api/v1/zulip-outgoing-webhook`);
    expect((await call(demo.service.url, null, 'POST', '/zulip-outgoing-webhook', { token: bot.bot_token, data: 'hi' })).status).toBe(200);
    expect((await call(demo.service.url, null, 'POST', '/service-outgoing-webhook', { token: bot.bot_token })).status).toBe(404);
  });
});

describe('a registration, as the real server answered it', () => {
  let demo: Demo;
  beforeAll(async () => {
    demo = await startDemo();
  });
  afterAll(() => demo.service.close());

  it('gives a member the real server’s default for channel desktop notifications (off)', async () => {
    const real = exchange('register_full').body['user_settings'] as Record<string, unknown>;
    const reply = await demo.clients.member.post('/register', { fetch_event_types: JSON.stringify(['user_settings']) });
    const settings = reply.body['user_settings'] as Record<string, unknown>;
    expect(settings['enable_stream_desktop_notifications']).toBe(real['enable_stream_desktop_notifications']);
  });
});
