// Issue "The app shell" figures: the directory's keystroke-to-list time in Chromium, and the
// cold start of browser mode with a cached 100,000-user organization against an empty mirror.
// Issue 12's feed figure: a click on a sidebar topic to its newest messages painted, over a
// mirror of 1,000,000 cached messages.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import keytar from 'keytar';
import { silentLogger } from '../../main/api/logger';
import { createAppCore } from '../../main/app/create-core';
import { startBrowserMode } from '../../main/browser/server';
import { openMirror } from '../../main/store/database';
import { build } from '../../scripts/app-runner';
import { launchChromium, openOrganization, rendererDir } from '../e2e/harness';
import { channelTopics, writeHistory, type HistoryShape } from './message-history';
import { median, percentile, report, scratchDir, startSimulator, timed } from './support';
import { asCalled } from '../support/ipc-calls';

const keychainService = `team-chat-bench-${process.pid}`;
const KEYSTROKE_SAMPLES = 100;

/**
 * Runs in the page (as source text: the TypeScript loader's helpers do not exist there). For each
 * step, the time from the input event to the list showing that query's count and loaded rows.
 */
const MEASURE_KEYSTROKES = `async (steps) => {
  // The directory's search box, not the sidebar's channel filter.
  const input = document.querySelector('main input[type=search]');
  const results = [];
  for (const { text, total, deactivated } of steps) {
    const people = total.toLocaleString() + (total === 1 ? ' person' : ' people');
    const expected = deactivated > 0 ? people + ' · ' + deactivated.toLocaleString() + ' deactivated' : people;
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
/**
 * Runs in the page. For each topic, the time from a click on its sidebar row to its conversation
 * showing its newest message (the list holds the page of 50 and has scrolled to its end), and
 * the frame after that painted.
 */
const MEASURE_FEED_OPENS = `async (topics) => {
  const results = [];
  for (const { conversation, newest } of topics) {
    const row = [...document.querySelectorAll('[data-row^="conversation:"]')].find((candidate) => candidate.dataset.conversation === conversation);
    const done = () => {
      const section = document.querySelector('section.conversation');
      return section?.dataset.conversation === conversation && section.querySelector('[data-message-id="' + newest + '"]') !== null;
    };
    const started = performance.now();
    row.click();
    await new Promise((resolve, reject) => {
      if (done()) return resolve();
      const observer = new MutationObserver(() => {
        if (done()) { observer.disconnect(); resolve(); }
      });
      observer.observe(document.body, { subtree: true, childList: true });
      setTimeout(() => { observer.disconnect(); reject(new Error(conversation + ' did not show its newest message: ' + (document.querySelector('main .error')?.textContent ?? 'no error shown'))); }, 30000);
    });
    await new Promise((resolve) => requestAnimationFrame(() => resolve()));
    results.push(performance.now() - started);
  }
  return results;
}`;
const root = join(import.meta.dirname, '..', '..');
const FEED_PAGE = 50;
/** The opens the percentile rests on: every topic of the first channels the sidebar lists. */
const FEED_CHANNELS = 12;
const HISTORY: Omit<HistoryShape, 'self'> = { count: Number(process.env['BENCH_MESSAGES'] ?? 1_000_000), users: 100_000, channels: 1_000, topicsPerChannel: 10 };

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
    await page.getByRole('navigation', { name: 'Sidebar' }).locator('[data-row^="channel:"]').first().waitFor({ timeout: 120_000 });
    const elapsed = performance.now() - started;
    await page.close();
    return elapsed;
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * ui.feed_open_ms: an account's mirror given 1,000,000 cached messages, the app started on it
 * with the server out of reach (so the feed is the mirror's), each topic of the first channels
 * clicked in turn. floor= the same page of 50 read by main's handler alone, without IPC or paint.
 */
export async function feedBenchmarks(): Promise<void> {
  build();
  const sim = await startSimulator(['--org', 'large', '--users', '100000', '--channels', '1000', '--heartbeat', '30']);
  const scratch = scratchDir();
  const browser = await launchChromium();
  try {
    await signedInDataDir(scratch.path, sim.url, sim.admin.email, sim.admin.api_key);
    await sim.stop();
    await feedOpens(scratch.path, sim.admin.user_id, browser);
  } finally {
    await browser.close();
    await sim.stop();
    scratch.remove();
    for (const { account } of await keytar.findCredentials(keychainService)) await keytar.deletePassword(keychainService, account);
  }
}

async function feedOpens(dataDir: string, self: number, browser: Awaited<ReturnType<typeof launchChromium>>): Promise<void> {
  const accounts = join(dataDir, 'accounts');
  const [account] = readdirSync(accounts);
  const shape: HistoryShape = { ...HISTORY, self };
  const mirror = openMirror(join(accounts, account!, 'mirror.db'));
  try {
    writeHistory(mirror, shape);
  } finally {
    mirror.close();
  }
  const core = await createAppCore({ dataDir, logger: silentLogger, keychainService, snapshotMode: 'worker' });
  const served = await startBrowserMode({ core, rendererDir, logger: silentLogger });
  try {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(served.url);
    const channelRows = page.getByRole('navigation', { name: 'Sidebar' }).locator('[data-row^="channel:"]');
    await channelRows.first().waitFor({ timeout: 120_000 });
    const streams: number[] = [];
    for (let index = 0; index < FEED_CHANNELS; index++) {
      const row = channelRows.nth(index);
      streams.push(Number(await row.getAttribute('data-stream')));
      await row.click();
    }
    const topics = streams.flatMap((stream_id) => channelTopics(stream_id, shape));
    await page.locator(`[data-row="conversation:${topics.at(-1)}"]`).waitFor();
    const newestOf = async (conversation: string) => {
      const { messages } = await asCalled(core.handlers)['messages.page']({ conversation, limit: 1, cached: true });
      return messages[0]!.message.id;
    };
    const opens: { conversation: string; newest: number }[] = [];
    for (const conversation of topics) opens.push({ conversation, newest: await newestOf(conversation) });
    const times = (await page.evaluate(`(${MEASURE_FEED_OPENS})(${JSON.stringify(opens)})`)) as number[];
    await page.close();

    const floor: number[] = [];
    for (const conversation of topics) {
      const { ms, value } = await timed(() => asCalled(core.handlers)['messages.page']({ conversation, limit: FEED_PAGE, cached: false }));
      if (value.messages.length !== FEED_PAGE) throw new Error(`${conversation} holds ${value.messages.length} cached messages, fewer than a page`);
      floor.push(ms);
    }
    report('ui.feed_open_ms', median(times), 'ms', { compare: { vs: median(floor), floor: 'messages-page-handler' }, n: times.length, extra: { p95: percentile(times, 95), cached: HISTORY.count } });
  } finally {
    await core.shutdown();
    await served.close();
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
    await openOrganization(page, 'Directory');
    await page.getByTestId('user-row').first().waitFor();
    const typed = ['0', '04', '042', '0421', '04217', '9', '98', '987', '9876', 'user5', 'user55', 'user555', 'user5555'];
    const steps: { text: string; total: number; deactivated: number }[] = [];
    for (const text of typed) {
      // The directory's own filter: everyone, deactivated users included.
      const { total, deactivated } = await core.handlers['users.search']({ text, filter: 'everyone', offset: 0, limit: 1 });
      steps.push({ text, total, deactivated });
    }
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
