// The messaging screens in Chromium against the simulator: two accounts on two app instances
// (a member and an administrator), each with its own data and keychain entries.
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService, type ServiceAccount } from '../service/index';
import { launchChromium, screenshot, startApp, tempDir, waitFor, type RunningApp } from './harness';
import { asCalled } from '../support/ipc-calls';
import { clientFor } from '../service/testing/client';
import { forgetKeychainService } from '../support/keychain';

let browser: Browser;
let service: RunningService;
const serviceDir = tempDir('e2e-conversations-service-');
const serviceDb = `${serviceDir.path}/service.db`;
const serviceOptions = { org: 'demo', dbPath: serviceDb, heartbeatSeconds: 2 } as const;

interface Signed {
  app: RunningApp;
  page: Page;
  dir: { path: string; remove: () => void };
}
let member: Signed;
let admin: Signed;
let memberAccount: ServiceAccount;
let adminAccount: ServiceAccount;

const keychainServiceOf = (name: string) => `team-chat-e2e-conversations-${name}-${process.pid}`;

async function signedIn(account: ServiceAccount, name: string): Promise<Signed> {
  const dir = tempDir(`e2e-conversations-${name}-`);
  const app = await startApp(dir.path, keychainServiceOf(name));
  await app.core.handlers['accounts.signIn']({ server_url: service.url, email: account.email, api_key: account.api_key });
  const page = await browser.newPage();
  // A step that cannot happen fails with its own message, well within the test's time.
  page.setDefaultTimeout(10_000);
  // Confirmations (delete a topic, delete a snippet) are accepted.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(app.browser.url);
  await waitFor(async () => ((await page.getByTestId('sync-status').textContent()) ?? '').includes('Online'), `${name} online`);
  return { app, page, dir };
}

/** A conversation's row in the sidebar (a topic's shows once its channel is open). */
const item = (page: Page, conversation: string) => page.locator(`nav.sidebar [data-conversation="${conversation}"]`);

/** Opens the channel of a topic in the sidebar, so its topics are listed. */
async function openChannelOf(page: Page, conversation: string): Promise<void> {
  const channel = /^channel:(\d+):/.exec(conversation)?.[1];
  if (channel === undefined) return;
  const row = page.locator(`nav.sidebar [data-row="channel:${channel}"]`);
  if ((await row.getAttribute('aria-expanded')) === 'false') await row.click();
}

async function openConversation(page: Page, conversation: string): Promise<void> {
  await openChannelOf(page, conversation);
  await item(page, conversation).click();
  await page.locator(`section.conversation[data-conversation="${conversation}"] [data-testid=message]`).first().waitFor();
}

/** The compose box's snippet menu, opened if it is not. */
async function openSnippets(page: Page) {
  const panel = page.locator('#snippet-panel');
  if ((await panel.count()) === 0) await page.getByTestId('snippets-toggle').click();
  await panel.waitFor();
  return panel;
}

beforeAll(async () => {
  browser = await launchChromium();
  service = await startService(serviceOptions);
  memberAccount = service.accounts.find((a) => a.role === 400)!;
  adminAccount = service.accounts.find((a) => a.role === 200)!;
  member = await signedIn(memberAccount, 'member');
  admin = await signedIn(adminAccount, 'admin');
}, 60_000);

afterAll(async () => {
  for (const signed of [member, admin]) {
    await signed?.page.close();
    await signed?.app.stop();
    signed?.dir.remove();
  }
  for (const name of ['member', 'admin']) await forgetKeychainService(keychainServiceOf(name));
  await service?.close();
  await browser?.close();
  serviceDir.remove();
});

