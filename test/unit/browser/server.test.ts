// Browser mode against a local attacker (issue 15, findings 1 to 5), each attack as the issue
// gives it, against browser mode in a process of its own: afterwards that process is alive, its
// data reads back the same, and the attacker got 403 or nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { CSP_REPORTS_KEPT, IPC_ARGUMENT_MAX_BYTES, IPC_FRAME_MAX_BYTES } from '../../../shared/ipc-limits';
import { IPC_CALLS_IN_FLIGHT, IPC_CALLS_WAITING } from '../../../main/handlers/call-limit';
import { largeImportCsv } from './large-csv';
import { FORGED_TOKEN as forged, sendRaw, upgradeStatus } from './local-attacker';

let child: ChildProcess;
let origin: string;
let token: string;
let port: number;

beforeAll(async () => {
  child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', join(import.meta.dirname, 'serve.ts')], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  const started = JSON.parse(line) as { url: string; origin: string };
  origin = started.origin;
  token = new URL(started.url).searchParams.get('token')!;
  port = Number(new URL(origin).port);
});

afterAll(() => {
  child?.kill();
});

/** Asks the browser-mode process over its Node IPC channel. */
async function ask<T>(question: 'heap' | 'reports' | 'searches' | 'release'): Promise<T> {
  const answer = once(child, 'message');
  child.send(question);
  return (await answer)[0] as T;
}

const send = (method: string, path: string, headers: Record<string, string> = {}, body?: string) => sendRaw(port, method, path, headers, body);
const upgrade = (path: string, headers: Record<string, string>) => upgradeStatus(port, path, headers);

/** The page's own connection: the token in its URL, its Origin. */
async function connect(): Promise<WebSocket> {
  const ws = new WebSocket(`${origin.replace('http', 'ws')}/ipc?token=${token}`, { origin });
  await once(ws, 'open');
  return ws;
}

async function call(ws: WebSocket, channel: string, args?: unknown): Promise<unknown> {
  const id = Math.random();
  const answered = new Promise((resolve) => {
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as { id?: number; envelope?: unknown };
      if (message.id === id) resolve(message.envelope);
    });
  });
  ws.send(JSON.stringify({ id, channel, args }));
  return answered;
}

/** The process still runs, and answers the page with the data it had. */
async function expectAliveAndIntact(): Promise<void> {
  expect(child.exitCode).toBeNull();
  const ws = await connect();
  expect(await call(ws, 'app.state')).toMatchObject({ ok: true, value: { accounts: [{ email: 'ada@example.com', user_id: 7 }] } });
  ws.close();
}

