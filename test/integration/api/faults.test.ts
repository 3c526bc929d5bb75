// What a user of the client notices when the service misbehaves: rate limiting (429), dropped
// and hung connections, 5xx answers, bad credentials, and a server too old for a feature.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NetworkError, ServiceError, TimeoutError, UnsupportedFeatureError } from '../../../main/api/errors';
import { failure, startHarness, type Harness } from './harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.service.close());
beforeEach(() => {
  Object.assign(h.service.faults, { dropNext: 0, hangNext: 0, error5xxNext: 0, rateLimitNext: 0, latencyMs: 0 });
});

describe('rate limiting', () => {
  it('waits the float retry-after and retries until the call succeeds', async () => {
    h.service.faults.rateLimitNext = 2;
    h.service.faults.retryAfterSeconds = 0.05;
    const client = h.clientFor(h.member, { rateLimitBackoffMs: 1, rateLimitJitterMs: 5 });
    const started = Date.now();
    const { members } = await client.call('getUsers', {});
    expect(members.length).toBeGreaterThan(0);
    expect(h.service.faults.rateLimitNext).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
    expect(client.rateLimit).toMatchObject({ remaining: 0 });
  });

  it('gives up after the configured retries with RATE_LIMIT_HIT and says so', async () => {
    h.service.faults.rateLimitNext = 10;
    h.service.faults.retryAfterSeconds = 0.01;
    const client = h.clientFor(h.member, { rateLimitBackoffMs: 1, rateLimitJitterMs: 1, maxRateLimitRetries: 2 });
    const error = await failure(client.call('getUsers', {}));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'RATE_LIMIT_HIT', status: 429, retryAfter: 0.01 });
    expect(error.message).toContain('gave up after 2 retries');
    expect(h.service.faults.rateLimitNext).toBe(7);
  });

  it('exposes the rate-limit state the server announces on every answer', async () => {
    const limited = await startHarness({ rateLimitPerMinute: 500 });
    try {
      const seen: number[] = [];
      const client = limited.clientFor(limited.member, { onRateLimit: (state) => seen.push(state.remaining) });
      await client.call('getUsers', {});
      await client.call('getChannels', {});
      expect(seen).toEqual([499, 498]);
      expect(client.rateLimit).toMatchObject({ limit: 500, remaining: 498 });
      expect(client.rateLimit!.resetAt).toBeGreaterThan(Date.now());
    } finally {
      await limited.service.close();
    }
  });
});

describe('network faults', () => {
  it('a dropped connection is a NetworkError, and the next call works', async () => {
    h.service.faults.dropNext = 1;
    const client = h.clientFor(h.member);
    expect(await failure(client.call('getUsers', {}))).toBeInstanceOf(NetworkError);
    await expect(client.call('getUsers', {})).resolves.toMatchObject({ result: 'success' });
  });

  it('a hung request is a TimeoutError after the configured time', async () => {
    h.service.faults.hangNext = 1;
    const client = h.clientFor(h.member, { timeoutMs: 200 });
    const error = await failure(client.call('getUsers', {}));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toContain('0.2 s');
  });

  it('a 5xx answer is a ServiceError with its status and a code', async () => {
    h.service.faults.error5xxNext = 1;
    const error = await failure(h.clientFor(h.member).call('getUsers', {}));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 503, code: 'SERVER_ERROR', msg: 'Service temporarily unavailable' });
  });

  it('a wrong API key is UNAUTHORIZED (401)', async () => {
    const error = await failure(h.clientFor({ ...h.member, api_key: 'wrong-key' }).call('getUsers', {}));
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
  });

  it('a server that is not there is a NetworkError', async () => {
    const gone = await startHarness();
    const client = gone.clientFor(gone.member);
    await gone.service.close();
    expect(await failure(client.call('getUsers', {}))).toMatchObject({ name: 'NetworkError', code: 'ECONNREFUSED' });
  });
});

describe('feature levels', () => {
  it('a server at level 300 gets no channel-folder request, and the caller learns why', async () => {
    const old = await startHarness({ featureLevel: 300 });
    try {
      const client = old.clientFor(old.member);
      await client.call('getServerSettings', {});
      expect(client.featureLevel).toBe(300);
      old.service.faults.error5xxNext = 1; // would show if a request reached the server
      const error = await failure(client.call('getChannelFolders', {}));
      expect(error).toBeInstanceOf(UnsupportedFeatureError);
      expect(error.message).toBe('Channel folders need feature level 389; this server is at 300.');
      expect(old.service.faults.error5xxNext).toBe(1);
      const create = await failure(old.clientFor(old.withRole(200)[0]!, { featureLevel: 300 }).call('createChannelFolder', { name: 'x', description: '' }));
      expect(create).toBeInstanceOf(UnsupportedFeatureError);
      // Within its level the server still answers.
      old.service.faults.error5xxNext = 0;
      await expect(client.call('getUsers', {})).resolves.toMatchObject({ result: 'success' });
    } finally {
      await old.service.close();
    }
  });

  it('registration teaches the level too', async () => {
    const old = await startHarness({ featureLevel: 300 });
    try {
      const client = old.clientFor(old.member);
      await client.call('registerQueue', { event_types: ['message'] });
      expect(await failure(client.call('updateStatusForUser', { user_id: 1, status_text: 'x' }))).toBeInstanceOf(UnsupportedFeatureError);
      expect(await failure(client.call('getChannels', { include_all: true }))).toMatchObject({
        message: 'The include_all parameter of "Get all channels" needs feature level 356; this server is at 300.',
      });
    } finally {
      await old.service.close();
    }
  });
});
