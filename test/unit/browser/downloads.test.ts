// Browser mode's downloads over HTTP, as the browser gets them: the one-time address files.save
// gave is served once, as an attachment under the safe name, typed so that nothing (HTML, SVG)
// can be shown or run in the page's origin; and a full-size image streams through.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../main/api/service-client';
import type { AppCore } from '../../../main/app/core';
import { Downloads } from '../../../main/app/downloads';
import { fetchFullImage } from '../../../main/app/user-uploads';
import { startBrowserMode, type BrowserMode } from '../../../main/browser/server';
import type { IpcHandlers } from '../../../main/handlers/dispatch';
import { startUploadReceiver, type UploadReceiver } from '../../support/upload-receiver';

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const dir = mkdtempSync(join(tmpdir(), 'browser-downloads-'));
let receiver: UploadReceiver;
let browser: BrowserMode;
let downloads: Downloads;
let token: string;

async function upload(name: string, type: string, bytes: Buffer): Promise<string> {
  const client = new ServiceClient({ serverUrl: receiver.url, email: receiver.email, apiKey: receiver.api_key, pacing: false });
  const path = join(dir, randomBytes(4).toString('hex'));
  writeFileSync(path, bytes);
  return (await client.upload({ path, name, type, size: bytes.length })).url;
}

beforeAll(async () => {
  receiver = await startUploadReceiver();
  const server = { server_url: receiver.url, authorization: receiver.authorization, fetch };
  downloads = new Downloads({ ...server, saveDialog: undefined });
  const core: AppCore = {
    handlers: {} as IpcHandlers,
    onNotice: () => () => undefined,
    serverImage: (_account, path) => fetchFullImage(server, path),
    download: (ticket) => downloads.serve(ticket),
    networkChanged: () => undefined,
    shutdown: async () => undefined,
  };
  const rendererDir = mkdtempSync(join(dir, 'renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Team Chat</title>');
  browser = await startBrowserMode({ core, rendererDir, logger: silent });
  token = new URL(browser.url).searchParams.get('token')!;
});
afterAll(async () => {
  await browser.close();
  await receiver.close();
  rmSync(dir, { recursive: true, force: true });
});

async function save(link: string, name: string): Promise<string> {
  const outcome = await downloads.save(link, name);
  if (outcome.outcome !== 'download') throw new Error(`not a download: ${outcome.outcome}`);
  return outcome.url;
}

describe('a download in browser mode', () => {
  it.each([
    ['an HTML page', 'page.html', 'text/html', '<script>opener.steal()</script>'],
    ['an SVG image', 'logo.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    ['a PDF', 'Résumé (final).pdf', 'application/pdf', '%PDF-1.7'],
  ])('serves %s once, as an attachment the browser can neither show nor sniff', async (_what, name, type, content) => {
    const address = await save(await upload(name, type, Buffer.from(content)), name);
    expect(address).not.toContain(token);
    const answer = await fetch(`${browser.origin}${address}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/octet-stream');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`);
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(await answer.text()).toBe(content);
    expect((await fetch(`${browser.origin}${address}`)).status).toBe(404);
  });

  it('is refused to a request naming another host', async () => {
    const address = await save(await upload('a.txt', 'text/plain', Buffer.from('a')), 'a.txt');
    const status = await new Promise<number>((resolve, reject) => {
      const asked = request(`${browser.origin}${address}`, { headers: { host: `evil.example:${new URL(browser.origin).port}` } }, (answer) => resolve(answer.statusCode ?? 0));
      asked.on('error', reject);
      asked.end();
    });
    expect(status).toBe(403);
    // Still there for the page itself.
    expect((await fetch(`${browser.origin}${address}`)).status).toBe(200);
  });
});

describe('a full-size image in browser mode', () => {
  it('streams through the page’s server-image address', async () => {
    const bytes = randomBytes(9 * 1024 * 1024);
    const path = await upload('photo.png', 'image/png', bytes);
    const answer = await fetch(`${browser.origin}/server-image/${token}/0123456789abcdef${path}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await answer.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
