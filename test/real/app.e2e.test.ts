// The app in Chromium against a real server, as a new user meets it: the sign-in card names the
// server's version and level, a member of an organization that hides emails signs in, and the
// Inbox shows the server's unread conversations, the empty topic under the organization's name for
// it; a channel the member is not in opens as a preview; a channel opens into every topic the
// server lists; an image and a file attached in the
// composer are uploaded, sent, and shown as the server rendered them; a draft written on another
// device is listed and opens into its compose box. Screenshots of each screen, axe on each.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkScreen } from '../e2e/a11y';
import { launchChromium, openView, startApp, tempDir, waitFor, type RunningApp } from '../e2e/harness';
import { account, Bare, marker, realServer } from './harness';
import { forgetKeychainService } from '../support/keychain';
import { pngBytes } from '../service/uploads/png';

const RED = [255, 0, 0] as const;

let browser: Browser;
let app: RunningApp;
let page: Page;
const dataDir = tempDir('real-e2e-');
const keychainService = `team-chat-real-e2e-${process.pid}`;

beforeAll(async () => {
  browser = await launchChromium();
  app = await startApp(dataDir.path, keychainService);
  page = await browser.newPage();
  await page.goto(app.browser.url);
});
afterAll(async () => {
  await page.close();
  await app.stop();
  await browser.close();
  dataDir.remove();
  await forgetKeychainService(keychainService);
});

