// Files on a real server: an image another user uploaded and linked reaches the app with the
// server's thumbnail, and main fetches both the thumbnail and the file with the account's key
// (the renderer never holds a URL with credentials).
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { channelTopicConversation } from '../../shared/conversation';
import { account, Bare, marker, openApp, realServer, signIn, until, type RealApp } from './harness';

const VERONA = 3;
let app: RealApp;

beforeAll(async () => {
  app = await openApp('uploads');
  await signIn(app, account('iago@zulip.com'));
});
afterAll(() => app.close());

/** A small solid-red PNG, built here so the suite carries no binary files. */
function redPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([255, 0, 0]))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

it('shows an image another user shared: its thumbnail and the file, fetched by main with the key', async () => {
  const hamlet = account('hamlet@zulip.com');
  const form = new FormData();
  form.append('filename', new Blob([new Uint8Array(redPng(64, 48))], { type: 'image/png' }), 'red.png');
  const uploaded: unknown = await fetch(`${realServer().url}/api/v1/user_uploads`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${hamlet.email}:${hamlet.api_key}`).toString('base64')}` },
    body: form,
  }).then((r) => r.json());
  const url = typeof uploaded === 'object' && uploaded !== null && 'url' in uploaded && typeof uploaded.url === 'string' ? uploaded.url : '';
  expect(url).toMatch(/^\/user_uploads\/.+\/red\.png$/);

  const topic = marker('upload');
  await new Bare(hamlet).call('POST', '/messages', { type: 'stream', to: VERONA, topic, content: `look [red.png](${url})` });
  const conversation = channelTopicConversation(VERONA, topic);
  let html = '';
  await until(async () => {
    html = (await app.call('messages.page', { conversation, cached: true })).messages[0]?.message.content ?? '';
    return html !== '';
  }, 'the message in the mirror');
  const thumbnail = /<img [^>]*src="(\/user_uploads\/thumbnail\/[^"]+)"/.exec(html)?.[1];
  expect(thumbnail).toBe(`/user_uploads/thumbnail/${url.slice('/user_uploads/'.length)}/840x560.webp`);

  const { active_account_id } = await app.call('app.state', undefined);
  const small = await app.core.serverImage(active_account_id!, thumbnail!);
  expect(small.status).toBe(200);
  expect(small.headers['content-type']).toBe('image/webp');
  const full = await app.core.serverImage(active_account_id!, url);
  expect(full.status).toBe(200);
  const chunks: Uint8Array[] = [];
  if (full.body instanceof Uint8Array) chunks.push(full.body);
  else for await (const chunk of full.body) chunks.push(chunk);
  expect(Buffer.concat(chunks)).toEqual(redPng(64, 48));
});
