// Uploads as real servers of the family do them: POST /user_uploads with one multipart file,
// the file served at its /user_uploads/ path with the API's credentials, an image's thumbnail,
// the size limit, the inline preview of a linked image, and uploads kept across a restart.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService } from './index';
import { basicAuth } from './testing/client';
import { startDemo, type Demo } from './testing/demo';
import { htmlStructure } from './testing/htmlStructure';
import { REAL_DIR } from './testing/realContext';
import { pngBytes } from './uploads/png';

const captured = JSON.parse(readFileSync(`${REAL_DIR}exchanges.json`, 'utf8')) as {
  upload_file: { body: Record<string, unknown> };
  message_with_uploaded_image: { content_markdown: string; rendered: string };
};

let demo: Demo;
beforeAll(async () => {
  demo = await startDemo({ maxFileUploadSizeMib: 1 });
});
afterAll(() => demo.service.close());

const auth = (): string => basicAuth(demo.accounts.member.email, demo.accounts.member.api_key);

async function upload(files: { name: string; type: string; bytes: Buffer }[], url = demo.service.url, authorization = auth()): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  for (const file of files) form.append(file.name, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = await fetch(`${url}/api/v1/user_uploads`, { method: 'POST', headers: { Authorization: authorization }, body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const RED = pngBytes(64, 48, [255, 0, 0]);

describe('POST /user_uploads', () => {
  it('stores one file and answers with its path, in the real server shape', async () => {
    const reply = await upload([{ name: 'red.png', type: 'image/png', bytes: RED }]);
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(Object.keys(captured.upload_file.body).sort());
    expect(reply.body['url']).toMatch(/^\/user_uploads\/1\/[0-9a-f]{2}\/[\w-]{24}\/red\.png$/);
    expect(reply.body).toMatchObject({ uri: reply.body['url'], filename: 'red.png' });
  });

  it('refuses no file, two files, and a file past the organization limit, as real servers do', async () => {
    const none = await fetch(`${demo.service.url}/api/v1/user_uploads`, { method: 'POST', headers: { Authorization: auth() }, body: new FormData() });
    expect(none.status).toBe(400);
    expect(((await none.json()) as Record<string, unknown>)['msg']).toBe('You must specify a file to upload');
    const two = await upload([{ name: 'a.txt', type: 'text/plain', bytes: Buffer.from('a') }, { name: 'b.txt', type: 'text/plain', bytes: Buffer.from('b') }]);
    expect(two.body['msg']).toBe('You may only upload one file at a time');
    const big = await upload([{ name: 'big.bin', type: 'application/octet-stream', bytes: Buffer.alloc(1024 * 1024 + 1) }]);
    expect(big).toEqual({ status: 400, body: { result: 'error', msg: "File is larger than this server's configured maximum upload size (1 MiB).", code: 'BAD_REQUEST' } });
  });

  it('announces the limit in the registration', async () => {
    const registration = await demo.clients.member.post('/register', { fetch_event_types: ['realm'] });
    expect(registration.body['max_file_upload_size_mib']).toBe(1);
  });
});

describe('GET /user_uploads/...', () => {
  it('serves the file with the API credentials, redirects without them and refuses a wrong key', async () => {
    const path = String((await upload([{ name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('hello\n') }])).body['url']);
    const served = await fetch(`${demo.service.url}${path}`, { headers: { Authorization: auth() } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('text/plain');
    expect(await served.text()).toBe('hello\n');
    expect((await fetch(`${demo.service.url}${path}`, { redirect: 'manual' })).status).toBe(302);
    expect((await fetch(`${demo.service.url}${path}`, { headers: { Authorization: basicAuth(demo.accounts.member.email, 'y'.repeat(32)) } })).status).toBe(401);
    expect((await fetch(`${demo.service.url}/user_uploads/1/aa/missing/x.txt`, { headers: { Authorization: auth() } })).status).toBe(404);
  });

  it("serves an image's thumbnail (the image itself: no WebP encoder here), and none for other files", async () => {
    const image = String((await upload([{ name: 'red.png', type: 'image/png', bytes: RED }])).body['url']);
    const thumbnail = await fetch(`${demo.service.url}${image.replace('/user_uploads/', '/user_uploads/thumbnail/')}/840x560.webp`, { headers: { Authorization: auth() } });
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await thumbnail.arrayBuffer()).equals(RED)).toBe(true);
    const text = String((await upload([{ name: 'a.txt', type: 'text/plain', bytes: Buffer.from('a') }])).body['url']);
    const none = await fetch(`${demo.service.url}${text.replace('/user_uploads/', '/user_uploads/thumbnail/')}/840x560.webp`, { headers: { Authorization: auth() } });
    expect(none.status).toBe(404);
  });
});

describe('a message linking an uploaded image', () => {
  it('shows the inline preview the real server showed, with the thumbnail and the original size', async () => {
    const image = String((await upload([{ name: 'red.png', type: 'image/png', bytes: RED }])).body['url']);
    const file = String((await upload([{ name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('notes') }])).body['url']);
    const content = `look [red.png](${image}) and a file [notes.txt](${file})`;
    const sent = await demo.clients.member.post('/messages', { type: 'stream', to: 1, topic: 'uploads', content });
    const fetched = await demo.clients.member.get('/messages', { anchor: Number(sent.body['id']), num_before: 0, num_after: 0 });
    const html = String((fetched.body['messages'] as { content: string }[])[0]?.content);
    // The captured HTML with this organization's paths: its second link (to the same upload there) is the text file here.
    const realImage = /\[red\.png\]\(([^)]+)\)/.exec(captured.message_with_uploaded_image.content_markdown)?.[1] ?? '';
    let link = 0;
    const expected = captured.message_with_uploaded_image.rendered
      .replaceAll(`thumbnail/${realImage.slice('/user_uploads/'.length)}`, `thumbnail/${image.slice('/user_uploads/'.length)}`)
      .replaceAll(realImage, () => ((link += 1) === 2 ? file : image));
    expect(htmlStructure(html)).toBe(htmlStructure(expected));
  });
});

describe('uploads across a restart', () => {
  it('are still served from the same database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-uploads-'));
    try {
      const dbPath = join(dir, 'sim.db');
      const first = await startService({ org: 'demo', dbPath });
      const account = first.accounts[0];
      if (account === undefined) throw new Error('no account');
      const authorization = basicAuth(account.email, account.api_key);
      const path = String((await upload([{ name: 'kept.txt', type: 'text/plain', bytes: Buffer.from('kept') }], first.url, authorization)).body['url']);
      await first.close();
      const second = await startService({ org: 'demo', dbPath, resume: true });
      try {
        const served = await fetch(`${second.url}${path}`, { headers: { Authorization: authorization } });
        expect(await served.text()).toBe('kept');
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
