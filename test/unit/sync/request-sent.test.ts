import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { requestSent } from '../../../main/sync/request-sent';

/** A server that holds every answer until the test lets it go. */
async function holdingServer() {
  const held: { request: IncomingMessage; response: ServerResponse }[] = [];
  let arrived: () => void = () => undefined;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      held.push({ request, response });
      arrived();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    root: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`,
    arrival: () => new Promise<void>((resolve) => (arrived = resolve)),
    answerAll: () => held.splice(0).forEach(({ response }) => response.end('{}')),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

let server: Awaited<ReturnType<typeof holdingServer>> | undefined;
afterEach(async () => {
  server?.answerAll();
  await server?.close();
});

/** Which of the promises settled by now (after the pending callbacks have run). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('requestSent', () => {
  it('settles once the request is written, while its answer is still awaited', async () => {
    server = await holdingServer();
    const arrival = server.arrival();
    const answer = fetch(`${server.root}/register`, { method: 'POST', body: new URLSearchParams({ a: '1' }) });
    const sent = requestSent('POST', `${server.root}/register`, answer);
    await arrival;
    expect(await settled(sent)).toBe(true);
    expect(await settled(answer)).toBe(false);
  });

  it.each([
    ['another path', 'POST', '/events'],
    ['another method', 'GET', '/register'],
  ])('waits for `until` where the request written is to %s', async (_, method, path) => {
    server = await holdingServer();
    const arrival = server.arrival();
    let release!: () => void;
    const until = new Promise<void>((resolve) => (release = resolve));
    const sent = requestSent('POST', `${server.root}/register`, until);
    const other = fetch(`${server.root}${path}`, { method, ...(method === 'POST' && { body: new URLSearchParams({ a: '1' }) }) });
    await arrival;
    expect(await settled(sent)).toBe(false);
    release();
    expect(await settled(sent)).toBe(true);
    server.answerAll();
    await other;
  });
});
