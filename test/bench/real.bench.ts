// Issue 22's figure against a real server of the family: real.signin_to_inbox_ms, from "Sign in"
// clicked on the sign-in card to the Inbox painted, in Chromium, with a fresh app each time.
// peer= the server's own registration for the same account and the same parameters, as a bare
// POST /register read to its last byte: what any client pays before it can show anything.
// Runs where the real server kit can (scripts/real-server.sh); says so on stderr otherwise.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import keytar from 'keytar';
import { encodeRequest } from '../../main/api/encoding';
import { silentLogger } from '../../main/api/logger';
import { createAppCore } from '../../main/app/create-core';
import { startBrowserMode } from '../../main/browser/server';
import { REGISTER_PARAMS } from '../../main/sync/registration-params';
import { build } from '../../scripts/app-runner';
import { launchChromium, rendererDir } from '../e2e/harness';
import { accountOf, realServerStart, type RealAccount } from '../real/kit';
import { median, report, scratchDir } from './support';

const ROUNDS = 5;
const script = join(import.meta.dirname, '..', '..', 'scripts', 'real-server.sh');
const keychainService = `team-chat-bench-real-${process.pid}`;

function kitAvailable(): boolean {
  try {
    execFileSync('bash', [script, 'available'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
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

async function signInToInbox(url: string, who: RealAccount, browser: Awaited<ReturnType<typeof launchChromium>>): Promise<number> {
  const scratch = scratchDir();
  const core = await createAppCore({ dataDir: scratch.path, logger: silentLogger, keychainService, snapshotMode: 'worker' });
  const served = await startBrowserMode({ core, rendererDir, logger: silentLogger });
  const page = await browser.newPage();
  try {
    await page.goto(served.url);
    await page.getByLabel('Server URL').fill(url);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('API key').fill(who.api_key);
    const signIn = page.getByRole('button', { name: 'Sign in' });
    await signIn.waitFor();
    const started = performance.now();
    await signIn.click();
    await page.locator('[data-testid=inbox-row], [data-testid=inbox-empty]').first().waitFor({ timeout: 120_000 });
    return performance.now() - started;
  } finally {
    await page.close();
    await core.shutdown();
    await served.close();
    scratch.remove();
  }
}

export async function realServerBenchmarks(): Promise<void> {
  if (!kitAvailable()) {
    process.stderr.write('real.signin_to_inbox_ms: not measured (no real server kit here, or not root)\n');
    return;
  }
  build();
  const server = realServerStart.parse(JSON.parse(execFileSync('bash', [script, 'start'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })));
  const browser = await launchChromium();
  try {
    const who = accountOf(server, 'iago@zulip.com');
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
    for (const { account } of await keytar.findCredentials(keychainService)) await keytar.deletePassword(keychainService, account);
  }
}
