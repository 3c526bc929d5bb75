// The API key never shows: not in the client, not in any error it throws, not in a log line,
// however they are serialized.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../main/api/service-client';
import type { Logger } from '../../../main/api/logger';
import { json, useCaptureServer } from './capture-server';

const API_KEY = 'Zq8sEcReTkEy0123456789abcdef';
const EMAIL = 'iago@example.com';
const BASIC = Buffer.from(`${EMAIL}:${API_KEY}`).toString('base64');

const server = useCaptureServer();
const lines: string[] = [];
const logger: Logger = {
  debug: (m, d) => lines.push(m + JSON.stringify(d ?? {})),
  info: (m, d) => lines.push(m + JSON.stringify(d ?? {})),
  warn: (m, d) => lines.push(m + JSON.stringify(d ?? {})),
  error: (m, d) => lines.push(m + JSON.stringify(d ?? {})),
};

function expectNoSecret(value: unknown) {
  for (const text of [JSON.stringify(value) ?? '', inspect(value, { showHidden: true, depth: Infinity, getters: true })]) {
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(BASIC);
  }
}

describe('the API key stays private', () => {
  it('is not visible on the client', () => {
    const client = new ServiceClient({ serverUrl: server.url, email: EMAIL, apiKey: API_KEY, logger });
    expectNoSecret(client);
    expectNoSecret(Object.entries(client));
    expectNoSecret({ ...client });
  });

  it('is in no error the client throws, nor in its log lines', async () => {
    const client = new ServiceClient({
      serverUrl: server.url,
      email: EMAIL,
      apiKey: API_KEY,
      logger,
      // Long enough for an answer on a loaded machine; the case that never answers waits it out.
      timeoutMs: 2_000,
      rateLimitBackoffMs: 1,
      maxRateLimitRetries: 1,
      featureLevel: 300,
    });
    const errors: unknown[] = [];
    const collect = (p: Promise<unknown>) => p.then(() => errors.push(new Error('unexpected success')), (e: unknown) => errors.push(e));

    server.respond((_req, res) => json(res, 401, { result: 'error', msg: 'Invalid API key', code: 'UNAUTHORIZED' }));
    await collect(client.call('getUsers', {}));
    server.respond((_req, res) => json(res, 429, { result: 'error', msg: 'limit', code: 'RATE_LIMIT_HIT', 'retry-after': 0.001 }));
    await collect(client.call('getUsers', {}));
    server.respond((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<h1>bad gateway</h1>');
    });
    await collect(client.call('getUsers', {}));
    server.respond(() => undefined);
    await collect(client.call('getUsers', {}));
    server.respond((_req, res) => res.socket?.destroy());
    await collect(client.call('getUsers', {}));
    await collect(client.call('updateStatusForUser', { user_id: 1, status_text: 'x' }));
    await collect(client.call('updateMessageFlags', { messages: [1], op: 'add', flag: 'mentioned' }));
    await collect(new ServiceClient({ serverUrl: 'http://127.0.0.1:1', email: EMAIL, apiKey: API_KEY }).call('getUsers', {}));

    expect(errors.map((e) => (e as Error).name)).toEqual([
      'ServiceError',
      'ServiceError',
      'ServiceError',
      'TimeoutError',
      'NetworkError',
      'UnsupportedFeatureError',
      'ValidationError',
      'NetworkError',
    ]);
    for (const error of errors) expectNoSecret(error);
    expect(lines.length).toBeGreaterThan(0);
    expectNoSecret(lines);
  });

  it('does not leak the password of a user being created into errors or logs', async () => {
    const client = new ServiceClient({ serverUrl: server.url, email: EMAIL, apiKey: API_KEY, logger });
    server.respond((_req, res) => json(res, 400, { result: 'error', msg: 'Email is already in use.', code: 'BAD_REQUEST' }));
    const error = await client.call('createUser', { email: 'new@example.com', password: 'pa55-w0rd-XYZ', full_name: 'New' }).catch((e: unknown) => e);
    expect(inspect(error)).not.toContain('pa55-w0rd-XYZ');
    expect(lines.join('\n')).not.toContain('pa55-w0rd-XYZ');
  });
});