it('signs a member in through the card that names the real server, and shows the Inbox', async () => {
  const hamlet = account('hamlet@zulip.com');
  await page.getByLabel('Server URL').fill(realServer().url);
  await page.getByRole('button', { name: 'Continue' }).click();
  const card = page.getByRole('definition');
  await expect.poll(() => card.allTextContents()).toEqual(expect.arrayContaining([realServer().zulip_version, String(realServer().feature_level)]));
  await checkScreen(page, 'real-sign-in-card');

  await page.getByLabel('Email').fill(hamlet.email);
  await page.getByLabel('API key').fill(hamlet.api_key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await waitFor(async () => ((await page.getByTestId('sync-status').textContent()) ?? '').includes('Online'), 'online after signing in', 60_000);
  // Something unread for them, written as people write on such servers.
  const word = marker('inbox');
  await new Bare(account('iago@zulip.com')).call('POST', '/messages', { type: 'direct', to: JSON.stringify([hamlet.user_id]), content: `**${word}**: the \`deploy\` is done :tada:` });
  // And in a channel's empty topic, which the family's clients call by the organization's name for it.
  const chat = marker('general-chat');
  await new Bare(account('iago@zulip.com')).call('POST', '/messages', { type: 'stream', to: 'Verona', topic: '', content: `${chat}: lunch?` });
  await page.getByRole('button', { name: 'Inbox' }).first().click();
  await expect.poll(() => page.getByTestId('inbox-row').allTextContents(), { timeout: 30_000 }).toEqual(expect.arrayContaining([expect.stringContaining(word)]));
  // The name a real server of level 372 announces (realm_empty_topic_display_name in reference/real's registration).
  const generalChat = page.getByTestId('inbox-row').filter({ hasText: chat });
  await expect.poll(() => generalChat.locator('.inbox-row-title').allTextContents(), { timeout: 30_000 }).toEqual(['general chat']);
  await expect.poll(() => generalChat.locator('.inbox-row-title').evaluate((title) => getComputedStyle(title).fontStyle)).toBe('italic');
  await checkScreen(page, 'real-inbox');
});

it('previews a channel the member is not subscribed to, with its real messages', async () => {
  await openView(page, 'Browse channels');
  await page.locator('[data-testid=channel] button.channel-name', { hasText: '#Denmark' }).click();
  const feed = page.locator('section.channel-feed');
  await expect.poll(() => feed.getByTestId('channel-preview').textContent()).toContain('You are not subscribed to #Denmark');
  // The organization's history in it, fetched from the server.
  await expect.poll(() => feed.locator('[data-testid=message]').count(), { timeout: 30_000 }).toBeGreaterThan(0);
  await checkScreen(page, 'real-channel-preview');
});

it('opens Verona in the sidebar into every topic the server lists, old ones and general chat included', async () => {
  const history = await new Bare(account('hamlet@zulip.com')).call('GET', '/users/me/3/topics', { allow_empty_topic_name: true });
  if (!Array.isArray(history.topics)) throw new Error(`topics: ${String(history.msg)}`);
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await sidebar.getByRole('treeitem', { name: /^#?Verona\b/, level: 1 }).click();
  const all = sidebar.locator('[data-row="topics-all:3"]');
  // Counted when the sidebar read them all at once (under 200, as on a fresh server).
  await expect.poll(() => all.textContent(), { timeout: 30_000 }).toBe(history.topics.length < 200 ? `All ${history.topics.length} topics` : 'All topics');
  await all.click();
  await expect.poll(() => sidebar.locator('[data-row^="conversation:channel:3:"]').count()).toBe(history.topics.length);
  await checkScreen(page, 'real-sidebar-topics');
});

it('attaches an image and a file in a new topic, sends them, and shows the image and the file card as the server rendered them', async () => {
  const topic = marker('files');
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('button', { name: 'New topic', exact: true }).click();
  const dialog = page.getByTestId('new-topic');
  await dialog.getByLabel('Channel').selectOption({ label: '#Verona' });
  await dialog.getByTestId('new-topic-topic').fill(topic);
  await dialog.getByLabel('Message').fill('Files for the review follow.');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await page.locator('section.conversation').filter({ hasText: topic }).first().waitFor();

  const composer = page.getByTestId('composer');
  await composer.fill('The mock-up and the notes:\n');
  await page
    .getByTestId('attach-input')
    .setInputFiles([
      { name: 'mock-up.png', mimeType: 'image/png', buffer: pngBytes(320, 200, RED) },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('first point\nsecond point\n') },
    ]);
  for (const name of ['mock-up.png', 'notes.txt']) {
    await expect.poll(() => page.locator('[data-testid=attachment]', { hasText: name }).getAttribute('data-phase'), { timeout: 30_000 }).toBe('uploaded');
  }
  await composer.press('Enter');

  const message = page.locator('[data-testid=message]', { hasText: 'The mock-up and the notes' });
  await message.waitFor({ timeout: 30_000 });
  // The server's thumbnail, fetched by main with the key, on screen.
  const image = message.getByTestId('image-preview').first().locator('img');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0);
  const card = message.getByTestId('file-card').filter({ hasText: 'notes.txt' });
  await expect.poll(() => card.getByTestId('file-facts').textContent(), { timeout: 30_000 }).toBe('text/plain · 25 B');
  await checkScreen(page, 'real-files');

  // Once on the server, with both links, as another user reads it.
  const found = await new Bare(account('iago@zulip.com')).messages([
    { operator: 'channel', operand: 'Verona' },
    { operator: 'topic', operand: topic },
  ]);
  const sent = found.filter((m) => m.content.startsWith('The mock-up and the notes'));
  expect(sent).toHaveLength(1);
  expect(sent[0]!.content.match(/\]\(\/user_uploads\/[^)]+\)/g)).toHaveLength(2);
});

it("lists a draft the member wrote on another device, and opens it into the conversation's compose box", async () => {
  const topic = marker('draft');
  const text = `Notes for ${topic}: **agenda** first`;
  await new Bare(account('hamlet@zulip.com')).call('POST', '/drafts', { drafts: [{ type: 'stream', to: [3], topic, content: text }] });
  await openView(page, 'Drafts');
  const row = page.getByTestId('draft').filter({ hasText: topic });
  await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
  await expect.poll(() => row.locator('.draft-title').textContent()).toBe(`#Verona › ${topic}`);
  await checkScreen(page, 'real-drafts');
  await row.locator('button.open-draft').click();
  await expect.poll(() => page.getByTestId('composer').inputValue(), { timeout: 30_000 }).toBe(text);
});
