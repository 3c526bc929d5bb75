// End-to-end harness: the simulator, the app's core in browser mode, and Debian's Chromium
// driven by playwright-core (no browser is ever downloaded).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import type { Logger } from '../../main/api/logger';
import { createAppCore } from '../../main/app/create-core';
import type { AppCore } from '../../main/app/core';
import { startBrowserMode, type BrowserMode } from '../../main/browser/server';
import { startService, type RunningService, type ServiceOptions } from '../service/index';
import { forgetKeychainService } from '../support/keychain';

export const root = join(import.meta.dirname, '..', '..');
export const rendererDir = join(root, 'out', 'renderer');
export const screenshotDir = join(root, 'test-results', 'screens');

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Every line the app logs, so a test can search them (for the API key, say). */
export class CapturingLogger implements Logger {
  readonly lines: string[] = [];
  #line = (level: string) => (message: string, data?: Record<string, unknown>) => {
    this.lines.push(`${level} ${message} ${data ? JSON.stringify(data) : ''}`);
  };
  debug = this.#line('debug');
  info = this.#line('info');
  warn = this.#line('warn');
  error = this.#line('error');
}

export interface RunningApp {
  core: AppCore;
  browser: BrowserMode;
  logger: CapturingLogger;
  stop(): Promise<void>;
}

/** One run of the app on `dataDir`; stop() and start again to restart it on the same data. */
export async function startApp(dataDir: string, keychainService: string): Promise<RunningApp> {
  const logger = new CapturingLogger();
  // Short retries, so coming back online shows within the test's patience.
  const core = await createAppCore({ dataDir, logger, snapshotMode: 'inline', keychainService, backoff: { baseMs: 200, maxMs: 1_000 } });
  const browser = await startBrowserMode({ core, rendererDir, logger });
  return {
    core,
    browser,
    logger,
    stop: async () => {
      await core.shutdown();
      await browser.close();
    },
  };
}

export function tempDir(prefix: string): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Polls outside a test (setup hooks cannot use expect.poll). */
export async function waitFor(check: () => Promise<boolean> | boolean, what: string, timeout = 15_000): Promise<void> {
  const until = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Signs in through the sign-in screen, as a person would, and waits until the app is online. */
export async function signInThroughScreen(page: Page, serverUrl: string, account: { email: string; api_key: string }): Promise<void> {
  await page.getByLabel('Server URL').fill(serverUrl);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('API key').fill(account.api_key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await waitFor(async () => ((await page.getByTestId('sync-status').textContent()) ?? '').includes('Online'), 'online after signing in');
}

/** Everything an end-to-end test runs against: the simulator, the app in browser mode, a page on it. */
export interface World {
  browser: Browser;
  service: RunningService;
  app: RunningApp;
  page: Page;
  dataDir: string;
  /** Stops and starts the app on the same data (a restart), with a new page on it. */
  restartApp(): Promise<void>;
  /** Stops the simulator; startServiceAgain() brings it back on the same port and state. */
  stopService(): Promise<void>;
  startServiceAgain(): Promise<void>;
  close(): Promise<void>;
}

export async function openWorld(name: string, serviceOptions: ServiceOptions = {}): Promise<World> {
  const keychainService = `team-chat-e2e-${name}-${process.pid}`;
  const serviceDir = tempDir(`e2e-${name}-service-`);
  const appDir = tempDir(`e2e-${name}-app-`);
  const options: ServiceOptions = { org: 'demo', dbPath: join(serviceDir.path, 'service.db'), heartbeatSeconds: 2, ...serviceOptions };
  const browser = await launchChromium();
  let port = 0;
  const world: World = {
    browser,
    service: await startService(options),
    app: await startApp(appDir.path, keychainService),
    page: await browser.newPage(),
    dataDir: appDir.path,
    async restartApp() {
      await world.page.close();
      await world.app.stop();
      world.app = await startApp(appDir.path, keychainService);
      world.page = await browser.newPage();
      await world.page.goto(world.app.browser.url);
    },
    async stopService() {
      port = Number(new URL(world.service.url).port);
      await world.service.close();
    },
    async startServiceAgain() {
      world.service = await startService({ ...options, port, resume: true });
    },
    async close() {
      await world.page.close().catch(() => undefined);
      await world.app.stop();
      await world.service.close();
      await browser.close();
      serviceDir.remove();
      appDir.remove();
      await forgetKeychainService(keychainService);
    },
  };
  await world.page.goto(world.app.browser.url);
  return world;
}

/** A view's button in the sidebar by its label ("Inbox", "Browse channels"…), whatever unread count follows it. */
export function viewButton(page: Page, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByRole('navigation', { name: 'Sidebar' }).getByRole('button', { name: new RegExp(`^${escaped}( \\d+ unread)?$`) });
}

/** Opens a view from the sidebar by its label ("Scheduled", "Users", "Browse channels"…). */
export async function openView(page: Page, label: string): Promise<void> {
  await viewButton(page, label).click();
}

/** Signs the world's app in (by its core, as a saved account would be), reloads the page and waits until it is online. */
export async function signInWorld(world: World, account: { email: string; api_key: string }, server_url = world.service.url): Promise<void> {
  await world.app.core.handlers['accounts.signIn']({ server_url, email: account.email, api_key: account.api_key });
  await world.page.reload();
  await waitFor(async () => ((await world.page.getByTestId('sync-status').textContent()) ?? '').includes('Online'), 'online');
}

/** Starts a topic in #general from the sidebar's New topic, with its first message, and waits until it is open. */
export async function startTopicInGeneral(page: Page, topic: string, message: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('button', { name: 'New topic', exact: true }).click();
  const dialog = page.getByTestId('new-topic');
  await dialog.getByLabel('Channel').selectOption({ label: '#general' });
  await dialog.getByTestId('new-topic-topic').fill(topic);
  await dialog.getByLabel('Message').fill(message);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await page.locator(`section.conversation[data-conversation="channel:1:${topic}"]`).waitFor();
}

export async function openOrganization(page: Page, part: 'Directory' | 'Administration' | 'Bulk'): Promise<void> {
  await openView(page, 'Organization');
  await page.getByRole('navigation', { name: 'Organization' }).getByRole('button', { name: part, exact: true }).click();
}

/** Chooses an item of the header's menu: Settings, Add account or Sign out…. */
export async function fromMenu(page: Page, item: 'Settings' | 'Add account' | 'Sign out…'): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menu', { name: 'Menu' }).getByRole('menuitem', { name: item, exact: true }).click();
}

/** Chooses the colour theme in Settings. */
export async function chooseTheme(page: Page, label: 'System' | 'Light' | 'Dark'): Promise<void> {
  await fromMenu(page, 'Settings');
  await page.getByLabel('Theme').selectOption({ label });
}
