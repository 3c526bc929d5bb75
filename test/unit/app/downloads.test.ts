// Saving files others sent, and uploaded images at full size: fetched with the account's key from
// its own server only, streamed to disk with a cap (a 1 GiB answer is cut off early and leaves
// nothing behind), saved under a safe name where the user chose; in browser mode a one-time
// address that carries no credentials and serves the file as an attachment, never as a page.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../main/api/service-client';
import type { ServedFile } from '../../../main/app/core';
import { Downloads, type SaveDialog } from '../../../main/app/downloads';
import { FULL_IMAGE_MAX_BYTES, fetchFullImage } from '../../../main/app/user-uploads';
import { startUploadReceiver, type UploadReceiver } from '../../support/upload-receiver';
import { MiB, startHostileServer, streamBody, type HostileServer, type Stream } from '../api/hostile-server';

const dir = mkdtempSync(join(tmpdir(), 'downloads-'));
let receiver: UploadReceiver;
let hostile: HostileServer;
let stream: Stream | undefined;
const uploaded: Record<string, { path: string; bytes: Buffer }> = {};

async function upload(name: string, type: string, bytes: Buffer) {
  const client = new ServiceClient({ serverUrl: receiver.url, email: receiver.email, apiKey: receiver.api_key, pacing: false });
  const path = join(dir, randomBytes(4).toString('hex'));
  writeFileSync(path, bytes);
  uploaded[name] = { path: (await client.upload({ path, name, type, size: bytes.length })).url, bytes };
}

/** A dialog that answers `choice` (null: cancelled) and remembers the names it was offered. */
function dialog(choice: string | null): SaveDialog & { offered: string[] } {
  const offered: string[] = [];
  return { offered, chooseSavePath: async (name) => (offered.push(name), choice) };
}

