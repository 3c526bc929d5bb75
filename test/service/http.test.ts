// The HTTP surface: authentication answers, server settings without auth, routing errors,
// ignored parameters, rate limiting on the wire, and the fault knobs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, call } from './testing/client';
import { startDemo, type Demo } from './testing/demo';
import { expectResponseValid } from './testing/reference';

let demo: Demo;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.service.close());

async function rawFetch(path: string, init: RequestInit = {}): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const response = await fetch(`${demo.service.url}${path}`, init);
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

describe('authentication', () => {
  it('answers 401 UNAUTHORIZED with a Basic challenge when credentials are missing', async () => {
    const reply = await rawFetch('/api/v1/users');
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ result: 'error', msg: 'Not logged in: API authentication or user session required', code: 'UNAUTHORIZED' });
    expect(reply.headers.get('www-authenticate')).toBe('Basic realm="zulip"');
  });

  it('answers 401 for a wrong API key and for a malformed one', async () => {
    const wrong = await call(demo.service.url, { email: demo.accounts.member.email, api_key: 'x'.repeat(32) }, 'GET', '/users');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'UNAUTHORIZED', msg: 'Invalid API key' });
    expect(wrong.headers.get('www-authenticate')).toContain('Basic');
    const malformed = await call(demo.service.url, { email: demo.accounts.member.email, api_key: 'short' }, 'GET', '/users');
    expect(malformed.status).toBe(401);
    expect(malformed.body['code']).toBe('UNAUTHORIZED');
  });

  it("rejects another account's key under a different email", async () => {
    const reply = await call(demo.service.url, { email: demo.accounts.owner.email, api_key: demo.accounts.member.api_key }, 'GET', '/users');
    expect(reply.status).toBe(401);
  });

  it('answers 400 for a non-Basic authorization header', async () => {
    const reply = await rawFetch('/api/v1/users', { headers: { Authorization: 'Bearer abc' } });
    expect(reply.status).toBe(400);
    expect(reply.body['code']).toBe('BAD_REQUEST');
  });

  it('accepts the email case-insensitively', async () => {
    const reply = await rawFetch('/api/v1/users', { headers: { Authorization: basicAuth(demo.accounts.member.email.toUpperCase(), demo.accounts.member.api_key) } });
    expect(reply.status).toBe(200);
  });
});

describe('server settings', () => {
  it('answers without authentication, in the reference shape, with the feature level', async () => {
    const reply = await call(demo.service.url, null, 'GET', '/server_settings');
    expect(reply.status).toBe(200);
    expectResponseValid('get-server-settings', reply.body);
    expect(reply.body).toMatchObject({ result: 'success', msg: '', realm_name: 'Demo Organization', service_feature_level: 420, realm_url: demo.service.url });
    expect(String(reply.body['realm_description'])).toMatch(/^<p>/);
  });

  it('reports a forced feature level from the faults', async () => {
    demo.service.faults.featureLevel = 300;
    try {
      const reply = await call(demo.service.url, null, 'GET', '/server_settings');
      expect(reply.body['service_feature_level']).toBe(300);
    } finally {
      demo.service.faults.featureLevel = 420;
    }
  });
});

describe('routing and parameters', () => {
  it('answers 405 with the allowed methods for an unrouted method', async () => {
    const reply = await call(demo.service.url, demo.accounts.member, 'PUT', '/scheduled_messages');
    expect(reply.status).toBe(405);
    expect(reply.body['allowed_methods']).toEqual(expect.arrayContaining(['GET', 'POST']));
  });

  it('answers 404 for an unknown path', async () => {
    const reply = await call(demo.service.url, demo.accounts.member, 'GET', '/no_such_endpoint');
    expect(reply.status).toBe(404);
  });

  it('lists unknown parameters in ignored_parameters_unsupported', async () => {
    const reply = await demo.clients.member.get('/streams', { include_public: true, colour: 'blue', shiny: true });
    expect(reply.status).toBe(200);
    expect(reply.body['ignored_parameters_unsupported']).toEqual(['colour', 'shiny']);
    const clean = await demo.clients.member.get('/streams', { include_public: true });
    expect(clean.body).not.toHaveProperty('ignored_parameters_unsupported');
  });

  it('decodes path parameters (an email in the path)', async () => {
    const reply = await call(demo.service.url, demo.accounts.member, 'GET', `/users/${encodeURIComponent('priya@demo.example')}`);
    expect(reply.status).toBe(200);
    expect((reply.body['user'] as Record<string, unknown>)['full_name']).toBe('Priya Patel');
  });

  it('answers a malformed JSON parameter with BAD_REQUEST', async () => {
    const reply = await demo.clients.member.post('/messages/flags', { messages: '[1,', op: 'add', flag: 'starred' });
    expect(reply.status).toBe(400);
    expect(reply.body['code']).toBe('BAD_REQUEST');
  });

  it('names a missing required parameter', async () => {
    const reply = await demo.clients.member.post('/saved_snippets', { title: 'No content' });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ result: 'error', code: 'REQUEST_VARIABLE_MISSING', var_name: 'content' });
  });
});

