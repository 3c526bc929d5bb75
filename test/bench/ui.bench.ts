// Issue "The app shell" figures: the directory's keystroke-to-list time in Chromium, and the
// cold start of browser mode with a cached 100,000-user organization against an empty mirror.
// Issue 12's feed figure: a click on a sidebar topic to its newest messages painted, over a
// mirror of 1,000,000 cached messages; issue 24's: the same with the real server's HTML, and the
// frames of scrolling a 5,000-message topic from its newest message to its oldest.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { silentLogger } from '../../main/api/logger';
import { createAppCore } from '../../main/app/create-core';
import { startBrowserMode } from '../../main/browser/server';
import { openMirror } from '../../main/store/database';
import { build } from '../../scripts/app-runner';
import { launchChromium, openOrganization, rendererDir } from '../e2e/harness';
import { channelTopics, realRenderedContents, writeHistory, writeLongTopic, type HistoryShape } from './message-history';
import { median, percentile, report, scratchDir, startSimulator, timed } from './support';
import { asCalled } from '../support/ipc-calls';
import type { ConversationKey } from '../../shared/conversation';
import { forgetKeychainService } from '../support/keychain';

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
/**
 * Runs in the page. Opens the conversation, waits for its newest message, then scrolls its list
 * up by `step` pixels a frame (a wheel notch each frame, set in requestAnimationFrame) until the
 * list is at its top showing the beginning of the conversation, older pages loading on the way
 * as the feed asks for them. Returns each frame's duration (the time between the starts of
 * successive frames), how long the page was busy in each (from its start to its rendering done:
 * the scroll's handling, the list's update, style, layout and paint), the frames spent at the top
 * waiting for an older page, and the list's final height.
 */
const MEASURE_SCROLL = `async ({ conversation, newest, step }) => {
  const section = () => document.querySelector('section.conversation[data-conversation="' + CSS.escape(conversation) + '"]');
  const until = (done, what) => new Promise((resolve, reject) => {
    if (done()) return resolve();
    const observer = new MutationObserver(() => {
      if (done()) { observer.disconnect(); clearTimeout(timer); resolve(); }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error(what)); }, 30000);
  });
  [...document.querySelectorAll('[data-row^="conversation:"]')].find((row) => row.dataset.conversation === conversation).click();
  await until(() => section()?.querySelector('[data-message-id="' + newest + '"]'), 'the topic did not show its newest message');
  let scroller = section().querySelector('[data-message-id]');
  while (scroller && !(scroller.scrollHeight > scroller.clientHeight && getComputedStyle(scroller).overflowY !== 'visible')) scroller = scroller.parentElement;
  const beginning = () => section().querySelector('.history-edge')?.textContent === 'The beginning of the conversation.';
  const frames = [];
  const busy = [];
  let waits = 0;
  let last = null;
  // A message posted during a frame is handled once the frame's rendering is done.
  const rendered = new MessageChannel();
  rendered.port1.onmessage = () => busy.push(performance.now() - last);
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the scroll did not reach the beginning in 10 minutes, at ' + scroller.scrollTop)), 600000);
    const frame = (now) => {
      if (last !== null) frames.push(now - last);
      last = now;
      if (scroller.scrollTop === 0 && beginning()) { clearTimeout(timer); return resolve(); }
      if (scroller.scrollTop === 0) waits += 1;
      scroller.scrollTop -= step;
      rendered.port2.postMessage(null);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  rendered.port1.close();
  return { frames, busy, waits, height: scroller.scrollHeight, viewport: scroller.clientHeight };
}`;
/** Runs in the page: the same scroll over a static page of the list's height, nothing but its frames. */
const MEASURE_STATIC_SCROLL = `async ({ height, viewport, step }) => {
  document.body.style.margin = '0';
  const scroller = document.createElement('div');
  scroller.style.cssText = 'overflow-y: auto; height: ' + viewport + 'px';
  const inner = document.createElement('div');
  inner.style.height = height + 'px';
  scroller.append(inner);
  document.body.append(scroller);
  scroller.scrollTop = height;
  const frames = [];
  let last = null;
  await new Promise((resolve) => {
    const frame = (now) => {
      if (last !== null) frames.push(now - last);
      last = now;
      if (scroller.scrollTop === 0) return resolve();
      scroller.scrollTop -= step;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  return frames;
}`;
/** Runs in the page: an image as the server's thumbnails are (840x560, WebP), as base64. */
const THUMBNAIL = `(() => {
  const canvas = document.createElement('canvas');
  canvas.width = 840;
  canvas.height = 560;
  const context = canvas.getContext('2d');
  const gradient = context.createLinearGradient(0, 0, 840, 560);
  gradient.addColorStop(0, '#c33');
  gradient.addColorStop(1, '#36c');
  context.fillStyle = gradient;
  context.fillRect(0, 0, 840, 560);
  return canvas.toDataURL('image/webp').split(',')[1];
})()`;
const root = join(import.meta.dirname, '..', '..');
const FEED_PAGE = 50;
/** The topic scrolled through: its messages, its channel (the first the sidebar lists: its first folder's first), its name. */
const LONG_TOPIC = { count: 5_000, stream_id: 4, subject: 'long topic' };
/** Pixels scrolled each frame: one wheel notch. */
const SCROLL_STEP = 100;
const FRAME_BUDGET_MS = 1000 / 60;
/** How long the opens are allowed at the 95th percentile (issue 24). */
const FEED_OPEN_BUDGET_MS = 100;
/**
 * The opens the percentile rests on: every topic of the first channels the sidebar lists, but the
 * long topic's channel (its sidebar shows ten topics, the long one first).
 */
