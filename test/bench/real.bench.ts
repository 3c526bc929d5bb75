// Issue 22's figure against a real server of the family: real.signin_to_inbox_ms, from "Sign in"
// clicked on the sign-in card to the Inbox listing the server's unread conversations, in Chromium,
// with the built app started fresh on an empty data directory each time (as `npm start` runs it).
// peer= the server's own registration for the same account and the same parameters, as a bare
// POST /register read to its last byte: what any client pays before it can show anything.
// Runs where the real server kit can (scripts/real-server.sh); says so on stderr otherwise.
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { encodeRequest } from '../../main/api/encoding';
import { REGISTER_PARAMS } from '../../main/sync/registration-params';
import { build } from '../../scripts/app-runner';
import { launchChromium } from '../e2e/harness';
import { accountOf, realServerStart, type RealAccount } from '../real/kit';
import { median, report, scratchDir } from './support';
import { forgetKeychainService } from '../support/keychain';

const ROUNDS = 5;
const root = join(import.meta.dirname, '..', '..');
const script = join(root, 'scripts', 'real-server.sh');
const keychainService = `team-chat-bench-real-${process.pid}`;

function kitAvailable(): boolean {
  try {
    execFileSync('bash', [script, 'available'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function unreadFor(url: string, who: RealAccount, from: RealAccount): Promise<void> {
  const response = await fetch(`${url}/api/v1/messages`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${from.email}:${from.api_key}`).toString('base64')}` },
    body: new URLSearchParams({ type: 'direct', to: JSON.stringify([who.user_id]), content: 'Before the benchmark: **unread**' }),
  });
  if (!response.ok) throw new Error(`POST /messages answered ${response.status}`);
}

/** A bare registration with the app's parameters, timed to its last byte. */
async function bareRegistration(url: string, who: RealAccount): Promise<number> {
  const { fields } = encodeRequest('POST', '/register', REGISTER_PARAMS);
  const started = performance.now();
  const response = await fetch(`${url}/api/v1/register`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${who.email}:${who.api_key}`).toString('base64')}` },
    body: fields,
  });
  await response.text();
  if (!response.ok) throw new Error(`POST /register answered ${response.status}`);
  return performance.now() - started;
}

/** The built app (as `npm start` runs it in browser mode) on a fresh data directory: its page URL, and a stop. */
async function startBuiltApp(dataDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [join(root, 'out', 'main', 'browser.js'), '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { ...process.env, TEAMCHAT_KEYCHAIN_SERVICE: keychainService },
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the app exited (${code})`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /Open: (\S+)/.exec(line);
      if (match) resolve(match[1]!);
    });
  });
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Runs in the page (as source text: the TypeScript loader's helpers do not exist there): notes the
 * click on "Sign in", then the frame in which the Inbox's first row is on screen.
 */
const MEASURE_SIGN_IN = `() => {
  let clicked = 0;
  document.addEventListener('click', () => { clicked ||= performance.now(); }, { capture: true });
  const observer = new MutationObserver(() => {
    if (!clicked || !document.querySelector('[data-testid=inbox-row]')) return;
    observer.disconnect();
    requestAnimationFrame(() => { window.signInToRowMs = performance.now() - clicked; });
  });
  observer.observe(document.body, { subtree: true, childList: true });
}`;

/** "Sign in" clicked on the card to the Inbox listing the server's unread conversations. */
async function signInToInbox(url: string, who: RealAccount, browser: Awaited<ReturnType<typeof launchChromium>>): Promise<number> {
  const scratch = scratchDir();
  const app = await startBuiltApp(scratch.path);
  const page = await browser.newPage();
  try {
    await page.goto(app.url);
    await page.getByLabel('Server URL').fill(url);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('API key').fill(who.api_key);
    const signIn = page.getByRole('button', { name: 'Sign in' });
    await signIn.waitFor();
    // Timed in the page, from the click to the first row painted: Playwright's own waiting polls
    // at intervals that would count against the app.
    await page.evaluate(`(${MEASURE_SIGN_IN})()`);
    await signIn.click();
    const ms = await page.waitForFunction(() => (window as unknown as { signInToRowMs?: number }).signInToRowMs, undefined, { timeout: 120_000 });
    return Number(await ms.jsonValue());
  } finally {
    await page.close();
    await app.stop();
    scratch.remove();
  }
}

export async function realServerBenchmarks(): Promise<void> {
  if (!kitAvailable()) {
    process.stderr.write('real.signin_to_inbox_ms: not measured (no real server kit here, or not root)\n');
    return;
  }
  build();
  const server = realServerStart.parse(JSON.parse(execFileSync('bash', [script, 'start'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })));
  const browser = await launchChromium();
  try {
    const who = accountOf(server, 'iago@zulip.com');
    // Something unread from someone else, so the Inbox has the server's rows to show.
    await unreadFor(server.url, who, accountOf(server, 'hamlet@zulip.com'));
    const app: number[] = [];
    const bare: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      bare.push(await bareRegistration(server.url, who));
      app.push(await signInToInbox(server.url, who, browser));
    }
    report('real.signin_to_inbox_ms', median(app), 'ms', { compare: { vs: median(bare), peer: 'bare-registration' }, n: app.length, extra: { feature_level: String(server.feature_level) } });
  } finally {
    await browser.close();
    execFileSync('bash', [script, 'stop'], { stdio: ['ignore', 'ignore', 'inherit'] });
    await forgetKeychainService(keychainService);
  }
}
