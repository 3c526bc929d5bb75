// Browser mode in a process of its own, so a test can attack it and see whether that process
// survives: a stand-in core whose data (the accounts) a test can read back over the IPC, and a
// two-file renderer bundle. Prints its URL; answers 'heap' (after a collection), 'reports',
// 'searches' and 'release' (the searches held until then answer) over the Node IPC channel.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppCore } from '../../../main/app/core';
import type { IpcHandlers } from '../../../main/handlers/dispatch';
import { startBrowserMode } from '../../../main/browser/server';
import type { AppState } from '../../../shared/ipc';

const state: AppState = {
  accounts: [{ account_id: '0123456789abcdef', server_url: 'http://127.0.0.1:9', email: 'ada@example.com', user_id: 7, realm_name: 'Example' }],
  active_account_id: '0123456789abcdef',
  keychain_unavailable: null,
  status: { state: 'online' },
  mirror_problem: null,
  data_problem: null,
};

const logged: string[] = [];
const logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: (message: string, data?: Record<string, unknown>) => void logged.push(`${message} ${JSON.stringify(data ?? {})}`),
  error: (message: string, data?: Record<string, unknown>) => void logged.push(`${message} ${JSON.stringify(data ?? {})}`),
};
/** Searches running at once, and the most seen: what a flood of calls makes main do at a time. */
const searches = { running: 0, peak: 0 };
/** Searches wait until the test lets them answer ('release'), so that a flood is all in before any leaves. */
let held: (() => void)[] | null = [];
const handlers = {
  'app.state': () => state,
  'messages.search': async () => {
    searches.peak = Math.max(searches.peak, ++searches.running);
    if (held) await new Promise<void>((resolve) => held?.push(resolve));
    searches.running -= 1;
    return { results: [], server: 'offline' };
  },
  'security.cspViolation': (report: unknown) => (logger.warn('csp', report as Record<string, unknown>), null),
  'bulk.planImport': () => ({ job: null, blocked: { code: 'X', message: 'not here' } }),
} as unknown as IpcHandlers;
const core: AppCore = {
  handlers,
  onNotice: () => () => undefined,
  serverImage: async () => ({ status: 200, headers: { 'content-type': 'image/png' }, body: Buffer.from('png') }),
  download: async () => ({ status: 404, headers: {}, body: new Uint8Array() }),
  networkChanged: () => undefined,
  shutdown: async () => undefined,
};

const rendererDir = mkdtempSync(join(tmpdir(), 'browser-mode-'));
mkdirSync(join(rendererDir, 'assets'));
writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Team Chat</title><script type="module" src="/assets/app.js"></script>');
writeFileSync(join(rendererDir, 'assets', 'app.js'), 'export {};');

const browser = await startBrowserMode({ core, rendererDir, logger });
process.on('message', (request: string) => {
  if (request === 'heap') {
    (globalThis as { gc?: () => void }).gc?.();
    process.send?.({ heap: process.memoryUsage().heapUsed });
  } else if (request === 'reports') {
    process.send?.({ reports: browser.cspReports, logged });
  } else if (request === 'searches') {
    process.send?.({ searches });
  } else if (request === 'release') {
    for (const resolve of held ?? []) resolve();
    held = null;
    process.send?.({ released: true });
  }
});
process.stdout.write(`${JSON.stringify({ url: browser.url, origin: browser.origin })}\n`);
