// 429 handling: wait as the server asks (float retry-after), retry a bounded number of times,
// then fail clearly with RATE_LIMIT_HIT.
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../main/api/service-client';
import { ServiceError } from '../../../main/api/errors';
import { fakeClock, json, useCaptureServer } from './capture-server';

const limited = (retryAfter: number | null, headers: Record<string, string> = {}) => ({
  body: { result: 'error', msg: 'API usage exceeded rate limit', code: 'RATE_LIMIT_HIT', 'retry-after': retryAfter },
  headers,
});

const server = useCaptureServer();

/** Answers 429 for the first `times` requests, then success. */
function refuse(times: number, retryAfter: number | null, headers: Record<string, string> = {}) {
  let seen = 0;
  server.respond((_req, res) => {
    seen += 1;
    if (seen <= times) {
      const answer = limited(retryAfter, headers);
      json(res, 429, answer.body, answer.headers);
    } else {
      json(res, 200, { result: 'success', msg: '', members: [] });
    }
  });
}

describe('429 over real HTTP', () => {
  it('waits the float retry-after from the body, then retries and succeeds', async () => {
    refuse(2, 0.05, { 'retry-after': '0.05' });
    const client = new ServiceClient({
      serverUrl: server.url,
      email: 'a@b.c',
      apiKey: 'secret-key',
      rateLimitBackoffMs: 1,
      rateLimitJitterMs: 5,
    });
    const started = Date.now();
    const result = await client.call('getUsers', {});
    expect(result.members).toEqual([]);
    expect(server.requests).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
  });

  it('gives up after the configured number of retries with RATE_LIMIT_HIT saying so', async () => {
    refuse(100, 0.01);
    const client = new ServiceClient({
      serverUrl: server.url,
      email: 'a@b.c',
      apiKey: 'secret-key',
      rateLimitBackoffMs: 1,
      rateLimitJitterMs: 1,
      maxRateLimitRetries: 2,
    });
    const error = await client.call('getUsers', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'RATE_LIMIT_HIT', status: 429, retryAfter: 0.01 });
    expect((error as Error).message).toContain('gave up after 2 retries');
    expect(server.requests).toHaveLength(3);
  });

  it('defaults to 3 retries', async () => {
    refuse(100, 0.001);
    const client = new ServiceClient({ serverUrl: server.url, email: 'a@b.c', apiKey: 'k', rateLimitBackoffMs: 1, rateLimitJitterMs: 1 });
    const error = await client.call('getUsers', {}).catch((e: unknown) => e);
    expect((error as Error).message).toContain('gave up after 3 retries');
    expect(server.requests).toHaveLength(4);
  });
});

describe('how long it waits (fake clock)', () => {
  function answers(...responses: Response[]) {
    const queue = [...responses];
    let count = 0;
    const fetch = (() => {
      count += 1;
      const next = queue.shift();
      return Promise.resolve(next ?? new Response(JSON.stringify({ result: 'success', msg: '', members: [] })));
    }) as typeof globalThis.fetch;
    return { fetch, count: () => count };
  }
  const tooMany = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify({ result: 'error', msg: 'API usage exceeded rate limit', code: 'RATE_LIMIT_HIT', ...body }), {
      status: 429,
      headers: { 'content-type': 'application/json', ...headers },
    });

  function clientWith(fetch: typeof globalThis.fetch, clock: ReturnType<typeof fakeClock>, random = 0.5) {
    return new ServiceClient({
      serverUrl: 'https://chat.example.com',
      email: 'a@b.c',
      apiKey: 'k',
      fetch,
      clock,
      random: () => random,
      rateLimitBackoffMs: 500,
      rateLimitJitterMs: 200,
      pacing: false,
    });
  }

  it('waits max(backoff, retry-after + jitter): the body wins over the header', async () => {
    const clock = fakeClock();
    const { fetch } = answers(tooMany({ 'retry-after': 2.5 }, { 'retry-after': '9' }));
    await clientWith(fetch, clock).call('getUsers', {});
    expect(clock.sleeps).toEqual([2500 + 0.5 * 200]);
  });

  it('uses the exponential backoff when it is longer than the server asks', async () => {
    const clock = fakeClock();
    const { fetch } = answers(tooMany({ 'retry-after': 0.1 }), tooMany({ 'retry-after': 0.1 }), tooMany({ 'retry-after': 0.1 }));
    await clientWith(fetch, clock).call('getUsers', {});
    expect(clock.sleeps).toEqual([500, 1000, 2000]);
  });

  it('falls back to the Retry-After header, then to X-RateLimit-Reset', async () => {
    const clock = fakeClock(1_700_000_000_000);
    const { fetch } = answers(
      tooMany({ 'retry-after': null }, { 'retry-after': '3.25' }),
      tooMany({ 'retry-after': null }, { 'x-ratelimit-reset': String(1_700_000_000 + 30) }),
    );
    await clientWith(fetch, clock, 0).call('getUsers', {});
    expect(clock.sleeps[0]).toBe(3250);
    // 3.25 s have passed on the fake clock by the second refusal.
    expect(clock.sleeps[1]).toBeCloseTo(30_000 - 3250, 0);
  });

  it('with no time from the server it backs off exponentially', async () => {
    const clock = fakeClock();
    const { fetch } = answers(tooMany({ 'retry-after': null }), tooMany({ 'retry-after': null }));
    await clientWith(fetch, clock).call('getUsers', {});
    expect(clock.sleeps).toEqual([500, 1000]);
  });

  it('fails at once when the server asks for a longer wait than allowed', async () => {
    const clock = fakeClock();
    const { fetch, count } = answers(tooMany({ 'retry-after': 3600 }));
    const client = new ServiceClient({
      serverUrl: 'https://chat.example.com',
      email: 'a@b.c',
      apiKey: 'k',
      fetch,
      clock,
      maxRateLimitWaitMs: 60_000,
    });
    const error = await client.call('getUsers', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'RATE_LIMIT_HIT' });
    expect((error as Error).message).toMatch(/gave up after 0 retries.*wait 3600 s/);
    expect(count()).toBe(1);
    expect(clock.sleeps).toEqual([]);
  });
});
