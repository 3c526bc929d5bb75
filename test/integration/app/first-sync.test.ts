// Signing in makes the account's first registration the check of its key (issue 22's sign-in to
// Inbox): nothing else goes to the server before it, the session that follows uses that
// registration instead of making its own, and a refused key leaves nothing of the account behind.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAppCore } from '../../../main/app/create-core';
import type { AppCore } from '../../../main/app/core';
import { until } from '../sync/engine-harness';
import { forgetKeychainService } from '../../support/keychain';

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
let service: ChildProcess;
let simulator: { url: string; accounts: { email: string; api_key: string }[] };
let proxy: http.Server;
let proxyUrl: string;
let registrations = 0;
const requests: string[] = [];
let core: AppCore;
const keychainService = `team-chat-test-first-sync-${process.pid}`;
const dataDir = mkdtempSync(join(tmpdir(), 'first-sync-'));
const accountDirs = () => (existsSync(join(dataDir, 'accounts')) ? readdirSync(join(dataDir, 'accounts')) : []);

beforeAll(async () => {
  service = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', '..', 'service', 'cli.ts'), '--port', '0', '--org', 'demo'], { stdio: ['ignore', 'pipe', 'inherit'] });
  simulator = await new Promise((resolve, reject) => {
    service.stdout!.once('data', (line: Buffer) => resolve(JSON.parse(line.toString())));
    service.once('exit', (code) => reject(new Error(`the simulator exited (${code})`)));
  });
  // Passes everything on, counting the event queues registered (by the worker and by main alike).
  const upstream = new URL(simulator.url);
  proxy = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url?.startsWith('/api/v1/register')) registrations += 1;
    requests.push(`${req.method} ${req.url?.split('?')[0]}`);
    const forwarded = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  core = await createAppCore({ dataDir, logger: silent, snapshotMode: 'worker', keychainService });
});
afterAll(async () => {
  await core.shutdown();
  await forgetKeychainService(keychainService);
  proxy.close();
  service.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

// The key is written to the keychain while the server checks it: a refused one is taken out again.
it('refuses a wrong key and keeps nothing of the account that was not signed in, in the keychain neither', async () => {
  const [admin] = simulator.accounts;
  await core.handlers['server.info']({ server_url: proxyUrl });
  await expect(core.handlers['accounts.signIn']({ server_url: proxyUrl, email: admin!.email, api_key: 'not-the-key' })).rejects.toMatchObject({ code: 'KEY_REJECTED' });
  expect(accountDirs()).toEqual([]);
  expect((await core.handlers['app.state'](undefined)).accounts).toEqual([]);
  expect(await keytar.findCredentials(keychainService)).toEqual([]);
});

it('signs in with one request, the registration that names the user, and syncs the account with it', async () => {
  const [admin] = simulator.accounts;
  requests.length = 0;
  await core.handlers['server.info']({ server_url: proxyUrl });
  // The worker made ready for the sign-in asks the server named too: its first request, the one
  // that runs the HTTP client's code for the first time, is not the registration.
  await until(async () => requests.filter((request) => request === 'GET /api/v1/server_settings').length === 2, "the sign-in worker's request");
  registrations = 0;
  requests.length = 0;
  const account = await core.handlers['accounts.signIn']({ server_url: proxyUrl, email: admin!.email, api_key: admin!.api_key });
  expect(requests).toEqual(['POST /api/v1/register']);
  const named = (await (await fetch(`${simulator.url}/api/v1/users/me`, { headers: { authorization: `Basic ${btoa(`${admin!.email}:${admin!.api_key}`)}` } })).json()) as { user_id: number };
  const settings = (await (await fetch(`${simulator.url}/api/v1/server_settings`)).json()) as { realm_name: string };
  expect(account).toMatchObject({ user_id: named.user_id, realm_name: settings.realm_name });
  // Signed in, the account's views read its registration, not an empty mirror.
  expect(core.handlers['me.get'](undefined)).toMatchObject({ user_id: named.user_id, full_name: expect.any(String), role: expect.any(Number), feature_level: expect.any(Number) });
  await until(async () => (await core.handlers['app.state'](undefined)).status.state === 'online', 'online');
  expect(registrations, requests.join(', ')).toBe(1);
  expect(accountDirs()).toHaveLength(1);
  expect(await keytar.findCredentials(keychainService)).toEqual([expect.objectContaining({ password: admin!.api_key })]);
});
