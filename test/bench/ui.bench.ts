// Issue "The app shell" figures: the directory's keystroke-to-list time in Chromium, and the
// cold start of browser mode with a cached 100,000-user organization against an empty mirror.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import keytar from 'keytar';
import { silentLogger } from '../../main/api/logger';
import { createAppCore } from '../../main/app/create-core';
import { startBrowserMode } from '../../main/browser/server';
import { build } from '../../scripts/app-runner';
import { launchChromium, rendererDir } from '../e2e/harness';
import { median, percentile, report, scratchDir, startSimulator } from './support';

const keychainService = `team-chat-bench-${process.pid}`;
const KEYSTROKE_SAMPLES = 100;

/**
 * Runs in the page (as source text: the TypeScript loader's helpers do not exist there). For each
 * step, the time from the input event to the list showing that query's count and loaded rows.
 */
const MEASURE_KEYSTROKES = `async (steps) => {
  const input = document.querySelector('input[type=search]');
  const results = [];
  for (const { text, total } of steps) {
    const expected = total.toLocaleString() + (total === 1 ? ' user' : ' users');
    const done = () => {
      const count = document.querySelector('[data-testid=user-count]')?.textContent;
      const first = document.querySelector('[data-testid=user-row]')?.textContent ?? '';
      return count === expected && !first.includes('Loading');
    };
    const started = performance.now();
    input.value = text;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((resolve) => {
      if (done()) return resolve();
      const observer = new MutationObserver(() => {
        if (done()) { observer.disconnect(); resolve(); }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    results.push(performance.now() - started);
  }
  return results;
}`;
const root = join(import.meta.dirname, '..', '..');

/** Signs in through the app's core and waits until the mirror holds the organization. */
async function signedInDataDir(dataDir: string, url: string, email: string, api_key: string): Promise<void> {
  const core = await createAppCore({ dataDir, logger: silentLogger, keychainService });
  const online = new Promise<void>((resolve) => core.onNotice((notice, payload) => notice === 'sync.status' && (payload as { state: string }).state === 'online' && resolve()));
  await core.handlers['accounts.signIn']({ server_url: url, email, api_key });
  await online;
  await core.shutdown();
}

/** From process start to the channel list on screen, in Chromium. */
async function coldStart(dataDir: string, browser: Awaited<ReturnType<typeof launchChromium>>): Promise<number> {
  const started = performance.now();
  // The built app, as `npm start` runs it.
  const child = spawn(process.execPath, [join(root, 'out', 'main', 'browser.js'), '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { ...process.env, TEAMCHAT_KEYCHAIN_SERVICE: keychainService },
  });
  try {
    const url = await new Promise<string>((resolve) =>
      createInterface({ input: child.stdout! }).on('line', (line) => {
        const match = /Open: (\S+)/.exec(line);
        if (match) resolve(match[1]!);
      }),
    );
    const page = await browser.newPage();
    await page.goto(url);
    await page.getByTestId('channel').first().waitFor({ timeout: 120_000 });
    const elapsed = performance.now() - started;
    await page.close();
    return elapsed;
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

export async function uiBenchmarks(): Promise<void> {
  build();
  const sim = await startSimulator(['--org', 'large', '--users', '100000', '--channels', '10000', '--heartbeat', '30']);
  const scratch = scratchDir();
  const browser = await launchChromium();
  try {
    const cached = join(scratch.path, 'cached');
    await signedInDataDir(cached, sim.url, sim.admin.email, sim.admin.api_key);

    // Keystroke to updated list: each step is the query after one more key, as typed.
    const core = await createAppCore({ dataDir: cached, logger: silentLogger, keychainService, snapshotMode: 'worker' });
    const served = await startBrowserMode({ core, rendererDir, logger: silentLogger });
    const page = await browser.newPage();
    await page.goto(served.url);
    await page.getByRole('button', { name: 'Users' }).click();
    await page.getByTestId('user-row').first().waitFor();
    const typed = ['0', '04', '042', '0421', '04217', '9', '98', '987', '9876', 'user5', 'user55', 'user555', 'user5555'];
    const steps: { text: string; total: number }[] = [];
    for (const text of typed) steps.push({ text, total: (await core.handlers['users.search']({ text, include_inactive: false, offset: 0, limit: 1 })).total });
    // The sequence typed again and again, so the 95th percentile rests on at least 100 keystrokes.
    const typing = Array.from({ length: Math.ceil(KEYSTROKE_SAMPLES / steps.length) }, () => steps).flat();
    const times = (await page.evaluate(`(${MEASURE_KEYSTROKES})(${JSON.stringify(typing)})`)) as number[];
    report('ui.directory_search_ms', median(times), 'ms', { n: times.length, extra: { p95: percentile(times, 95) } });
    await page.close();
    await core.shutdown();
    await served.close();

    // Cold start: the same account with its cached mirror, against an empty mirror that must register.
    const empty = join(scratch.path, 'empty');
    mkdirSync(empty);
    for (const file of ['accounts.json', 'app-state.json']) copyFileSync(join(cached, file), join(empty, file));
    const warmRuns: number[] = [];
    const emptyRuns: number[] = [];
    for (let round = 0; round < 5; round++) {
      warmRuns.push(await coldStart(cached, browser));
      const fresh = join(scratch.path, `empty-${round}`);
      mkdirSync(fresh);
      for (const file of ['accounts.json', 'app-state.json']) copyFileSync(join(empty, file), join(fresh, file));
      emptyRuns.push(await coldStart(fresh, browser));
    }
    report('ui.cold_start_ms', median(warmRuns), 'ms', { compare: { vs: median(emptyRuns), peer: 'fresh-registration' }, n: warmRuns.length });
  } finally {
    await browser.close();
    await sim.stop();
    scratch.remove();
    for (const { account } of await keytar.findCredentials(keychainService)) await keytar.deletePassword(keychainService, account);
  }
}