/** A served body, read to its end. */
async function read(body: ServedFile['body']): Promise<Buffer> {
  if (body instanceof Uint8Array) return Buffer.from(body);
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const account = (server: { url: string; authorization?: string }) => ({ server_url: server.url, authorization: server.authorization ?? 'Basic a2V5', fetch });

beforeAll(async () => {
  receiver = await startUploadReceiver();
  hostile = await startHostileServer();
  await upload('report.pdf', 'application/pdf', randomBytes(3 * MiB));
  await upload('page.html', 'text/html', Buffer.from('<script>parent.steal()</script>'));
  await upload('logo.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
  await upload('photo.png', 'image/png', randomBytes(12 * MiB));
  for (const declared of [true, false]) {
    hostile.route(`/user_uploads/2/ab/x/${declared ? 'declared' : 'chunked'}.bin`, (response) => {
      stream = streamBody(response, { 'content-type': 'application/octet-stream', ...(declared && { 'content-length': String(1024 * MiB) }) }, 1024 * MiB);
    });
  }
});
afterAll(async () => {
  await receiver.close();
  await hostile.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('saving a file under Electron', () => {
  it("streams it where the user chose, the dialog offered the file's safe name", async () => {
    const target = join(dir, 'chosen.pdf');
    const chooser = dialog(target);
    const downloads = new Downloads({ ...account(receiver), saveDialog: chooser });
    await expect(downloads.save(uploaded['report.pdf']!.path, '../../report\u202Efdp.exe')).resolves.toEqual({ outcome: 'saved', name: 'chosen.pdf' });
    expect(chooser.offered).toEqual(['reportfdp.exe']);
    expect(readFileSync(target).equals(uploaded['report.pdf']!.bytes)).toBe(true);
  });

  it('names the file after its address when the message gave no name, and fetches nothing when the dialog is cancelled', async () => {
    const chooser = dialog(null);
    const downloads = new Downloads({ ...account(hostile), saveDialog: chooser });
    await expect(downloads.save('/user_uploads/2/ab/x/declared.bin', ' ')).resolves.toEqual({ outcome: 'cancelled' });
    expect(chooser.offered).toEqual(['declared.bin']);
    expect(hostile.hits.get('/user_uploads/2/ab/x/declared.bin')).toBeUndefined();
  });

  it.each(['declared', 'chunked'])('stops a 1 GiB file (%s) at the cap, leaving no file and no part of one', async (kind) => {
    const folder = mkdtempSync(join(dir, 'cap-'));
    const downloads = new Downloads({ ...account(hostile), saveDialog: dialog(join(folder, 'big.bin')), maxBytes: 8 * MiB });
    stream = undefined;
    const rssBefore = process.memoryUsage().rss;
    await expect(downloads.save(`/user_uploads/2/ab/x/${kind}.bin`, 'big.bin')).rejects.toMatchObject({ code: 'TOO_LARGE' });
    await stream!.closed;
    expect(stream!.sent).toBeLessThan(64 * MiB);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(256 * MiB);
    expect(readdirSync(folder)).toEqual([]);
  });

  it('says why when the server cannot be reached, or the place chosen cannot take the file', async () => {
    const offline = new Downloads({ server_url: 'http://127.0.0.1:1', authorization: 'Basic a2V5', fetch, saveDialog: dialog(join(dir, 'offline.pdf')) });
    await expect(offline.save('/user_uploads/2/ab/x/report.pdf', 'report.pdf')).rejects.toMatchObject({ code: 'UNREACHABLE' });
    const nowhere = new Downloads({ ...account(receiver), saveDialog: dialog(join(dir, 'no such folder', 'report.pdf')) });
    await expect(nowhere.save(uploaded['report.pdf']!.path, 'report.pdf')).rejects.toMatchObject({ code: 'NOT_SAVED', message: '“report.pdf” could not be saved there (ENOENT).' });
  });

  it('saves only files uploaded to the account’s server, asking nothing of anyone else', async () => {
    const chooser = dialog(join(dir, 'never'));
    const downloads = new Downloads({ ...account(receiver), saveDialog: chooser });
    for (const link of ['/api/v1/users/me', `${hostile.url}/user_uploads/2/ab/x/declared.bin`, '/user_uploads/../api/v1/register', 'https://user:pass@elsewhere.example/user_uploads/1/x']) {
      await expect(downloads.save(link, 'x'), link).rejects.toMatchObject({ code: 'NOT_AN_UPLOAD' });
    }
    expect(chooser.offered).toEqual([]);
    expect(existsSync(join(dir, 'never'))).toBe(false);
  });
});

describe('saving a file in browser mode', () => {
  it('gives the page a one-time address with no key or token in it, serving the file as an attachment', async () => {
    const downloads = new Downloads({ ...account(receiver), saveDialog: undefined });
    const outcome = await downloads.save(uploaded['page.html']!.path, 'page.html');
    expect(outcome).toEqual({ outcome: 'download', url: expect.stringMatching(/^\/download\/[0-9a-f]{32}$/), name: 'page.html' });
    if (outcome.outcome !== 'download') return;
    expect(outcome.url).not.toContain(receiver.api_key);
    expect(outcome.url).not.toContain(receiver.authorization.slice('Basic '.length));
    const served = await downloads.serve(outcome.url.slice('/download/'.length));
    expect(served.status).toBe(200);
    // Served as bytes to keep, whatever the server said they are.
    expect(served.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-disposition': `attachment; filename="page.html"; filename*=UTF-8''page.html`,
      'x-content-type-options': 'nosniff',
    });
    expect((await read(served.body)).equals(uploaded['page.html']!.bytes)).toBe(true);
    // Spent.
    expect((await downloads.serve(outcome.url.slice('/download/'.length))).status).toBe(404);
  });

  it('answers at once, with why, when the server says the file is over the cap', async () => {
    const downloads = new Downloads({ ...account(hostile), saveDialog: undefined, maxBytes: 8 * MiB });
    const outcome = await downloads.save('/user_uploads/2/ab/x/declared.bin', 'big.bin');
    const served = outcome.outcome === 'download' ? await downloads.serve(outcome.url.slice('/download/'.length)) : undefined;
    expect(served?.status).toBe(502);
    expect((await read(served!.body)).toString()).toBe('The file is larger than the 8 MiB the app takes from a server.');
  });

  it('lets an address expire unused', async () => {
    const downloads = new Downloads({ ...account(receiver), saveDialog: undefined, ticketMs: 0 });
    const outcome = await downloads.save(uploaded['report.pdf']!.path, 'report.pdf');
    expect(outcome.outcome === 'download' && (await downloads.serve(outcome.url.slice('/download/'.length))).status).toBe(404);
  });
});

describe('an uploaded image at full size', () => {
  it('comes whole past the 5 MiB of inline images, never as SVG, never for a thumbnail', async () => {
    const photo = await fetchFullImage(account(receiver), uploaded['photo.png']!.path);
    expect(photo).toMatchObject({ status: 200, headers: { 'content-type': 'image/png', 'content-length': String(12 * MiB) } });
    expect((await read(photo.body)).equals(uploaded['photo.png']!.bytes)).toBe(true);
    expect((await fetchFullImage(account(receiver), uploaded['logo.svg']!.path)).status).toBe(404);
    expect((await fetchFullImage(account(receiver), uploaded['page.html']!.path)).status).toBe(404);
    expect((await fetchFullImage(account(receiver), `/user_uploads/thumbnail${uploaded['photo.png']!.path.slice('/user_uploads'.length)}/840x560.webp`)).status).toBe(404);
  });

  it(`is cut off past ${FULL_IMAGE_MAX_BYTES / MiB} MiB`, async () => {
    hostile.route('/user_uploads/2/ab/x/huge.png', (response) => (stream = streamBody(response, { 'content-type': 'image/png' }, 1024 * MiB)));
    const image = await fetchFullImage(account(hostile), '/user_uploads/2/ab/x/huge.png');
    expect(image.status).toBe(200);
    await expect(read(image.body)).rejects.toMatchObject({ code: 'TOO_LARGE' });
    await stream!.closed;
    expect(stream!.sent).toBeLessThan(FULL_IMAGE_MAX_BYTES + 64 * MiB);
  });
});
