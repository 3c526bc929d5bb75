// Signing out ends everything the account's session started: its long-poll, its timers (typing,
// retries, the watchdog), its snapshot worker. Counted from Node's own bookkeeping of async
// resources: each one the session created must be gone once signing out has answered. The
// simulator runs in a process of its own, so what is counted is the app's alone.
import { createHook } from 'node:async_hooks';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAppCore } from '../../../main/app/create-core';
import type { AppCore } from '../../../main/app/core';
import { directConversation } from '../../../shared/conversation';
import { until } from '../sync/engine-harness';
import { asCalled } from '../../support/ipc-calls';
import { forgetKeychainService } from '../../support/keychain';

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
let service: ChildProcess;
let simulator: { url: string; accounts: { email: string; api_key: string; user_id: number }[] };
let core: AppCore;
const dataDir = mkdtempSync(join(tmpdir(), 'sign-out-'));

/** Timers and workers created while `recording`, by id, until Node destroys them. */
const alive = new Map<number, { type: string; resource: object }>();
let recording = false;
const hook = createHook({
  init: (id, type, _trigger, resource) => {
    if (recording && (type === 'Timeout' || type === 'WORKER' || type === 'MESSAGEPORT')) alive.set(id, { type, resource });
  },
  destroy: (id) => void alive.delete(id),
});
/** What of it would keep the app running: timers that are not unref'd (as AbortSignal.timeout's are), any worker. */
const running = () =>
  [...alive.values()].filter(({ type, resource }) => type !== 'Timeout' || !('hasRef' in resource) || typeof resource.hasRef !== 'function' || resource.hasRef()).map(({ type }) => type);

const keychainService = `team-chat-test-sign-out-${process.pid}`;

beforeAll(async () => {
  service = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', '..', 'service', 'cli.ts'), '--port', '0', '--org', 'demo'], { stdio: ['ignore', 'pipe', 'inherit'] });
  simulator = await new Promise((resolve, reject) => {
    service.stdout!.once('data', (line: Buffer) => resolve(JSON.parse(line.toString())));
    service.once('exit', (code) => reject(new Error(`the simulator exited (${code})`)));
  });
  core = await createAppCore({ dataDir, logger: silent, snapshotMode: 'worker', keychainService, backoff: { baseMs: 100, maxMs: 500 } });
});
afterAll(async () => {
  await core.shutdown();
  service.kill();
  rmSync(dataDir, { recursive: true, force: true });
  await forgetKeychainService(keychainService);
});

it('leaves no timer or worker of the account running once signed out', async () => {
  hook.enable();
  recording = true;
  const [admin, member] = simulator.accounts;
  const account = await core.handlers['accounts.signIn']({ server_url: simulator.url, email: admin!.email, api_key: admin!.api_key });
  await until(async () => (await core.handlers['app.state'](undefined)).status.state === 'online', 'online');
  // A composer with typing under way arms its stop timer.
  await asCalled(core.handlers)['compose.activity']({ conversation: directConversation([admin!.user_id, member!.user_id]) });
  expect(running()).toContain('Timeout');

  await core.handlers['accounts.signOut']({ account_id: account.account_id });
  recording = false;
  // Signing out answers once the session is closed; Node reports destroyed resources on its next turn.
  await setImmediate();
  hook.disable();
  expect(running()).toEqual([]);
});

it("fetches the signed-in account's server images with its credentials, and none once signed out", async () => {
  const [admin] = simulator.accounts;
  const account = await core.handlers['accounts.signIn']({ server_url: simulator.url, email: admin!.email, api_key: admin!.api_key });
  const avatar = await core.serverImage(account.account_id, '/user_avatars/7.png');
  expect(avatar.status).toBe(200);
  expect(avatar.headers['content-type']).toMatch(/^image\//);
  await core.handlers['accounts.signOut']({ account_id: account.account_id });
  expect((await core.serverImage(account.account_id, '/user_avatars/7.png')).status).toBe(404);
});