const FEED_CHANNELS = 13;
const HISTORY: Omit<HistoryShape, 'self' | 'contents'> = { count: Number(process.env['BENCH_MESSAGES'] ?? 1_000_000), users: 100_000, channels: 1_000, topicsPerChannel: 10 };

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
 * ui.feed_open_ms: an account's mirror given 1,000,000 cached messages of the real server's HTML,
 * the app started on it with the server out of reach (so the feed is the mirror's), each topic of
 * the first channels clicked in turn; the 95th percentile, floor= the same of the same page of 50
 * read by main's handler alone, without IPC or paint.
 * ui.scroll_frame_p95_ms: in the same app, a topic of 5,000 more messages scrolled from its newest
 * message to its oldest; floor= the same scroll over a static page of the same height.
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
    await forgetKeychainService(keychainService);
  }
}

const frameTimes = z.array(z.number());
const scrollRun = z.object({ frames: frameTimes, busy: frameTimes, waits: z.number(), height: z.number(), viewport: z.number() });

async function feedOpens(dataDir: string, self: number, browser: Awaited<ReturnType<typeof launchChromium>>): Promise<void> {
  const accounts = join(dataDir, 'accounts');
  const [account] = readdirSync(accounts);
  const shape: HistoryShape = { ...HISTORY, self, contents: realRenderedContents() };
  const mirror = openMirror(join(accounts, account!, 'mirror.db'));
  let longTopic: ConversationKey;
  try {
    writeHistory(mirror, shape);
    longTopic = writeLongTopic(mirror, shape, LONG_TOPIC.stream_id, LONG_TOPIC.subject, LONG_TOPIC.count);
  } finally {
    mirror.close();
  }
  const core = await createAppCore({ dataDir, logger: silentLogger, keychainService, snapshotMode: 'worker' });
  const served = await startBrowserMode({ core, rendererDir, logger: silentLogger });
  try {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    // The server is out of reach, so main could not fetch the organization's images: the page is
    // given one the size of the server's thumbnails wherever it asks main for one.
    const thumbnail = Buffer.from(z.string().parse(await page.evaluate(THUMBNAIL)), 'base64');
    await page.route('**/server-image/**', (route) => route.fulfill({ status: 200, contentType: 'image/webp', body: thumbnail }));
    await page.goto(served.url);
    const channelRows = page.getByRole('navigation', { name: 'Sidebar' }).locator('[data-row^="channel:"]');
    await channelRows.first().waitFor({ timeout: 120_000 });
    const streams: number[] = [];
    for (let index = 0; index < FEED_CHANNELS; index++) {
      const row = channelRows.nth(index);
      streams.push(Number(await row.getAttribute('data-stream')));
      await row.click();
    }
    if (!streams.includes(LONG_TOPIC.stream_id)) throw new Error(`the sidebar did not list channel ${LONG_TOPIC.stream_id} among its first ${FEED_CHANNELS}`);
    const topics = streams.filter((stream_id) => stream_id !== LONG_TOPIC.stream_id).flatMap((stream_id) => channelTopics(stream_id, shape));
    await page.locator(`[data-row="conversation:${topics.at(-1)}"]`).waitFor();
    const newestOf = async (conversation: string) => {
      const { messages } = await asCalled(core.handlers)['messages.page']({ conversation, limit: 1, cached: true });
      return messages[0]!.message.id;
    };
    const opens: { conversation: string; newest: number }[] = [];
    for (const conversation of topics) opens.push({ conversation, newest: await newestOf(conversation) });
    const times = (await page.evaluate(`(${MEASURE_FEED_OPENS})(${JSON.stringify(opens)})`)) as number[];
    const scroll = scrollRun.parse(await page.evaluate(`(${MEASURE_SCROLL})(${JSON.stringify({ conversation: longTopic, newest: shape.count + LONG_TOPIC.count, step: SCROLL_STEP })})`));
    await page.close();
    const staticPage = await browser.newPage();
    await staticPage.setViewportSize({ width: 1280, height: 800 });
    const staticFrames = frameTimes.parse(await staticPage.evaluate(`(${MEASURE_STATIC_SCROLL})(${JSON.stringify({ height: scroll.height, viewport: scroll.viewport, step: SCROLL_STEP })})`));
    await staticPage.close();

    const floor: number[] = [];
    for (const conversation of topics) {
      const { ms, value } = await timed(() => asCalled(core.handlers)['messages.page']({ conversation, limit: FEED_PAGE, cached: false }));
      if (value.messages.length !== FEED_PAGE) throw new Error(`${conversation} holds ${value.messages.length} cached messages, fewer than a page`);
      floor.push(ms);
    }
    // The figure is the 95th percentile: the line's value, against the floor's.
    report('ui.feed_open_ms', percentile(times, 95), 'ms', {
      compare: { vs: percentile(floor, 95), floor: 'messages-page-handler' },
      n: times.length,
      extra: { stat: 'p95', budget_ms: FEED_OPEN_BUDGET_MS, median: median(times), cached: HISTORY.count, html: 'real' },
    });
    // The page shows a frame only at a display refresh, so a frame lasts a whole number of refresh
    // intervals; the timestamps are coarsened (to 0.1 ms, with jitter), so one interval reads as
    // 16.5 to 16.8 ms. Each frame is counted in whole intervals, the interval being the static
    // page's mean; the raw 95th percentile is on the line too.
    const interval = staticFrames.reduce((sum, frame) => sum + frame, 0) / staticFrames.length;
    const inIntervals = (frames: number[]) => frames.map((frame) => Math.max(1, Math.round(frame / interval)) * interval);
    const frames = inIntervals(scroll.frames);
    const ms = (value: number) => value.toFixed(1);
    report('ui.scroll_frame_p95_ms', percentile(frames, 95), 'ms', {
      compare: { vs: percentile(inIntervals(staticFrames), 95), floor: 'static-page-scroll' },
      n: frames.length,
      extra: {
        budget_ms: ms(FRAME_BUDGET_MS),
        interval_ms: interval.toFixed(2),
        raw_p95: ms(percentile(scroll.frames, 95)),
        p99: ms(percentile(frames, 99)),
        max: ms(Math.max(...frames)),
        dropped: frames.filter((frame) => frame > interval * 1.5).length,
        busy_p95: ms(percentile(scroll.busy, 95)),
        busy_median: ms(median(scroll.busy)),
        waits: scroll.waits,
        messages: LONG_TOPIC.count,
        px_per_frame: SCROLL_STEP,
        height_px: scroll.height,
      },
    });
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
    await forgetKeychainService(keychainService);
  }
}
