/// <reference lib="dom" />
// The renderer is untrusted and server HTML is hostile until sanitized: nothing in it runs,
// the CSP reports what tried; every IPC channel refuses malformed arguments without harm; and
// the API key never shows up in IPC traffic, the DOM, the log or the app's files; and what other
// local pages and processes try against browser mode (issue 15) leaves the app running with its data.
import { once } from 'node:events';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import { ipcChannels, type IpcChannel } from '../../shared/ipc';
import { IPC_FRAME_MAX_BYTES } from '../../shared/ipc-limits';
import { largeImportCsv } from '../unit/browser/large-csv';
import { FORGED_TOKEN, sendRaw, upgradeStatus } from '../unit/browser/local-attacker';
import type { RunningService, ServiceAccount } from '../service/index';
import { openOrganization, openView, openWorld, screenshot, signInThroughScreen, type RunningApp, type World } from './harness';

const HOSTILE = [
  '<p>Welcome</p>',
  '<script>window.__pwned = "script"</script>',
  '<img src="nowhere.png" onerror="window.__pwned = \'onerror\'">',
  '<a href="javascript:window.__pwned=\'link\'" id="evil-link">click me</a>',
  '<img src="https://tracker.invalid/pixel.png" alt="tracker">',
  '<div style="position:fixed;inset:0;background:red" id="overlay">covering the app</div>',
  '<svg><script>window.__pwned = "svg"</script></svg>',
  '<iframe src="javascript:parent.__pwned = 1"></iframe>',
  '<form action="https://phish.invalid/"><input name="password"></form>',
  '<style>body { display: none }</style>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned=\'mxss\'">',
].join('');

let world: World;
let service: RunningService;
let app: RunningApp;
let page: Page;
let admin: ServiceAccount;
const frames: string[] = [];
const dialogs: string[] = [];

beforeAll(async () => {
  world = await openWorld('security');
  ({ service, app, page } = world);
  admin = service.accounts.find((a) => a.role === 200)!;
  const hana = service.accounts.find((a) => a.full_name === 'Hana Sato')?.user_id ?? 9;
  // Hostile HTML where the server's rendered HTML goes: a channel description, a profile value.
  service.db.prepare("UPDATE streams SET rendered_description = ? WHERE name = 'general'").run(HOSTILE);
  const field = service.db.prepare('SELECT id FROM custom_profile_fields ORDER BY id LIMIT 1').get() as { id: number };
  service.db
    .prepare('INSERT OR REPLACE INTO custom_profile_values (user_id, field_id, value, rendered_value) VALUES (?, ?, ?, ?)')
    .run(hana, field.id, 'hostile', HOSTILE);
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('websocket', (socket) => {
    socket.on('framesent', (frame) => frames.push(String(frame.payload)));
    socket.on('framereceived', (frame) => frames.push(String(frame.payload)));
  });
  // Reload so the page's own WebSocket is recorded from its first frame.
  await page.reload();
  await signInThroughScreen(page, service.url, admin);
});

afterAll(() => world?.close());

describe('hostile server HTML', () => {
  it('runs nothing, keeps the app visible, and loads nothing from elsewhere', async () => {
    const general = page.getByTestId('channel').filter({ hasText: '#general' });
    await openView(page, 'Browse channels');
    await expect.poll(() => general.textContent()).toContain('Welcome');
    await openOrganization(page, 'Directory');
    await page.getByPlaceholder('Search by name or email').fill('hana');
    await page.getByTestId('user-row').first().click();
    await expect.poll(() => page.getByTestId('profile').textContent()).toContain('Welcome');
    await openView(page, 'Browse channels');
    await expect.poll(() => general.textContent()).toContain('click me');
    // Positive signals that what could have run has had its turn: every image has loaded or
    // failed (an error event fires in the task that marks an image broken), and the click was
    // dispatched to the link, which has no URL left to follow.
    await expect.poll(() => page.evaluate(() => [...document.querySelectorAll<HTMLImageElement>('.rendered img')].every((img) => img.complete))).toBe(true);
    await page.evaluate(() => {
      const record = (event: MouseEvent) => {
        (window as unknown as { __followed?: string | null }).__followed = (event.target as Element).closest('a')?.getAttribute('href') ?? null;
      };
      window.addEventListener('click', record, { once: true });
    });
    await general.getByText('click me').click();
    await expect.poll(() => page.evaluate(() => '__followed' in window)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __followed?: string | null }).__followed)).toBeNull();
    await screenshot(page, 'hostile-html');

    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(await page.locator('script:not([src])').count()).toBe(0);
    // What the server's HTML became: rendered, and stripped of everything active.
    expect(await page.locator('.rendered').count()).toBeGreaterThan(1);
    expect(await page.locator('.rendered :is(iframe, form, input, style, script, meta)').count()).toBe(0);
    expect(await page.locator('.rendered :is([onerror], [style])').count()).toBe(0);
    expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
    expect(await page.evaluate(() => [...document.querySelectorAll('.rendered *')].some((el) => getComputedStyle(el).position === 'fixed'))).toBe(false);
    expect(await page.evaluate(() => getComputedStyle(document.body).display)).not.toBe('none');
    // The tracker image is said by its alt text, never loaded: the content reader shows only the
    // organization's images (and remote-media.e2e.test.ts shows the CSP behind it still reports
    // one that gets past).
    expect(await page.locator('.rendered .image-alt', { hasText: 'tracker' }).count()).toBeGreaterThan(0);
    expect(await page.locator('.rendered img[src*="tracker.invalid"]').count()).toBe(0);
  });
});