describe('the access token', () => {
  it('is checked without crashing on a token of the right length in characters but not in bytes (1)', async () => {
    expect([forged.length, Buffer.byteLength(forged)]).toEqual([token.length, token.length + 1]);
    expect(await upgrade(`/ipc?token=${encodeURIComponent(forged)}`, { origin })).toBe(403);
    // The same through the cookie a page on another loopback port can set.
    expect(await upgrade('/ipc', { origin, cookie: `teamchat_session=${forged}` })).toBe(403);
    expect(await upgrade(`/ipc?token=${encodeURIComponent(forged)}`, { origin, cookie: `teamchat_session=${forged}` })).toBe(403);
    await expectAliveAndIntact();
  });

  it('travels in no cookie, and a stolen cookie with a forged Origin reaches no channel (4)', async () => {
    const page = await send('GET', `/?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers['set-cookie']).toBeUndefined();
    // What another loopback server would have received under the old design, replayed by a script.
    const stolen = { origin, cookie: `teamchat_session=${token}` };
    expect(await upgrade('/ipc', stolen)).toBe(403);
    expect((await send('GET', '/', stolen)).status).toBe(403);
    expect((await send('GET', '/server-image/x/0123456789abcdef/avatar.png', stolen)).status).toBe(403);
    // The page's own requests: its scripts are the public bundle, its images carry the token.
    expect((await send('GET', '/assets/app.js')).status).toBe(200);
    expect((await send('GET', `/server-image/${token}/0123456789abcdef/avatar.png`)).status).toBe(200);
    expect(await upgrade(`/ipc?token=${token}`, { origin })).toBe(101);
    await expectAliveAndIntact();
  });

  it('admits nothing under another Host than the one the app serves (5, DNS rebinding)', async () => {
    const rebound = `attacker.example:${port}`;
    expect((await send('GET', `/?token=${token}`, { host: rebound })).status).toBe(403);
    expect((await send('GET', '/assets/app.js', { host: rebound })).status).toBe(403);
    expect(await upgrade(`/ipc?token=${token}`, { host: rebound, origin: `http://${rebound}` })).toBe(403);
    expect(await upgrade(`/ipc?token=${token}`, { host: rebound, origin })).toBe(403);
    expect((await send('GET', `/?token=${token}`, { host: `localhost:${port}` })).status).toBe(403);
    await expectAliveAndIntact();
  });
});

describe('/csp-report', () => {
  const report = (blocked: string) => JSON.stringify({ 'csp-report': { 'blocked-uri': blocked, 'violated-directive': 'img-src', 'source-file': `${origin}/?token=${token}` } });

  it('takes reports only with the key of the page it served, and logs them as the Electron shell does', async () => {
    expect((await send('POST', '/csp-report', { 'content-type': 'application/csp-report' }, report('https://tracker.invalid/a.png'))).status).toBe(403);
    const policy = String((await send('GET', `/?token=${token}`)).headers['content-security-policy']);
    const reportUri = /report-uri (\S+)/.exec(policy)![1]!;
    expect(new URL(reportUri, origin).searchParams.get('key')).not.toBe(token);
    expect((await send('POST', reportUri, { 'content-type': 'application/csp-report' }, report('https://tracker.invalid/b.png'))).status).toBe(204);
    const { reports, logged } = await ask<{ reports: { count: number; latest: { blocked_uri: string; source_file: string }[] }; logged: string[] }>('reports');
    expect(reports.latest.at(-1)?.blocked_uri).toBe('https://tracker.invalid/b.png');
    expect(logged.filter((line) => line.includes('tracker.invalid'))).toEqual([expect.stringContaining('https://tracker.invalid/b.png')]);
    // The page's URL is logged without its token.
    expect(reports.latest.at(-1)?.source_file).toBe(`${origin}/`);
    expect(logged.join('\n')).not.toContain(token);
  });

  it('does not grow memory under 1,000 POSTs of 64 KiB, with or without the key (2)', async () => {
    const policy = String((await send('GET', `/?token=${token}`)).headers['content-security-policy']);
    const reportUri = /report-uri (\S+)/.exec(policy)![1]!;
    const large = report(`https://tracker.invalid/${'a'.repeat(64 * 1024 - 120)}`);
    expect(Buffer.byteLength(large)).toBeGreaterThan(64 * 1024 - 100);
    const before = (await ask<{ heap: number }>('heap')).heap;
    const counted = (await ask<{ reports: { count: number } }>('reports')).reports.count;
    const statuses = new Map<number, number>();
    const tally = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    for (let i = 0; i < 1000; i++) tally((await send('POST', '/csp-report', { 'content-type': 'application/csp-report' }, large)).status);
    for (let i = 0; i < 1000; i++) tally((await send('POST', reportUri, { 'content-type': 'application/csp-report' }, large)).status);
    for (let i = 0; i < 1000; i++) tally((await send('POST', reportUri, { 'content-type': 'application/csp-report' }, report(`https://tracker.invalid/${i}`))).status);
    const after = (await ask<{ heap: number }>('heap')).heap;
    // Keeping those reports would take over 64 MB; a bounded list takes a few kilobytes.
    expect(after - before).toBeLessThan(8 * 1024 * 1024);
    expect(Object.fromEntries(statuses)).toEqual({ 403: 1000, 413: 1000, 204: 1000 });
    const { reports } = await ask<{ reports: { count: number; latest: { blocked_uri: string }[] } }>('reports');
    expect(reports.count - counted).toBe(1000);
    expect(reports.latest.length).toBe(CSP_REPORTS_KEPT);
    expect(reports.latest.at(-1)?.blocked_uri).toBe('https://tracker.invalid/999');
    await expectAliveAndIntact();
  });
});

describe('IPC frames', () => {
  it('a frame over the limit closes that connection only (3)', async () => {
    const ws = await connect();
    const closed = once(ws, 'close');
    ws.send(JSON.stringify({ id: 1, channel: 'app.state', padding: 'x'.repeat(IPC_FRAME_MAX_BYTES) }));
    expect((await closed)[0]).toBe(1009);
    await expectAliveAndIntact();
  });

  it("the issue's 1.1 MB CSV sent to bulk.planImport closes that connection only (3)", async () => {
    const ws = await connect();
    const closed = once(ws, 'close');
    const csv = largeImportCsv();
    expect(Buffer.byteLength(csv)).toBeGreaterThan(1.1e6);
    ws.send(JSON.stringify({ id: 1, channel: 'bulk.planImport', args: { csv } }));
    expect((await closed)[0]).toBe(1009);
    await expectAliveAndIntact();
  });

  it('an argument that fits a frame but not the argument limit is refused with a message, on the same connection', async () => {
    const ws = await connect();
    const csv = 'x'.repeat(IPC_ARGUMENT_MAX_BYTES);
    expect(await call(ws, 'bulk.planImport', { csv })).toMatchObject({ ok: false, error: { code: 'TOO_LARGE', message: expect.stringMatching(/too large/) } });
    expect(await call(ws, 'app.state')).toMatchObject({ ok: true });
    ws.close();
  });
});

describe('a flood of calls on one connection', () => {
  it('300 searches at once: a few run at a time, the rest wait or are refused with a reason, every one answered, the connection kept', async () => {
    const ws = await connect();
    const answers = new Map<number, { ok: boolean; error?: { code: string; message: string } }>();
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as { id?: number; envelope?: { ok: boolean; error?: { code: string; message: string } } };
      if (message.id !== undefined && message.envelope) answers.set(message.id, message.envelope);
    });
    for (let id = 1; id <= 300; id++) ws.send(JSON.stringify({ id, channel: 'messages.search', args: { text: `word ${id}` } }));
    // The searches hold until released: those beyond the running and the waiting are answered meanwhile.
    const taken = IPC_CALLS_IN_FLIGHT + IPC_CALLS_WAITING;
    await expect.poll(() => answers.size, { timeout: 10_000 }).toBe(300 - taken);
    for (const envelope of answers.values()) expect(envelope).toEqual({ ok: false, error: { code: 'BUSY', message: expect.stringMatching(/calls at once.*try again/) } });
    expect((await ask<{ searches: { peak: number } }>('searches')).searches.peak).toBe(IPC_CALLS_IN_FLIGHT);
    await ask('release');
    await expect.poll(() => answers.size, { timeout: 10_000 }).toBe(300);
    expect([...answers.values()].filter((envelope) => envelope.ok)).toHaveLength(taken);
    expect((await ask<{ searches: { peak: number } }>('searches')).searches.peak).toBe(IPC_CALLS_IN_FLIGHT);
    expect(ws.readyState).toBe(WebSocket.OPEN);
    expect(await call(ws, 'app.state')).toMatchObject({ ok: true });
    ws.close();
  });
});
