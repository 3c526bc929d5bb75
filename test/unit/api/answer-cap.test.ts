// Every answer the client reads is capped as it arrives: a hostile server streaming an endless
// body (or declaring a huge one) gets a clear error after at most MAX_ANSWER_BYTES, and the next
// call on the same client works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCappedText } from '../../../main/api/capped-body';
import { AnswerTooLargeError } from '../../../main/api/errors';
import { ServiceClient } from '../../../main/api/service-client';
import { MAX_ANSWER_BYTES } from '../../../main/api/transport';
import { MiB, startHostileServer, streamBody, type HostileServer, type Stream } from './hostile-server';

const SETTINGS = JSON.stringify({ result: 'success', msg: '', realm_name: 'Hostile', service_feature_level: 420 });
let server: HostileServer;
let stream: Stream | undefined;

beforeAll(async () => {
  server = await startHostileServer();
});
afterAll(() => server.close());

const normalSettings = () =>
  server.route('/api/v1/server_settings', (response) => void response.writeHead(200, { 'content-type': 'application/json' }).end(SETTINGS));

describe('answer size cap', () => {
  it('reads a large answer whole: 60 MiB, more than a 100,000-user registration', async () => {
    server.route('/api/v1/server_settings', (response) => {
      streamBody(response, { 'content-type': 'application/json' }, 60 * MiB, '{"result":"success","msg":"","realm_name":"Large","filler":"', '"}');
    });
    const settings = await new ServiceClient({ serverUrl: server.url }).call('getServerSettings', {});
    expect(settings.realm_name).toBe('Large');
    expect(String(settings['filler'])).toHaveLength(60 * MiB);
  });

  // Declared: refused before reading. Streamed: counted up to the cap. Either way, at most what the
  // sockets buffer beyond that.
  it.each([
    ['streamed without a length', {}, MAX_ANSWER_BYTES + 64 * MiB],
    ['declared by Content-Length', { 'content-length': String(1024 * MiB) }, 64 * MiB],
  ])('stops reading a 1 GiB answer %s, and the client keeps working', async (_how, lengthHeader, mostSent) => {
    server.route('/api/v1/server_settings', (response) => {
      stream = streamBody(response, { 'content-type': 'application/json', ...lengthHeader }, 1024 * MiB, '{"result":"success","msg":"","filler":"');
    });
    const client = new ServiceClient({ serverUrl: server.url });
    const refusal = client.call('getServerSettings', {});
    await expect(refusal).rejects.toBeInstanceOf(AnswerTooLargeError);
    await expect(refusal).rejects.toThrow(/GET \/server_settings is larger than the 256 MiB the app accepts/);
    await stream!.closed;
    expect(stream!.sent).toBeLessThan(mostSent);

    normalSettings();
    await expect(client.call('getServerSettings', {})).resolves.toMatchObject({ realm_name: 'Hostile' });
  });
});

describe('an answer read as text, chunk by chunk', () => {
  const chunked = (...chunks: number[][]) =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(Uint8Array.from(chunk));
          controller.close();
        },
      }),
    );

  it('keeps a character whose bytes arrive in two chunks', async () => {
    // "é" is 0xC3 0xA9 in UTF-8; "€" 0xE2 0x82 0xAC.
    await expect(readCappedText(chunked([0x22, 0xc3], [0xa9, 0xe2, 0x82], [0xac, 0x22]), 100)).resolves.toBe('"é€"');
  });

  it('gives nothing once the bytes pass the cap', async () => {
    await expect(readCappedText(chunked([0x61, 0x62], [0x63, 0x64]), 3)).resolves.toBeUndefined();
    await expect(readCappedText(chunked([0x61, 0x62], [0x63]), 3)).resolves.toBe('abc');
  });
});