describe('malformed IPC arguments', () => {
  /** Arguments each channel's schema refuses, from a fixed list of wrong shapes. */
  function malformedFor(channel: IpcChannel): unknown[] {
    const candidates: unknown[] = ['text', 42, null, [], { server_url: 5 }, { user_id: -1 }, { account_id: '../../etc' }, { text: { $gt: '' } }, { limit: 1e9 }, { email: 7 }, { blocked_uri: 5 }];
    return candidates.filter((candidate) => !ipcChannels[channel].input.safeParse(candidate).success);
  }

  it('every channel answers a clear error, and the app keeps working', async () => {
    const channels = Object.keys(ipcChannels) as IpcChannel[];
    const calls = channels.flatMap((channel) => malformedFor(channel).map((args) => ({ channel, args })));
    for (const channel of channels) expect(malformedFor(channel).length, channel).toBeGreaterThanOrEqual(2);
    const answers = await page.evaluate(async (requests) => {
      const socket = new WebSocket(`${location.origin.replace('http', 'ws')}/ipc${location.search}`);
      await new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }));
      const replies = new Map<number, unknown>();
      socket.addEventListener('message', (event) => {
        const message = JSON.parse(String(event.data)) as { id?: number; envelope?: unknown };
        if (message.id !== undefined) replies.set(message.id, message.envelope);
      });
      socket.send('this is not JSON');
      socket.send(JSON.stringify({ id: 'not a number', channel: 'app.state' }));
      requests.forEach((request, id) => socket.send(JSON.stringify({ id, ...request })));
      socket.send(JSON.stringify({ id: requests.length, channel: 'no.such.channel', args: {} }));
      socket.send(JSON.stringify({ id: requests.length + 1, channel: 'app.state' }));
      while (replies.size < requests.length + 2) await new Promise((resolve) => setTimeout(resolve, 20));
      socket.close();
      return [...Array(requests.length + 2).keys()].map((id) => replies.get(id));
    }, calls);

    const refused = answers.slice(0, calls.length) as { ok: boolean; error?: { code: string; message: string } }[];
    refused.forEach((answer, i) => {
      expect(answer.ok, JSON.stringify(calls[i])).toBe(false);
      expect(answer.error?.code).toBe('INVALID_ARGUMENT');
      expect(answer.error?.message).toMatch(new RegExp(`Invalid argument for ${calls[i]!.channel.replace('.', '\\.')}`));
    });
    expect(answers[calls.length]).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
    expect(answers[calls.length + 1]).toMatchObject({ ok: true, value: { status: { state: 'online' } } });
    // And the screens still answer.
    await openOrganization(page, 'Directory');
    await page.getByPlaceholder('Search by name or email').fill('priya');
    await expect.poll(() => page.getByTestId('user-row').first().textContent()).toContain('Priya Patel');
  });
});

describe('the API key', () => {
  function filesUnder(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const full = join(dir, name);
      return statSync(full).isDirectory() ? filesUnder(full) : [full];
    });
  }

  it('is in no IPC payload, DOM attribute or value, log line, or file the app wrote', async () => {
    const key = admin.api_key;
    expect(frames.length).toBeGreaterThan(5);
    // The sign-in call itself carries the key to main once; nothing else may.
    expect(frames.filter((frame) => frame.includes(key)).map((frame) => JSON.parse(frame).channel)).toEqual(['accounts.signIn']);
    expect(await page.content()).not.toContain(key);
    const values = await page.evaluate(() => [...document.querySelectorAll('input, textarea')].map((el) => (el as HTMLInputElement).value));
    expect(values.join('\n')).not.toContain(key);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(key);
    expect(app.logger.lines.join('\n')).not.toContain(key);
    const files = filesUnder(world.dataDir);
    expect(files.some((f) => f.endsWith('mirror.db'))).toBe(true);
    for (const file of files) expect(readFileSync(file).includes(Buffer.from(key)), file).toBe(false);
  });
});