describe('messaging, end to end', () => {
  it('lists conversations and shows a topic with sanitized HTML, marking unread messages read as they are seen', async () => {
    const { page } = member;
    await openChannelOf(page, 'channel:1:lunch plans');
    await expect.poll(() => page.locator('nav.sidebar [data-conversation]').count()).toBeGreaterThan(3);
    // Muted for the member: dimmed, its unread messages not counted.
    const lunch = item(page, 'channel:1:lunch plans');
    await expect.poll(() => lunch.getAttribute('data-muted')).toBe('true');
    await openChannelOf(page, 'channel:4:new logo');
    const logo = item(page, 'channel:4:new logo');
    await expect.poll(() => logo.getByTestId('sidebar-count').textContent()).toMatch(/^1\D/);
    await openConversation(page, 'channel:1:welcome');
    await expect.poll(() => page.getByTestId('message').count()).toBe(4);
    expect(await page.locator('[data-testid=message] strong').first().textContent()).toBe('Demo Organization');
    await screenshot(page, 'conversation');

    await openConversation(page, 'channel:4:new logo');
    // Seen, batched, flagged on the server; the server's event updates the list.
    await expect.poll(() => logo.getByTestId('sidebar-count').count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => page.locator('[data-testid=message][data-unread]').count()).toBe(0);
  });

  it("shows the member's typing to the administrator until it stops, then the message arrives live", async () => {
    const dm = `direct:${adminAccount.user_id},${memberAccount.user_id}`;
    await openConversation(admin.page, dm);
    await openConversation(member.page, dm);
    const composer = member.page.getByTestId('composer');
    await composer.fill('Hello');
    await composer.press('!');
    await expect.poll(() => admin.page.getByTestId('typing').textContent(), { timeout: 10_000 }).toBe('Mark Member is typing…');
    await screenshot(admin.page, 'conversation-typing');
    // Escape keeps the text (it is never thrown away); emptying the box sends stop.
    await composer.press('Escape');
    expect(await composer.inputValue()).toBe('Hello!');
    await composer.fill('');
    await expect.poll(() => admin.page.getByTestId('typing').textContent(), { timeout: 10_000 }).toBe('');

    await composer.fill('Hello from the end-to-end test');
    await composer.press('Enter');
    await expect.poll(() => admin.page.getByTestId('message').last().textContent(), { timeout: 10_000 }).toContain('Hello from the end-to-end test');
    await expect.poll(() => admin.page.getByTestId('typing').textContent()).toBe('');
  });

  it('stars and collapses messages, removes only its own reactions', async () => {
    const { page } = member;
    await openConversation(page, 'channel:1:welcome');
    const first = page.getByTestId('message').first();
    await first.getByTestId('star').click();
    await expect.poll(() => first.getByTestId('star').getAttribute('aria-pressed')).toBe('true');
    await first.getByTestId('collapse').click();
    await expect.poll(() => first.locator('.collapsed-note').count()).toBe(1);
    await first.getByTestId('collapse').click();
    // The member reacted with :tada: only: that reaction is pressed (clicking removes it), others' are not.
    const reaction = (name: string) => first.locator(`[data-testid=reaction][data-emoji="${name}"]`);
    expect(await reaction('tada').getAttribute('aria-pressed')).toBe('true');
    expect(await reaction('heart').getAttribute('aria-pressed')).toBe('false');
    await reaction('tada').click();
    await expect.poll(() => reaction('tada').count()).toBe(0);
    expect(await reaction('heart').count()).toBe(1);
    const stored = await asCalled(admin.app.core.handlers)['messages.page']({ conversation: 'channel:1:welcome', limit: 10, cached: false });
    expect(stored.messages[0]!.message.reactions.some((r) => r.user_id === memberAccount.user_id && r.emoji_name === 'tada')).toBe(false);
  });

  it('opens a conversation with its own calls only: what every conversation shares is kept for the account', async () => {
    const { page, app } = member;
    await openConversation(page, 'channel:1:welcome');
    const asked: string[] = [];
    const handlers = app.core.handlers as unknown as Record<string, (args: unknown) => unknown>;
    const originals = { ...handlers };
    for (const [channel, handler] of Object.entries(originals)) {
      handlers[channel] = (args) => {
        asked.push(channel);
        return handler(args);
      };
    }
    try {
      // Both were read by the first test: nothing is marked read on the way.
      await openConversation(page, 'channel:4:new logo');
      await openConversation(page, 'channel:1:welcome');
      // The second open has asked for its typing notice too: its calls are all made.
      await expect.poll(() => asked.filter((channel) => channel === 'typing.current').length).toBe(2);
    } finally {
      Object.assign(handlers, originals);
    }
    // Each open asks for the mirror's page (shown at once) and, online, the server's newest.
    expect(asked.filter((channel) => channel === 'messages.page')).toHaveLength(4);
    // Read when the account became active, and again only when the organization or the outbox changes.
    for (const shared of ['messages.editRules', 'emoji.recent', 'compose.vocabulary', 'outbox.list']) expect(asked).not.toContain(shared);
  });

  it('sets a topic preference shown in the list', async () => {
    const { page } = member;
    await openConversation(page, 'channel:3:code review');
    await page.getByTestId('topic-preference').selectOption({ label: 'Followed' });
    await expect.poll(() => item(page, 'channel:3:code review').getAttribute('data-visibility')).toBe('3');
    // Only administrators see topic deletion.
    expect(await page.getByTestId('delete-topic').count()).toBe(0);
  });

  it('creates, inserts, edits and deletes saved snippets from the compose menu', async () => {
    const { page } = member;
    await openConversation(page, 'channel:1:welcome');
    const panel = await openSnippets(page);
    await panel.getByRole('button', { name: 'New snippet…' }).click();
    const editor = page.getByTestId('snippet-editor');
    await editor.getByLabel('Title').fill('Thanks');
    await editor.getByLabel('Content').fill('Thank you for the review!');
    await editor.getByRole('button', { name: 'Create' }).click();
    await (await openSnippets(page)).getByRole('button', { name: 'Insert Thanks' }).click();
    expect(await page.getByTestId('composer').inputValue()).toBe('Thank you for the review!');
    await page.getByTestId('composer').fill('');
    await (await openSnippets(page)).getByRole('button', { name: 'Edit Thanks' }).click();
    await editor.getByLabel('Title').fill('Thanks a lot');
    await editor.getByRole('button', { name: 'Save' }).click();
    const snippets = (await openSnippets(page)).getByTestId('snippet');
    await expect.poll(() => snippets.allTextContents()).toContainEqual(expect.stringContaining('Thanks a lot'));
    await screenshot(page, 'snippets');
    await (await openSnippets(page)).getByRole('button', { name: 'Delete Thanks a lot' }).click();
    await expect.poll(() => snippets.allTextContents()).not.toContainEqual(expect.stringContaining('Thanks a lot'));
  });

  it('loads older messages when scrolled to the top', async () => {
    const { page, app } = member;
    for (let n = 1; n <= 70; n++) await asCalled(app.core.handlers)['messages.send']({ conversation: 'channel:1:history', content: `History ${n}` });
    // Queued at once; all sent and filed before the conversation is opened.
    await expect.poll(async () => (await app.core.handlers['outbox.list'](undefined)).length, { timeout: 20_000 }).toBe(0);
    await openChannelOf(page, 'channel:1:history');
    await expect.poll(() => item(page, 'channel:1:history').count(), { timeout: 10_000 }).toBe(1);
    await openConversation(page, 'channel:1:history');
    const edge = page.locator('.history-edge');
    await expect.poll(() => page.getByTestId('message').last().textContent()).toContain('History 70');
    const scroller = page.locator('.message-list > div');
    await expect
      .poll(
        async () => {
          await scroller.evaluate((element) => element.scrollTo(0, 0));
          return edge.textContent();
        },
        { timeout: 10_000 },
      )
      .toBe('The beginning of the conversation.');
    await expect.poll(() => page.getByTestId('message').first().textContent()).toContain('History 1');
    expect(await page.getByText('History 1', { exact: true }).count()).toBe(1);
  });

  it('lets an administrator delete a topic, repeating until complete', async () => {
    const { page } = admin;
    await openConversation(page, 'channel:3:code review');
    await page.getByTestId('delete-topic').click();
    await expect.poll(() => page.getByTestId('delete-progress').textContent(), { timeout: 15_000 }).toBe('The topic was deleted.');
    await expect.poll(() => item(page, 'channel:3:code review').count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => page.getByText('The messages here were deleted.').count()).toBe(1);
    await screenshot(page, 'topic-deleted');
  });

  it('says a direct conversation cannot take messages once the other person is deactivated, and holds what is typed; and again once they are back', async () => {
    const { page } = member;
    const hana = Number(service.db.prepare("SELECT user_id FROM users WHERE email = 'hana@demo.example'").pluck().get());
    await clientFor(service.url, memberAccount).post('/messages', { type: 'direct', to: [hana], content: 'Lunch on Friday?' });
    const dm = `direct:${[hana, memberAccount.user_id].sort((a, b) => a - b).join(',')}`;
    await item(page, dm).waitFor();
    await openConversation(page, dm);
    const section = page.locator(`section.conversation[data-conversation="${dm}"]`);
    const box = section.getByTestId('composer');
    await box.fill('Are you still');
    const owner = clientFor(service.url, service.accounts.find((a) => a.role === 100)!);
    expect((await owner.delete(`/users/${hana}`)).status).toBe(200);
    await expect.poll(() => section.getByTestId('people-deactivated').textContent()).toBe('Hana Sato is deactivated: the conversation can still be read, but no new messages can be sent to it.');
    expect(await section.getByTestId('send').isDisabled()).toBe(true);
    await box.press('Enter');
    expect(await section.getByTestId('compose-notice').textContent()).toBe('Hana Sato is deactivated: no new messages can be sent to this conversation.');
    expect(await box.inputValue()).toBe('Are you still');
    await screenshot(page, 'conversation-person-deactivated');

    expect((await owner.post(`/users/${hana}/reactivate`, {})).status).toBe(200);
    await expect.poll(() => section.getByTestId('people-deactivated').count()).toBe(0);
    expect(await section.getByTestId('send').isDisabled()).toBe(false);
  });

  it('keeps snippet edits and flags pending offline, replays them, and shows a refused replay with the server message', async () => {
    const { page } = member;
    await openConversation(page, 'channel:1:welcome');
    const port = Number(new URL(service.url).port);
    await service.close();
    await expect.poll(() => page.getByTestId('offline-banner').count(), { timeout: 15_000 }).toBe(1);

    const snippets = page.locator('#snippet-panel [data-testid=snippet]');
    for (const [title, edited] of [['Standup', 'Standup (offline)'], ['Review request', 'Review (refused)']] as const) {
      await (await openSnippets(page)).getByRole('button', { name: `Edit ${title}` }).click();
      await page.getByTestId('snippet-editor').getByLabel('Title').fill(edited);
      await page.getByTestId('snippet-editor').getByRole('button', { name: 'Save' }).click();
      await openSnippets(page);
      await expect.poll(() => snippets.filter({ hasText: edited }).getByTestId('pending').textContent()).toBe('Pending: your change to this snippet, sent when the connection is back');
    }
    const second = page.getByTestId('message').nth(1);
    await second.getByTestId('star').click();
    // Named: under someone else's message, a bare "Pending" would read as their message unsent.
    await expect.poll(() => second.getByTestId('pending').textContent()).toBe('Pending: your star, sent when the connection is back');
    // What cannot wait is disabled, with the reason; a message can wait, so Send stays.
    const remove = (await openSnippets(page)).getByRole('button', { name: 'Delete Standup (offline)' });
    expect(await remove.isDisabled()).toBe(true);
    expect(await remove.getAttribute('title')).toContain('offline');
    await page.getByTestId('composer').fill('Typed offline');
    expect(await page.getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(false);
    await page.getByTestId('composer').fill('');
    await screenshot(page, 'conversation-offline');

    // While the app is offline the second snippet disappears on the server.
    const db = new Database(serviceDb);
    db.prepare("DELETE FROM saved_snippets WHERE title = 'Review request'").run();
    db.close();
    service = await startService({ ...serviceOptions, port, resume: true });

    await expect.poll(() => page.getByTestId('pending').count(), { timeout: 20_000 }).toBe(0);
    await openSnippets(page);
    const refused = snippets.filter({ hasText: 'Review (refused)' }).getByTestId('refused');
    await expect.poll(() => refused.textContent()).toMatch(/Refused: .*snippet/i);
    await screenshot(page, 'conversation-refused');
    await refused.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => page.getByTestId('refused').count()).toBe(0);
    const server = await asCalled(admin.app.core.handlers)['messages.page']({ conversation: 'channel:1:welcome', limit: 10, cached: false });
    expect(server.messages.length).toBeGreaterThan(1);
    const mine = await asCalled(member.app.core.handlers)['messages.page']({ conversation: 'channel:1:welcome', limit: 10, cached: false });
    expect(mine.messages[1]!.flags).toContain('starred');
    // The replayed edit reaches the mirror with its event, which may come in the next poll.
    await expect.poll(async () => (await member.app.core.handlers['snippets.list'](undefined)).map((s) => s.title)).toContain('Standup (offline)');
  });
});
