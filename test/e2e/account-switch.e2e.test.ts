// Two organizations in one window: what the screens learned about one account's people never
// shows in the other's after a switch. Both organizations have a user 5; in the second he has
// another name, and in each he reacted to the same topic's message. Where you compose, and in the
// switcher, the account you post as is said in full.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService, type ServiceAccount } from '../service/index';
import { clientFor } from '../service/testing/client';
import { checkScreen } from './a11y';
import { launchChromium, startApp, tempDir, waitFor, type RunningApp } from './harness';
import { forgetKeychainService } from '../support/keychain';

const TOPIC = 'who reacted';
const CONVERSATION = `channel:1:${TOPIC}`;
const RENAMED = 'Mark of the Second Organization';
const SECOND_ADMIN = 'Adam of the Second Organization';

let browser: Browser;
let page: Page;
let app: RunningApp;
const services: RunningService[] = [];
const dirs = [tempDir('e2e-switch-first-'), tempDir('e2e-switch-second-'), tempDir('e2e-switch-app-')];

const account = (service: RunningService, email: string): ServiceAccount => service.accounts.find((candidate) => candidate.email === email)!;

/** The administrator's message in the topic, with the member's :tada: on it. */
async function reacted(service: RunningService): Promise<void> {
  const admin = clientFor(service.url, account(service, 'admin@demo.example'));
  const sent = await admin.post('/messages', { type: 'stream', to: 1, topic: TOPIC, content: 'Who is coming on Friday?' });
  await clientFor(service.url, account(service, 'member@demo.example')).post(`/messages/${String(sent.body['id'])}/reactions`, { emoji_name: 'tada' });
}

async function signIn(service: RunningService): Promise<void> {
  const admin = account(service, 'admin@demo.example');
  await app.core.handlers['accounts.signIn']({ server_url: service.url, email: admin.email, api_key: admin.api_key });
}

async function openTopic(): Promise<void> {
  const channel = page.locator('nav.sidebar [data-row="channel:1"]');
  await channel.waitFor();
  if ((await channel.getAttribute('aria-expanded')) === 'false') await channel.click();
  await page.locator(`nav.sidebar [data-conversation="${CONVERSATION}"]`).click();
  await page.locator(`section.conversation[data-conversation="${CONVERSATION}"] [data-testid=message]`).first().waitFor();
}

const chip = () => page.locator(`section.conversation[data-conversation="${CONVERSATION}"] [data-testid=reaction][data-emoji=tada]`);

const keychainService = `team-chat-e2e-switch-${process.pid}`;

beforeAll(async () => {
  browser = await launchChromium();
  for (const dir of dirs.slice(0, 2)) services.push(await startService({ org: 'demo', dbPath: `${dir.path}/service.db`, heartbeatSeconds: 2 }));
  const [first, second] = services as [RunningService, RunningService];
  await clientFor(second.url, account(second, 'admin@demo.example')).patch('/users/5', { full_name: RENAMED });
  await clientFor(second.url, account(second, 'admin@demo.example')).patch(`/users/${account(second, 'admin@demo.example').user_id}`, { full_name: SECOND_ADMIN });
  for (const service of services) await reacted(service);
  app = await startApp(dirs[2]!.path, keychainService);
  await signIn(first);
  page = await browser.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(app.browser.url);
  await waitFor(async () => ((await page.getByTestId('sync-status').textContent()) ?? '').includes('Online'), 'online');
}, 60_000);

afterAll(async () => {
  await page?.close();
  await app?.stop();
  for (const service of services) await service.close();
  await browser?.close();
  for (const dir of dirs) dir.remove();
  await forgetKeychainService(keychainService);
});

describe('switching between organizations', () => {
  it("names the people who reacted from the organization shown, not from the one before (names leaking across accounts)", async () => {
    await openTopic();
    await expect.poll(() => chip().getAttribute('aria-label')).toContain('Mark Member');

    // The second organization becomes the active one in the same window, as Add account does.
    await signIn(services[1]!);
    await expect.poll(() => page.getByLabel('Account').locator('option').count()).toBe(2);
    await waitFor(async () => ((await page.getByTestId('sync-status').textContent()) ?? '').includes('Online'), 'the second account online');
    await openTopic();
    await expect.poll(() => chip().getAttribute('aria-label')).toContain(RENAMED);
    expect(await chip().getAttribute('aria-label')).not.toContain('Mark Member');
  });

  it('says as whom the box posts, in full, and the switcher names the person before the organization', async () => {
    const second = services[1]!;
    const posting = page.locator(`section.conversation[data-conversation="${CONVERSATION}"]`).getByTestId('posting-as');
    await expect.poll(() => posting.getByText(/^Posting as/).textContent()).toBe(`Posting as ${SECOND_ADMIN} (admin@demo.example)`);
    const switcher = page.getByRole('combobox', { name: 'Account' });
    const chosen = await switcher.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? '');
    expect(chosen).toMatch(new RegExp(`^admin@demo\\.example.* — Demo Organization \\(${new URL(second.url).host.replace(/\./g, '\\.')}\\)$`));
    expect(await switcher.getAttribute('title')).toBe(chosen);
    await checkScreen(page, 'compose-posting-as');
  });

  it('names the organization as its server renamed it, in the header and the switcher, for the account that saw it only', async () => {
    const second = services[1]!;
    await clientFor(second.url, account(second, 'admin@demo.example')).patch('/realm', { name: 'Renamed Organization' });
    await expect.poll(() => page.locator('header.header .realm').textContent()).toMatch(/^\s*Renamed Organization/);
    const switcher = page.getByRole('combobox', { name: 'Account' });
    await expect.poll(() => switcher.locator('option').allTextContents()).toEqual([
      expect.stringContaining(`— Demo Organization (${new URL(services[0]!.url).host})`),
      expect.stringContaining(`— Renamed Organization (${new URL(second.url).host})`),
    ]);
  });
});