describe('local attackers (issue 15)', () => {
  it('a server on another loopback port receives no session cookie from the browser', async () => {
    const received: (string | undefined)[] = [];
    const other = createServer((request, response) => {
      received.push(request.headers.cookie);
      response.end('another local server');
    });
    other.listen(0, '127.0.0.1');
    await once(other, 'listening');
    // Opened from the app's page, so it is the same browser profile with the same cookie jar.
    const [visit] = await Promise.all([page.waitForEvent('popup'), page.evaluate((url) => void window.open(url), `http://127.0.0.1:${(other.address() as AddressInfo).port}/`)]);
    try {
      await visit.waitForLoadState();
      expect(received.length).toBeGreaterThan(0);
      expect(received.every((cookie) => cookie === undefined)).toBe(true);
      expect(await page.context().cookies(app.browser.origin)).toEqual([]);
    } finally {
      await visit.close();
      other.close();
    }
  });

  it('requests from local processes get 403 or nothing, and the app keeps running with its data', async () => {
    const port = Number(new URL(app.browser.origin).port);
    const token = new URL(app.browser.url).searchParams.get('token')!;
    const origin = app.browser.origin;
    const users = (await app.core.handlers['users.search']({ text: '', filter: 'everyone', offset: 0, limit: 1 })).total;
    expect(await upgradeStatus(port, `/ipc?token=${encodeURIComponent(FORGED_TOKEN)}`, { origin })).toBe(403);
    expect(await upgradeStatus(port, '/ipc', { origin, cookie: `teamchat_session=${FORGED_TOKEN}` })).toBe(403);
    expect(await upgradeStatus(port, '/ipc', { origin, cookie: `teamchat_session=${token}` })).toBe(403);
    expect(await upgradeStatus(port, `/ipc?token=${token}`, { origin, host: `rebound.example:${port}` })).toBe(403);
    expect((await sendRaw(port, 'GET', `/?token=${token}`, { host: `rebound.example:${port}` })).status).toBe(403);
    const report = JSON.stringify({ 'csp-report': { 'blocked-uri': `https://x.invalid/${'a'.repeat(64 * 1024)}` } });
    for (let i = 0; i < 1000; i++) expect((await sendRaw(port, 'POST', '/csp-report', { 'content-type': 'application/csp-report' }, report)).status).toBe(403);
    const ws = new NodeWebSocket(`${origin.replace('http', 'ws')}/ipc?token=${token}`, { origin });
    await once(ws, 'open');
    const closed = once(ws, 'close');
    ws.send(JSON.stringify({ id: 1, channel: 'bulk.planImport', args: { csv: largeImportCsv() } }));
    expect((await closed)[0]).toBe(1009);

    expect((await app.core.handlers['users.search']({ text: '', filter: 'everyone', offset: 0, limit: 1 })).total).toBe(users);
    await openOrganization(page, 'Directory');
    await page.getByPlaceholder('Search by name or email').fill('priya');
    await expect.poll(() => page.getByTestId('user-row').first().textContent()).toContain('Priya Patel');
    expect(await page.getByTestId('sync-status').textContent()).toContain('Online');
  });

  it("the Bulk import form refuses the issue's 1.1 MB CSV next to the field, before sending it", async () => {
    await openOrganization(page, 'Bulk');
    const framesBefore = frames.length;
    const csv = largeImportCsv();
    await page.getByTestId('bulk-csv-file').setInputFiles({ name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const refusal = page.getByTestId('bulk-csv-too-large');
    await expect.poll(() => refusal.textContent()).toContain('users.csv is 1.1 MB: an import takes at most 1.0 MB.');
    expect(await page.getByTestId('bulk-csv-file').getAttribute('aria-describedby')).toBe(await refusal.getAttribute('id'));
    expect(await page.getByRole('button', { name: 'Preview' }).isDisabled()).toBe(true);
    expect(Buffer.byteLength(csv)).toBeGreaterThan(IPC_FRAME_MAX_BYTES);
    // Pasted (one input event: typing 1.1 MB through fill() takes minutes), it is refused on Preview.
    await page.getByTestId('bulk-csv-text').evaluate((area, text) => {
      (area as HTMLTextAreaElement).value = text;
      area.dispatchEvent(new Event('input', { bubbles: true }));
    }, csv);
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => refusal.textContent()).toContain('The CSV is 1.1 MB: an import takes at most 1.0 MB.');
    expect(frames.slice(framesBefore).some((frame) => frame.includes('"bulk.planImport"'))).toBe(false);
    // The app still answers on the same connection, and still says Online.
    await openOrganization(page, 'Directory');
    await page.getByPlaceholder('Search by name or email').fill('hana');
    await expect.poll(() => page.getByTestId('user-row').first().textContent()).toContain('Hana Sato');
    expect(await page.getByTestId('sync-status').textContent()).toContain('Online');
  });
});
