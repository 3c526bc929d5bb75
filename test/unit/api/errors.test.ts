// How failures reach the caller: every non-success answer as a ServiceError with code, msg,
// status and extra fields; no server as NetworkError; no answer in time as TimeoutError.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import { NetworkError, ServiceError, TimeoutError } from '../../../main/api/errors';
import { ServiceClient } from '../../../main/api/service-client';
import { json, useCaptureServer } from './capture-server';

const server = useCaptureServer();
let client: ServiceClient;

beforeEach(() => {
  client = new ServiceClient({ serverUrl: server.url, email: 'iago@example.com', apiKey: 'secret-key' });
});

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

async function serviceError(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await failure(promise);
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

describe('error answers', () => {
  it('400 with STREAM_DOES_NOT_EXIST carries stream_id', async () => {
    server.respond((_req, res) =>
      json(res, 400, { result: 'error', msg: "Channel with ID '999' does not exist", code: 'STREAM_DOES_NOT_EXIST', stream_id: 999 }),
    );
    const error = await serviceError(
      client.call('createScheduledMessage', { type: 'channel', to: 999, topic: 't', content: 'c', scheduled_delivery_timestamp: 2e9 }),
    );
    expect(error).toMatchObject({ code: 'STREAM_DOES_NOT_EXIST', status: 400, stream_id: 999 });
    expect(error.msg).toBe("Channel with ID '999' does not exist");
    expect(error.fields).toEqual({ stream_id: 999 });
    expect(error.request).toBe('POST /scheduled_messages');
  });

  it('BAD_EVENT_QUEUE_ID carries queue_id', async () => {
    server.respond((_req, res) =>
      json(res, 400, { result: 'error', msg: 'Bad event queue ID: abc', code: 'BAD_EVENT_QUEUE_ID', queue_id: 'abc' }),
    );
    const error = await serviceError(client.call('getEvents', { queue_id: 'abc', dont_block: true }));
    expect(error).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID', queue_id: 'abc', status: 400 });
  });

  it('404 with BAD_REQUEST (unknown scheduled message) keeps the server code and status', async () => {
    server.respond((_req, res) =>
      json(res, 404, { result: 'error', msg: 'Scheduled message does not exist', code: 'BAD_REQUEST' }),
    );
    const error = await serviceError(client.call('editScheduledMessage', { scheduled_message_id: 1, content: 'x' }));
    expect(error).toMatchObject({ code: 'BAD_REQUEST', status: 404, msg: 'Scheduled message does not exist' });
  });

  it('401 becomes UNAUTHORIZED, whatever the body says', async () => {
    server.respond((_req, res) =>
      json(res, 401, { result: 'error', msg: 'Invalid API key', code: 'INVALID_API_KEY' }, { 'www-authenticate': 'Basic realm="zulip"' }),
    );
    expect(await serviceError(client.call('getUsers', {}))).toMatchObject({ code: 'UNAUTHORIZED', status: 401, msg: 'Invalid API key' });

    server.respond((_req, res) => {
      res.writeHead(401, { 'content-type': 'text/plain' });
      res.end('nope');
    });
    expect(await serviceError(client.call('getUsers', {}))).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
  });

  it("a proxy's HTML 502 becomes SERVER_ERROR with a message saying what came back", async () => {
    server.respond((_req, res) => {
      res.writeHead(502, 'Bad Gateway', { 'content-type': 'text/html' });
      res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
    });
    const error = await serviceError(client.call('getUsers', {}));
    expect(error.code).toBe('SERVER_ERROR');
    expect(error.status).toBe(502);
    expect(error.message).toContain('HTTP 502');
    expect(error.message).toContain('not a JSON object');
    expect(error.message).toContain('text/html');
  });

  it('JSON errors without a code get one from the status (405, 500)', async () => {
    server.respond((_req, res) => json(res, 405, { result: 'error', msg: 'Method Not Allowed', allowed_methods: ['GET'] }));
    const notAllowed = await serviceError(client.call('getUsers', {}));
    expect(notAllowed).toMatchObject({ code: 'METHOD_NOT_ALLOWED', status: 405, msg: 'Method Not Allowed' });
    expect(notAllowed.fields).toEqual({ allowed_methods: ['GET'] });

    server.respond((_req, res) => json(res, 500, { result: 'error', msg: 'Internal server error' }));
    expect(await serviceError(client.call('getUsers', {}))).toMatchObject({ code: 'SERVER_ERROR', status: 500 });
  });

  it('a 404 page that is not JSON becomes NOT_FOUND', async () => {
    server.respond((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<h1>Not Found</h1>');
    });
    expect(await serviceError(client.call('getUsers', {}))).toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });

  it('a 200 whose body is not JSON is an error, not a success', async () => {
    server.respond((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>captive portal</html>');
    });
    expect(await serviceError(client.call('getUsers', {}))).toMatchObject({ code: 'UNEXPECTED_RESPONSE', status: 200 });
  });

  it('an unknown code from a newer server is kept as sent', async () => {
    server.respond((_req, res) => json(res, 400, { result: 'error', msg: 'Nope', code: 'SOMETHING_NEW', detail: 1 }));
    expect(await serviceError(client.call('getUsers', {}))).toMatchObject({ code: 'SOMETHING_NEW', fields: { detail: 1 } });
  });
});

describe('network failures and timeouts', () => {
  it('a closed port is a NetworkError with ECONNREFUSED', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const offline = new ServiceClient({ serverUrl: `http://127.0.0.1:${port}`, email: 'a@b.c', apiKey: 'secret-key' });
    const error = await failure(offline.call('getUsers', {}));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: 'ECONNREFUSED', request: 'GET /users' });
  });

  it('a connection reset before the answer is a NetworkError', async () => {
    server.respond((_req, res) => res.socket?.destroy());
    const error = await failure(client.call('getUsers', {}));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).not.toBeInstanceOf(TimeoutError);
  });

  it('a server that accepts and never answers is a TimeoutError after the configured time', async () => {
    server.respond(() => undefined);
    const impatient = new ServiceClient({ serverUrl: server.url, email: 'a@b.c', apiKey: 'secret-key', timeoutMs: 150 });
    const started = Date.now();
    const error = await failure(impatient.call('getUsers', {}));
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(150);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a body that starts and never ends also times out', async () => {
    server.respond((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"result":');
    });
    const impatient = new ServiceClient({ serverUrl: server.url, email: 'a@b.c', apiKey: 'secret-key', timeoutMs: 150 });
    expect(await failure(impatient.call('getUsers', {}))).toBeInstanceOf(TimeoutError);
  });

  it('the long poll waits longer than event_queue_longpoll_timeout_seconds; dont_block uses the normal timeout', async () => {
    server.respond(() => undefined);
    const poller = new ServiceClient({
      serverUrl: server.url,
      email: 'a@b.c',
      apiKey: 'secret-key',
      timeoutMs: 50,
      longPollMarginMs: 100,
    });
    poller.useRegistration({ event_queue_longpoll_timeout_seconds: 0.2 });

    const longPoll = (await failure(poller.call('getEvents', { queue_id: 'q', last_event_id: -1 }))) as TimeoutError;
    expect(longPoll).toBeInstanceOf(TimeoutError);
    expect(longPoll.timeoutMs).toBe(300);

    const quick = (await failure(poller.call('getEvents', { queue_id: 'q', dont_block: true }))) as TimeoutError;
    expect(quick.timeoutMs).toBe(50);
  });

  it('a caller can abort a call; the abort is not dressed up as a network failure', async () => {
    server.respond(() => undefined);
    const controller = new AbortController();
    const call = client.call('getEvents', { queue_id: 'q' }, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('shutting down')), 30);
    const error = await failure(call);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe('shutting down');
  });
});
