// Offline-first: with the server gone the cached organization stays browsable, across an app
// restart too, the offline banner says so, and the app comes back online by itself.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startService, type RunningService } from '../service/index';
import { launchChromium, screenshot, startApp, tempDir, type RunningApp } from './harness';

const keychainService = `team-chat-e2e-offline-${process.pid}`;
let browser: Browser;
let service: RunningService;
let app: RunningApp;
let page: Page;
const serviceDir = tempDir('e2e-offline-service-');
const dataDir = tempDir('e2e-offline-app-');
const serviceDb = `${serviceDir.path}/service.db`;

beforeAll(async () => {
  browser = await launchChromium();
  service = await startService({ org: 'demo', dbPath: serviceDb, heartbeatSeconds: 2 });
  app = await startApp(dataDir.path, keychainService);
  const admin = service.accounts.find((a) => a.role === 200)!;
  await app.core.handlers['accounts.signIn']({ server_url: service.url, email: admin.email, api_key: admin.api_key });
  page = await browser.newPage();
  await page.goto(app.browser.url);
});

afterAll(async () => {
  await page?.close();
  await app?.stop();
  await service?.close();
  await browser?.close();
  serviceDir.remove();
  dataDir.remove();
});

it('keeps cached data browsable offline, across a restart, and comes back online by itself', async () => {
  await expect.poll(() => page.getByTestId('sync-status').textContent(), { timeout: 15_000 }).toContain('Online');
  const port = Number(new URL(service.url).port);
  await service.close();
  await expect.poll(() => page.getByTestId('offline-banner').count(), { timeout: 15_000 }).toBe(1);
  expect(await page.getByTestId('sync-status').textContent()).toMatch(/Offline — retrying in \d+ s/);

  // Restart the app with the server still down.
  await page.close();
  await app.stop();
  app = await startApp(dataDir.path, keychainService);
  page = await browser.newPage();
  await page.goto(app.browser.url);
  await expect.poll(() => page.getByTestId('offline-banner').count(), { timeout: 15_000 }).toBe(1);
  await expect.poll(() => page.getByTestId('channel').count()).toBeGreaterThan(0);
  await screenshot(page, 'offline-channels');
  await page.getByRole('button', { name: 'Users' }).click();
  await page.getByPlaceholder('Search by name or email').fill('hana');
  await expect.poll(() => page.getByTestId('user-row').first().textContent()).toContain('Hana Sato');
  await screenshot(page, 'offline-users');

  // The server returns: no click needed.
  service = await startService({ org: 'demo', dbPath: serviceDb, port, resume: true, heartbeatSeconds: 2 });
  await expect.poll(() => page.getByTestId('sync-status').textContent(), { timeout: 20_000 }).toContain('Online');
  expect(await page.getByTestId('offline-banner').count()).toBe(0);
});
