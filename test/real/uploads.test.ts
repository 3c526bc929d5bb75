// Files on a real server: an image another user uploaded and linked reaches the app with the
// server's thumbnail, and main fetches both the thumbnail and the file with the account's key
// (the renderer never holds a URL with credentials); files the app's user attaches, staged in main
// as the composer stages them, reach the other user with their bytes, whether uploaded before the
// message is sent or by the outbox as it sends it; a file over the server's limit is refused
// before any byte is staged.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { channelTopicConversation } from '../../shared/conversation';
import { stagedPlaceholder } from '../../shared/staged-links';
import { pngBytes } from '../service/uploads/png';
import { account, Bare, marker, openApp, realServer, signIn, until, type RealApp } from './harness';

const RED = [255, 0, 0] as const;

const VERONA = 3;
let app: RealApp;

beforeAll(async () => {
  app = await openApp('uploads');
  await signIn(app, account('iago@zulip.com'));
});
afterAll(() => app.close());

it('shows an image another user shared: its thumbnail and the file, fetched by main with the key', async () => {
  const hamlet = account('hamlet@zulip.com');
  const form = new FormData();
  form.append('filename', new Blob([new Uint8Array(pngBytes(64, 48, RED))], { type: 'image/png' }), 'red.png');
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
  expect(Buffer.concat(chunks)).toEqual(pngBytes(64, 48, RED));
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Stages bytes in main as the composer does: begun, sent in chunks as base64, finished. */
async function stage(name: string, type: string, bytes: Buffer): Promise<string> {
  const { staged_id, chunk_bytes } = await app.call('files.stageBegin', { name, size: bytes.length, type });
  for (let offset = 0; offset < bytes.length; offset += chunk_bytes) {
    await app.call('files.stageChunk', { staged_id, offset, data: bytes.subarray(offset, offset + chunk_bytes).toString('base64') });
  }
  await app.call('files.stageFinish', { staged_id });
  return staged_id;
}

/** The one message of a topic as Hamlet reads it on the server, once there, and the bytes of the file it links. */
async function receivedByHamlet(topic: string): Promise<{ content: string; file: Buffer }> {
  const hamlet = new Bare(account('hamlet@zulip.com'));
  let found: { content: string }[] = [];
  await until(async () => {
    found = await hamlet.messages([
      { operator: 'channel', operand: VERONA },
      { operator: 'topic', operand: topic },
    ]);
    return found.length > 0;
  }, 'the message on the server');
  expect(found).toHaveLength(1);
  const link = /\]\((\/user_uploads\/[^)]+)\)/.exec(found[0]!.content)?.[1];
  if (!link) throw new Error(`no file linked: ${found[0]!.content}`);
  const response = await fetch(new URL(link, realServer().url), { headers: { authorization: `Basic ${Buffer.from(`${hamlet.who.email}:${hamlet.who.api_key}`).toString('base64')}` } });
  expect(response.status).toBe(200);
  return { content: found[0]!.content, file: Buffer.from(await response.arrayBuffer()) };
}

it('shares a file its user attaches: uploaded, linked in the message, and the other user gets its bytes', async () => {
  const bytes = pngBytes(32, 24, RED);
  const staged_id = await stage('red square.png', 'image/png', bytes);
  const uploaded = await app.call('files.upload', { staged_id });
  expect(uploaded.url).toMatch(/^\/user_uploads\/.+\.png$/);
  expect(await app.call('files.describe', { url: uploaded.url })).toEqual({ type: 'image/png', size: bytes.length });

  const topic = marker('attached');
  await app.call('messages.send', { conversation: channelTopicConversation(VERONA, topic), content: `the square: [${uploaded.filename}](${uploaded.url})` });
  const received = await receivedByHamlet(topic);
  expect(received.content).toContain(uploaded.url);
  expect(received.file).toEqual(bytes);
});

it('sends a message whose file was not uploaded yet: the outbox uploads it first, and the message links it once', async () => {
  const bytes = Buffer.from(`notes for ${marker('notes')}\n`.repeat(50_000));
  const staged_id = await stage('notes.txt', 'text/plain', bytes);
  const topic = marker('staged');
  await app.call('messages.send', { conversation: channelTopicConversation(VERONA, topic), content: `notes attached\n${stagedPlaceholder('notes.txt', staged_id)}` });
  const received = await receivedByHamlet(topic);
  expect(received.content).toMatch(/^notes attached\n\[notes\.txt\]\(\/user_uploads\/.+\/notes\.txt\)$/);
  // Compared by digest: a deep equality of a megabyte, byte by byte, takes seconds.
  expect(sha256(received.file)).toBe(sha256(bytes));
});

it('refuses a file over the server\'s upload limit before staging it, naming the limit', async () => {
  // Real servers announce the limit in the registration (the spec's simulator in its settings).
  const registered = await new Bare(account('iago@zulip.com')).call('POST', '/register', { fetch_event_types: ['realm'] });
  const limitMib = registered.max_file_upload_size_mib;
  if (typeof limitMib !== 'number') throw new Error('the server names no upload limit');
  await expect(app.call('files.stageBegin', { name: 'huge.bin', size: limitMib * 1024 * 1024 + 1, type: 'application/octet-stream' })).rejects.toThrow(
    new RegExp(`${limitMib} MiB`),
  );
});
