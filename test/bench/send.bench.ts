// Issue 23's figures, for one message sent from the open conversation in Chromium:
// ui.send_to_shown_ms, from Enter in the compose box to the message shown as sent there (its
// outbox bubble marked sent, or the message itself, whichever comes first); floor= one bare send
// over the client, the HTTP round trip no design can avoid.
// ipc.calls_per_sent_message, the IPC calls the window makes from that Enter until the message is
// filed in its conversation and the window stops asking; floor= the one call that sends it.
import { silentLogger } from '../../main/api/logger';
import { ServiceClient } from '../../main/api/service-client';
import { createAppCore } from '../../main/app/create-core';
import { startBrowserMode } from '../../main/browser/server';
import { build } from '../../scripts/app-runner';
import { launchChromium, rendererDir } from '../e2e/harness';
import { median, percentile, report, scratchDir, startSimulator } from './support';
import { asCalled } from '../support/ipc-calls';
import { forgetKeychainService } from '../support/keychain';

const SENDS = 100;
const TOPIC = 'bench send';
const CONVERSATION = `channel:1:${TOPIC}`;
/** How long the window must make no IPC call for a send's work to count as over. */
const QUIET_MS = 500;
const keychainService = `team-chat-bench-send-${process.pid}`;

/**
 * Runs in the page. Enter in the compose box (which holds `text`), then the time until the open
 * conversation shows that text as sent: a message of the feed, or a pending bubble marked sent.
 */
const MEASURE_SEND = `async (text) => {
  const section = document.querySelector('section.conversation');
  const shown = () => [...section.querySelectorAll('[data-testid=message], [data-testid=pending-message][data-state=sent]')]
    .some((element) => element.textContent.includes(text));
  const box = section.querySelector('[data-testid=composer]');
  const started = performance.now();
  box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  await new Promise((resolve, reject) => {
    if (shown()) return resolve();
    const observer = new MutationObserver(() => {
      if (shown()) { observer.disconnect(); resolve(); }
    });
    observer.observe(section, { subtree: true, childList: true, characterData: true, attributes: true });
    setTimeout(() => { observer.disconnect(); reject(new Error(text + ' was not shown as sent')); }, 30000);
  });
  return performance.now() - started;
}`;

/** The reader is at the end of the conversation, as after reading it: the list scrolled to its bottom. */
const TO_END = `async () => {
  const list = [...document.querySelectorAll('section.conversation .message-list *')].find((element) => element.scrollHeight > element.clientHeight + 1);
  if (list) list.scrollTop = list.scrollHeight;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}`;

/** Filed: the feed holds it, no bubble of it is left. */
const FILED = `(text) => {
  const section = document.querySelector('section.conversation');
  const has = (selector) => [...section.querySelectorAll(selector)].some((element) => element.textContent.includes(text));
  return has('[data-testid=message]') && !has('[data-testid=pending-message]');
}`;

async function until(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const end = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`bench: timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function sendBenchmarks(): Promise<void> {
  build();
  const sim = await startSimulator(['--org', 'demo', '--heartbeat', '30']);
  const scratch = scratchDir();
  const browser = await launchChromium();
  const core = await createAppCore({ dataDir: scratch.path, logger: silentLogger, keychainService, snapshotMode: 'inline' });
  const served = await startBrowserMode({ core, rendererDir, logger: silentLogger });
  try {
    const online = new Promise<void>((resolve) => core.onNotice((notice, payload) => notice === 'sync.status' && (payload as { state: string }).state === 'online' && resolve()));
    await core.handlers['accounts.signIn']({ server_url: sim.url, email: sim.admin.email, api_key: sim.admin.api_key });
    await online;
    await asCalled(core.handlers)['messages.send']({ conversation: CONVERSATION, content: 'The topic the bench sends to' });

    // Every call the window makes, by channel, counted where browser mode dispatches it.
    const calls = new Map<string, number>();
    let lastCall = performance.now();
    const handlers = core.handlers as unknown as Record<string, (args: unknown) => unknown>;
    for (const [channel, handler] of Object.entries({ ...handlers })) {
      handlers[channel] = (args) => {
        calls.set(channel, (calls.get(channel) ?? 0) + 1);
        lastCall = performance.now();
        return handler(args);
      };
    }

    const page = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(served.url);
    const channel = page.locator('nav.sidebar [data-row="channel:1"]');
    await channel.waitFor({ timeout: 60_000 });
    if ((await channel.getAttribute('aria-expanded')) === 'false') await channel.click();
    await page.locator(`nav.sidebar [data-conversation="${CONVERSATION}"]`).click();
    await page.locator(`section.conversation[data-conversation="${CONVERSATION}"] [data-testid=message]`).first().waitFor();
    const quiet = () => until(() => performance.now() - lastCall > QUIET_MS, 'the window to stop calling');
    await quiet();

    const shownMs: number[] = [];
    const byChannel = new Map<string, number>();
    for (let i = 0; i < SENDS; i++) {
      const text = `Bench message ${i}`;
      await page.evaluate(`(${TO_END})()`);
      await page.getByTestId('composer').fill(text);
      await quiet();
      calls.clear();
      shownMs.push((await page.evaluate(`(${MEASURE_SEND})(${JSON.stringify(text)})`)) as number);
      await until(async () => (await page.evaluate(`(${FILED})(${JSON.stringify(text)})`)) === true, `${text} filed`);
      await quiet();
      for (const [name, count] of calls) byChannel.set(name, (byChannel.get(name) ?? 0) + count);
    }
    await page.close();

    const client = new ServiceClient({ serverUrl: sim.url, email: sim.admin.email, apiKey: sim.admin.api_key });
    const bare: number[] = [];
    for (let i = 0; i < SENDS; i++) {
      const started = performance.now();
      await client.call('sendMessage', { type: 'stream', to: 1, topic: `${TOPIC} floor`, content: `Bare send ${i}` });
      bare.push(performance.now() - started);
    }
    report('ui.send_to_shown_ms', median(shownMs), 'ms', { compare: { vs: median(bare), floor: 'bare-send' }, n: shownMs.length, extra: { p95: percentile(shownMs, 95) } });
    const counted = [...byChannel.values()].reduce((sum, count) => sum + count, 0);
    // Which channels they were, per message, most called first.
    const perChannel = Object.fromEntries([...byChannel].sort((a, b) => b[1] - a[1]).map(([name, count]) => [name, (count / SENDS).toFixed(2)]));
    report('ipc.calls_per_sent_message', counted / SENDS, 'calls', { compare: { vs: 1, floor: 'one-send-call' }, n: SENDS, extra: perChannel });
  } finally {
    await core.shutdown();
    await served.close();
    await browser.close();
    await sim.stop();
    scratch.remove();
    await forgetKeychainService(keychainService);
  }
}
