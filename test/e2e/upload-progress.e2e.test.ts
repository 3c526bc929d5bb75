// An upload under way, in Chromium: the attachment says how much of the file has gone ("Uploading
// N%", a progress bar), and Cancel stops it there: the request is ended, no link goes into the
// text and nothing is left attached. The server sits behind a proxy on 127.0.0.1 that reads no
// byte of an upload's body while it is told to hold them, so the upload stops part way on the
// socket's own back-pressure (the file is far larger than loopback buffers), whatever the
// machine's speed; every other request passes through.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWorld, signInWorld, startTopicInGeneral, waitFor, type World } from './harness';
import { checkScreen } from './a11y';

let world: World;
const page = (): Page => world.page;
let proxy: http.Server;
/** While true, an upload's body is not read and it gets no answer. */
let holding = true;
/** Uploads the proxy holds, each with whether its connection has closed. */
const held: { request: http.IncomingMessage; closed: boolean }[] = [];

beforeAll(async () => {
  world = await openWorld('upload-progress', { maxFileUploadSizeMib: 64 });
  const upstream = new URL(world.service.url);
  proxy = http.createServer((req, res) => {
    if (holding && req.method === 'POST' && req.url?.startsWith('/api/v1/user_uploads')) {
      const upload = { request: req, closed: false };
      req.socket.once('close', () => (upload.closed = true));
      held.push(upload);
      return;
    }
    const forwarded = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forwarded.on('error', () => res.destroy());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const admin = world.service.accounts.find((a) => a.role === 200)!;
  const server_url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  world.page.setDefaultTimeout(15_000);
  await signInWorld(world, admin, server_url);
}, 60_000);

/** Files the tests give the page, by path. */
const files = mkdtempSync(join(tmpdir(), 'upload-progress-'));

afterAll(async () => {
  rmSync(files, { recursive: true, force: true });
  proxy?.closeAllConnections();
  proxy?.close();
  await world?.close();
});

const composer = () => page().getByTestId('composer');
const attachment = (name: string) => page().locator('[data-testid=attachment]', { hasText: name });

describe('an upload under way', () => {
  it('shows how far it has come, and Cancel stops it with nothing attached', async () => {
    await startTopicInGeneral(page(), 'Large files', 'Where the recordings go');

    await composer().fill('The recording: ');
    const size = 48 * 1024 * 1024;
    // Given by path: Chromium reads it from the disk. Given as a buffer, Playwright sends all 48 MiB
    // through the DevTools protocol, which on a loaded machine took more than its 15 s.
    // The page reads it from there as it uploads: it stays until the file's tests are done.
    const file = join(files, 'recording.bin');
    writeFileSync(file, Buffer.alloc(size, 7));
    await page().getByTestId('attach-input').setInputFiles(file);
    const status = attachment('recording.bin').getByTestId('attachment-status');
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/^Uploading \d+%$/);
    await waitFor(async () => held.length === 1, 'the upload reached the server');
    // Held by the proxy, it stops part way: some of the file has gone, not all of it.
    await expect.poll(async () => Number(/(\d+)%/.exec((await status.textContent()) ?? '')?.[1])).toBeGreaterThan(0);
    const bar = attachment('recording.bin').getByRole('progressbar');
    const sent = Number(await bar.getAttribute('value'));
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(size);
    await checkScreen(page(), 'files-uploading');

    await page().getByRole('button', { name: 'Cancel recording.bin' }).click();
    // Read again, the connection shows whether the app ended it: else the rest of the file would
    // come, and the request would wait for its answer.
    held[0]!.request.resume();
    await waitFor(async () => held[0]!.closed, 'the upload request ended');
    await expect.poll(() => attachment('recording.bin').count()).toBe(0);
    expect(await composer().inputValue()).toBe('The recording: ');

    // The next file goes through as usual.
    holding = false;
    await page().getByTestId('attach-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('after the cancel\n') });
    await expect.poll(() => attachment('notes.txt').getAttribute('data-phase')).toBe('uploaded');
    expect((await composer().inputValue()).match(/\]\(\/user_uploads\/[^)]+\)/g)).toHaveLength(1);
  }, 120_000);
});