describe('faults', () => {
  it('drops the connection without an answer', async () => {
    demo.service.faults.dropNext = 1;
    await expect(demo.clients.member.get('/users')).rejects.toThrow();
    expect((await demo.clients.member.get('/users')).status).toBe(200);
  });

  it('hangs a request until the client gives up', async () => {
    demo.service.faults.hangNext = 1;
    const started = Date.now();
    await expect(fetch(`${demo.service.url}/api/v1/server_settings`, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect((await call(demo.service.url, null, 'GET', '/server_settings')).status).toBe(200);
  });

  it('answers 503 with a JSON error body', async () => {
    demo.service.faults.error5xxNext = 1;
    const reply = await demo.clients.member.get('/users');
    expect(reply.status).toBe(503);
    expect(reply.body['result']).toBe('error');
  });

  it('answers 429 RATE_LIMIT_HIT with a float retry-after in body and header', async () => {
    demo.service.faults.rateLimitNext = 1;
    demo.service.faults.retryAfterSeconds = 0.25;
    const reply = await demo.clients.member.get('/users');
    expect(reply.status).toBe(429);
    expect(reply.body).toEqual({ result: 'error', msg: 'API usage exceeded rate limit', code: 'RATE_LIMIT_HIT', 'retry-after': 0.25 });
    expect(reply.headers.get('retry-after')).toBe('0.25');
    expect(reply.headers.get('x-ratelimit-remaining')).toBe('0');
  });

  it('adds latency', async () => {
    demo.service.faults.latencyMs = 150;
    try {
      const started = Date.now();
      await call(demo.service.url, null, 'GET', '/server_settings');
      expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    } finally {
      demo.service.faults.latencyMs = 0;
    }
  });

  it('takes faults over HTTP at /__sim/faults', async () => {
    const set = await rawFetch('/__sim/faults', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ error5xxNext: 1 }) });
    expect(set.status).toBe(200);
    expect(demo.service.faults.error5xxNext).toBe(1);
    expect((await demo.clients.member.get('/users')).status).toBe(503);
    expect((await demo.clients.member.get('/users')).status).toBe(200);
  });

  it('survives a broken control request and keeps serving', async () => {
    const broken = await fetch(`${demo.service.url}/__sim/faults`, { method: 'POST', body: '{not json' });
    expect(broken.status).toBe(500);
    expect(((await broken.json()) as Record<string, unknown>)['msg']).toBe('Internal server error');
    expect((await call(demo.service.url, null, 'GET', '/server_settings')).status).toBe(200);
  });
});

describe('rate limiting', () => {
  it('sends X-RateLimit headers and a 429 once the per-user budget is spent', async () => {
    const limited = await startDemo({ rateLimitPerMinute: 3 });
    try {
      const first = await limited.clients.member.get('/users');
      expect(first.headers.get('x-ratelimit-limit')).toBe('3');
      expect(first.headers.get('x-ratelimit-remaining')).toBe('2');
      expect(Number(first.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
      await limited.clients.member.get('/users');
      await limited.clients.member.get('/users');
      const refused = await limited.clients.member.get('/users');
      expect(refused.status).toBe(429);
      expect(refused.body['code']).toBe('RATE_LIMIT_HIT');
      const retryAfter = refused.body['retry-after'];
      expect(typeof retryAfter).toBe('number');
      expect(retryAfter as number).toBeGreaterThan(0);
      expect(retryAfter as number).toBeLessThanOrEqual(60);
      expect(Number(refused.headers.get('retry-after'))).toBeCloseTo(retryAfter as number, 5);
      // The budget is per user: another account is not affected.
      expect((await limited.clients.owner.get('/users')).status).toBe(200);
      // Unauthenticated answers carry no rate-limit headers.
      const open = await call(limited.service.url, null, 'GET', '/server_settings');
      expect(open.headers.get('x-ratelimit-limit')).toBeNull();
    } finally {
      await limited.service.close();
    }
  });

  it('is off by default', async () => {
    const reply = await demo.clients.member.get('/users');
    expect(reply.headers.get('x-ratelimit-limit')).toBeNull();
  });
});
