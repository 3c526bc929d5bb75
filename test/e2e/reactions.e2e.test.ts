// Reactions, edits, deletions and widgets in Chromium against the simulator: a member reacts
// through the picker with the keyboard and sees the count and who reacted, an administrator's
// reaction arrives live, the member takes theirs back, edits their own message (new text,
// "(edited)", and its edit history) and deletes it; another's message offers neither Edit nor Delete. A poll and a todo
// list show in place of their text; votes, options and ticks go both ways live. A sender's name
// opens their card (a direct message to them, the messages they sent); a message's read receipts
// list who has read it. A muted sender's messages, typing and search results show nothing of them.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService, type ServiceAccount } from '../service/index';
import { seriousViolations } from './a11y';
import { launchChromium, screenshot, startApp, tempDir, waitFor, type RunningApp } from './harness';
import { forgetKeychainService } from '../support/keychain';
import { clientFor } from '../service/testing/client';

let browser: Browser;
let service: RunningService;
const serviceDir = tempDir('e2e-reactions-service-');

interface Signed {
  app: RunningApp;
  page: Page;
  dir: { path: string; remove: () => void };
}
let member: Signed;
let admin: Signed;
let memberAccount: ServiceAccount;
let adminAccount: ServiceAccount;
const TOPIC = 'reaction tests';
const CONVERSATION = `channel:1:${TOPIC}`;

const keychainServiceOf = (name: string) => `team-chat-e2e-reactions-${name}-${process.pid}`;

async function signedIn(account: ServiceAccount, name: string): Promise<Signed> {
  const dir = tempDir(`e2e-reactions-${name}-`);
  const app = await startApp(dir.path, keychainServiceOf(name));
  await app.core.handlers['accounts.signIn']({ server_url: service.url, email: account.email, api_key: account.api_key });
  const page = await browser.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(app.browser.url);
  await waitFor(async () => ((await page.getByTestId('sync-status').textContent()) ?? '').includes('Online'), `${name} online`);
  return { app, page, dir };
}

async function post(account: ServiceAccount, content: string): Promise<number> {
  const response = await fetch(`${service.url}/api/v1/messages`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${account.email}:${account.api_key}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ type: 'stream', to: '1', topic: TOPIC, content }),
  });
  return ((await response.json()) as { id: number }).id;
}

/** Calls the simulator as `account`, as another client of the organization would. */
async function api(account: ServiceAccount, method: 'GET' | 'POST', path: string, params: Record<string, string>): Promise<Record<string, unknown>> {
  const query = new URLSearchParams(params);
  const response = await fetch(`${service.url}/api/v1${path}${method === 'GET' ? `?${query}` : ''}`, {
    method,
    headers: { authorization: `Basic ${Buffer.from(`${account.email}:${account.api_key}`).toString('base64')}` },
    ...(method === 'POST' && { body: query }),
  });
  return (await response.json()) as Record<string, unknown>;
}

async function openTopic(page: Page): Promise<void> {
  const channel = page.locator('nav.sidebar [data-row="channel:1"]');
  if ((await channel.getAttribute('aria-expanded')) === 'false') await channel.click();
  await page.locator(`nav.sidebar [data-conversation="${CONVERSATION}"]`).click();
  await page.locator(`section.conversation[data-conversation="${CONVERSATION}"] [data-testid=message]`).first().waitFor();
}

const messageIn = (page: Page, id: number) => page.locator(`article[data-message-id="${id}"]`);

beforeAll(async () => {
  browser = await launchChromium();
  service = await startService({ org: 'demo', dbPath: `${serviceDir.path}/service.db`, heartbeatSeconds: 2 });
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

describe('reactions, edits and deletions', () => {
  let mine: number;
  let theirs: number;

  it('adds a reaction with the keyboard through the picker; counts and names update, live for the other account', async () => {
    theirs = await post(adminAccount, 'An announcement from the admin');
    mine = await post(memberAccount, 'Lunch at noon?');
    const { page } = member;
    await openTopic(page);
    await openTopic(admin.page);
    const message = messageIn(page, mine);
    await message.waitFor();

    // Keyboard only: focus the message's React button, open the picker with Enter, search, arrows, Enter.
    await message.getByTestId('react').focus();
    await page.keyboard.press('Enter');
    const picker = message.getByTestId('emoji-picker');
    await picker.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('emoji-search');
    // Found by an alias, as compose finds it: 👍 is named +1, and "thumbs" finds it.
    await page.keyboard.type('thumbs');
    await expect.poll(() => picker.locator('[role=option]').first().getAttribute('data-emoji')).toBe('+1');
    await page.getByTestId('emoji-search').fill('');
    await page.keyboard.type('o');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await screenshot(page, 'reactions-picker');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.type('ctop');
    await expect.poll(() => picker.locator('[role=option][aria-selected=true]').getAttribute('data-emoji')).toBe('octopus');
    await page.keyboard.press('Enter');
    await picker.waitFor({ state: 'detached' });
    // The focus goes back to what opened the picker.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('react');

    const chip = message.locator('[data-testid=reaction][data-emoji=octopus]');
    await expect.poll(() => chip.getByTestId('reaction-count').textContent()).toBe('1');
    expect(await chip.getAttribute('aria-pressed')).toBe('true');
    expect(await chip.getAttribute('aria-label')).toContain('by You');

    // The administrator sees it live and adds theirs by clicking the chip.
    const adminChip = messageIn(admin.page, mine).locator('[data-testid=reaction][data-emoji=octopus]');
    await expect.poll(() => adminChip.getAttribute('aria-label'), { timeout: 10_000 }).toContain('Mark Member');
    await adminChip.click();
    await expect.poll(() => chip.getByTestId('reaction-count').textContent(), { timeout: 10_000 }).toBe('2');
    await expect.poll(() => chip.getAttribute('aria-label')).toMatch(/by You, Adam Admin/);
    await screenshot(page, 'reactions-message');
    expect(await seriousViolations(page)).toEqual([]);

    // Clicking your own takes it back; the admin's stays.
    await chip.click();
    await expect.poll(() => chip.getByTestId('reaction-count').textContent()).toBe('1');
    expect(await chip.getAttribute('aria-pressed')).toBe('false');
    expect(await chip.getAttribute('aria-label')).not.toContain('You');
  });

  it("shows the organization's custom emoji as its image, in the picker and in the reaction picked, and the server's extra emoji as its", async () => {
    const { page } = member;
    const message = messageIn(page, theirs);
    await message.getByTestId('react').click();
    const picker = message.getByTestId('emoji-picker');
    await page.getByTestId('emoji-search').fill('party');
    const option = picker.locator('[role=option][data-emoji=party_parrot]');
    const loaded = (image: ReturnType<Page['locator']>) => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
    await expect.poll(() => loaded(option.locator('img'))).toBe(true);
    await option.click();
    const chip = message.locator('[data-testid=reaction][data-emoji=party_parrot]');
    await expect.poll(() => loaded(chip.locator('img'))).toBe(true);
    expect(await chip.getAttribute('aria-label')).toContain(':party_parrot: 1, by You');
    await chip.click();
    await chip.waitFor({ state: 'detached' });

    // The server's own extra emoji (:zulip: on real servers), as the administrator reacts with it.
    expect((await clientFor(service.url, adminAccount).post(`/messages/${theirs}/reactions`, { emoji_name: 'service' })).status).toBe(200);
    const extra = message.locator('[data-testid=reaction][data-emoji=service]');
    await expect.poll(() => loaded(extra.locator('img'))).toBe(true);
    await screenshot(page, 'reactions-custom-emoji');
  });

  it("offers no Edit or Delete on another's message", async () => {
    const other = messageIn(member.page, theirs);
    await other.waitFor();
    await other.getByTestId('react').waitFor();
    expect(await other.getByTestId('edit').count()).toBe(0);
    expect(await other.getByTestId('delete').count()).toBe(0);
    await other.getByTestId('more-actions').click();
    const labels = await other.getByTestId('message-menu').locator('[role=menuitem]').allTextContents();
    expect(labels.map((label) => label.trim())).toEqual(['Add a reaction', 'Quote and reply', 'Move…', 'Mark as unread from here', 'Copy link to message', 'Read receipts', 'Star', 'Collapse']);
    // Copy link to message: the family's permanent link, which leads back to this very message.
    await member.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(member.app.browser.url).origin });
    await other.getByTestId('message-menu').getByRole('menuitem', { name: 'Copy link to message' }).click();
    await expect.poll(() => other.getByTestId('message-said').textContent()).toBe('Link copied.');
    const link = await member.page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${service.url}/#narrow/channel/1-general/topic/reaction.20tests/with/${theirs}`);
  });

  it('edits the member’s own message in place and shows (edited); Escape leaves it unchanged', async () => {
    const { page } = member;
    const message = messageIn(page, mine);
    await message.getByTestId('edit').click();
    const box = message.getByRole('textbox', { name: 'Edit message' });
    await expect.poll(() => box.inputValue()).toBe('Lunch at noon?');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Edit message');
    await page.keyboard.type(' Or 1pm');
    await page.keyboard.press('Escape');
    await box.waitFor({ state: 'detached' });
    expect(await message.locator('.rendered').textContent()).toBe('Lunch at noon?');

    await message.getByTestId('edit').click();
    await expect.poll(() => box.inputValue()).toBe('Lunch at noon?');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Edit message');
    await box.fill('Lunch at **1pm** instead');
    await screenshot(page, 'reactions-edit');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await box.waitFor({ state: 'detached' });
    // The server's rendering of the new text, shown as content: bold where the Markdown said so.
    await expect.poll(() => message.locator('.rendered').textContent()).toBe('Lunch at 1pm instead');
    expect(await message.locator('.rendered p strong').textContent()).toBe('1pm');
    await message.getByTestId('edited').waitFor();
    // The administrator sees the new text live.
    await expect.poll(() => messageIn(admin.page, mine).locator('.rendered').textContent(), { timeout: 10_000 }).toBe('Lunch at 1pm instead');

    // (edited) opens the edit history, as the server keeps it: sent, then edited, by whom.
    await message.getByTestId('edited').click();
    const versions = message.getByTestId('edit-history').getByTestId('version');
    await expect.poll(() => versions.count()).toBe(2);
    expect(await versions.locator('.version-head strong').allTextContents()).toEqual(['Sent', 'Edited']);
    expect(await versions.locator('.version-head').first().textContent()).toContain('by you');
    expect(await versions.locator('.rendered').allTextContents()).toEqual(['Lunch at noon?', 'Lunch at 1pm instead']);
    await screenshot(page, 'edit-history');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await message.getByTestId('edit-history').waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('edited');
  });

  it('deletes the member’s own message after a confirmation, for both accounts', async () => {
    const { page } = member;
    const message = messageIn(page, mine);
    await message.getByTestId('delete').click();
    const confirm = message.getByTestId('confirm-delete');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await message.waitFor({ state: 'detached' });
    await messageIn(admin.page, mine).waitFor({ state: 'detached', timeout: 10_000 });
  });
});

describe('polls and todo lists', () => {
  const tasksOf = async (widget: ReturnType<Page['getByTestId']>) => (await widget.getByTestId('todo-task').allTextContents()).map((text) => text.trim());

  it('shows a poll in place of its text; votes go both ways live, a vote is taken back, an option is added with the keyboard', async () => {
    const poll = await post(adminAccount, '/poll Where shall we eat?\nCanteen\nPark');
    const { page } = member;
    const widget = messageIn(page, poll).getByTestId('poll');
    const adminWidget = messageIn(admin.page, poll).getByTestId('poll');
    await widget.waitFor();
    expect(await widget.getByRole('heading').textContent()).toBe('Where shall we eat?');
    expect(await widget.locator('.option').allTextContents()).toEqual(['Canteen', 'Park']);
    expect(await messageIn(page, poll).locator('.rendered').count()).toBe(0);

    const park = widget.getByTestId('poll-option').nth(1);
    await park.getByTestId('poll-vote').click();
    await expect.poll(() => park.getByTestId('poll-vote').getAttribute('aria-pressed')).toBe('true');
    expect(await park.getByTestId('poll-vote').textContent()).toBe('1');
    expect(await park.getByTestId('poll-voters').textContent()).toBe('(You)');
    // The administrator sees the vote live and adds theirs.
    const adminPark = adminWidget.getByTestId('poll-option').nth(1);
    await expect.poll(() => adminPark.getByTestId('poll-voters').textContent(), { timeout: 10_000 }).toBe('(Mark Member)');
    await adminPark.getByTestId('poll-vote').click();
    await expect.poll(() => park.getByTestId('poll-voters').textContent(), { timeout: 10_000 }).toBe('(You, Adam Admin)');

    // Keyboard: the new option's field, typed, Enter.
    await widget.getByTestId('poll-new-option').focus();
    await page.keyboard.type('Picnic');
    await page.keyboard.press('Enter');
    await expect.poll(() => widget.locator('.option').allTextContents()).toEqual(['Canteen', 'Park', 'Picnic']);
    expect(await widget.getByTestId('poll-new-option').inputValue()).toBe('');
    await expect.poll(() => adminWidget.locator('.option').allTextContents(), { timeout: 10_000 }).toEqual(['Canteen', 'Park', 'Picnic']);
    // The same option again is refused beside the poll, before anything is sent.
    await widget.getByTestId('poll-new-option').fill('Park');
    await widget.getByRole('button', { name: 'Add option' }).click();
    expect(await widget.getByTestId('widget-error').textContent()).toBe('This option is already in the poll.');
    await screenshot(page, 'widgets-poll');
    expect(await seriousViolations(page)).toEqual([]);
    // Typing again takes the error away.
    await widget.getByTestId('poll-new-option').press('End');
    await page.keyboard.press('Backspace');
    await widget.getByTestId('widget-error').waitFor({ state: 'detached' });

    // Only the author changes the question: Edit, a new one, Enter; the member sees it live.
    expect(await widget.getByTestId('widget-heading-edit').count()).toBe(0);
    await adminWidget.getByTestId('widget-heading-edit').click();
    await adminWidget.getByTestId('widget-heading-field').fill('Where shall we eat on Friday?');
    await admin.page.keyboard.press('Enter');
    await expect.poll(() => widget.getByRole('heading').textContent(), { timeout: 10_000 }).toBe('Where shall we eat on Friday?');

    // A second click takes the vote back; the administrator's stays.
    await park.getByTestId('poll-vote').click();
    await expect.poll(() => park.getByTestId('poll-voters').textContent()).toBe('(Adam Admin)');
    expect(await park.getByTestId('poll-vote').getAttribute('aria-pressed')).toBe('false');
  });

  it('shows a todo list; a task ticked or added by one shows for the other', async () => {
    const list = await post(memberAccount, '/todo Before the offsite\nBook the room: for twelve\nOrder lunch');
    const { page } = member;
    const widget = messageIn(page, list).getByTestId('todo');
    const adminWidget = messageIn(admin.page, list).getByTestId('todo');
    await widget.waitFor();
    expect(await widget.getByRole('heading').textContent()).toBe('Before the offsite');
    expect(await tasksOf(widget)).toEqual(['Book the room: for twelve', 'Order lunch']);

    await adminWidget.getByTestId('todo-check').first().click({ timeout: 10_000 });
    const booked = widget.getByTestId('todo-task').first();
    await expect.poll(() => booked.getByTestId('todo-check').isChecked(), { timeout: 10_000 }).toBe(true);
    expect(await booked.getAttribute('class')).toContain('done');

    await widget.getByTestId('todo-new-task').fill('Send the agenda');
    await widget.getByLabel('Description of the new task').fill('by Friday');
    await widget.getByRole('button', { name: 'Add task' }).click();
    const all = ['Book the room: for twelve', 'Order lunch', 'Send the agenda: by Friday'];
    await expect.poll(() => tasksOf(adminWidget), { timeout: 10_000 }).toEqual(all);
    await expect.poll(() => tasksOf(widget)).toEqual(all);
    expect(await widget.getByTestId('todo-new-task').inputValue()).toBe('');
    await screenshot(page, 'widgets-todo');
    expect(await seriousViolations(page)).toEqual([]);

    // Unticked again by the member: a strike toggles, for everyone.
    await booked.getByTestId('todo-check').click();
    await expect.poll(() => adminWidget.getByTestId('todo-check').first().isChecked(), { timeout: 10_000 }).toBe(false);
  });
});

describe('a sender’s card', () => {
  it('opens from the sender’s name with their profile, closes with Escape, and starts a direct message', async () => {
    const { page } = member;
    const said = await post(adminAccount, 'Who wrote this?');
    const name = messageIn(page, said).getByTestId('sender');
    await name.click();
    const card = messageIn(page, said).getByTestId('person-card');
    await expect.poll(() => card.getByRole('heading').textContent()).toBe('Adam Admin');
    expect(await card.getByTestId('profile').textContent()).toContain('Administrator');
    // The clock where he is (Europe/London), to know whether now is a good time.
    expect(await card.getByTestId('local-time').textContent()).toMatch(/^Local time: \d{1,2}:\d{2}\s?[AP]M \(Europe\/London\)$/);
    expect(await name.getAttribute('aria-expanded')).toBe('true');
    await screenshot(page, 'person-card');
    expect(await seriousViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('sender');

    await name.click();
    await card.getByRole('button', { name: 'Send direct message' }).click();
    await page.locator(`section.conversation[data-conversation="direct:${[adminAccount.user_id, memberAccount.user_id].sort((a, b) => a - b).join(',')}"]`).waitFor();
  });

  it('shows the messages the sender sent, as a search by their address', async () => {
    const { page } = member;
    const said = await post(adminAccount, 'Sent by the admin, to be found');
    // Back from the direct conversation the last test opened, to the topic.
    await page.keyboard.press('Alt+ArrowLeft');
    await messageIn(page, said).getByTestId('sender').click();
    await messageIn(page, said).getByTestId('person-card').getByRole('button', { name: 'View messages sent' }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Search messages' }).inputValue()).toBe(`sender:${adminAccount.email}`);
    const results = page.getByRole('list', { name: 'Search results' }).getByTestId('result');
    await expect.poll(() => results.evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-message-id'))))).toContain(said);
    expect(await results.evaluateAll((rows) => rows.every((row) => row.textContent?.includes('Adam Admin')))).toBe(true);
    await page.keyboard.press('Alt+ArrowLeft');
    await messageIn(page, said).waitFor();
  });
});

describe('muting a sender', () => {
  it('from their card: their messages show hidden, later ones arrive read, one is shown on asking, and unmuting shows them all', async () => {
    const { page } = member;
    // A word of the member's first, so that the admin's next message heads a group with his name.
    await messageIn(page, await post(memberAccount, 'Between us')).waitFor();
    const said = await post(adminAccount, 'A word from someone about to be muted');
    const sender = () => messageIn(page, said).getByTestId('sender');
    await sender().click();
    await messageIn(page, said).getByTestId('person-card').getByTestId('mute-person').click();
    await expect.poll(() => messageIn(page, said).getByTestId('muted-note').count()).toBe(1);
    await page.keyboard.press('Escape');
    expect(await sender().textContent()).toBe('Muted user');
    expect(await messageIn(page, said).textContent()).not.toContain('about to be muted');

    const later = await post(adminAccount, 'Another word, after the mute');
    await messageIn(page, later).getByTestId('muted-note').waitFor();
    expect(await messageIn(page, later).getAttribute('data-unread')).toBeNull();
    await screenshot(page, 'muted-sender');
    expect(await seriousViolations(page)).toEqual([]);
    await messageIn(page, later).getByTestId('reveal').click();
    await expect.poll(() => messageIn(page, later).textContent()).toContain('Another word, after the mute');

    // The muted person's typing is not shown; another's is.
    const moderator = service.accounts.find((a) => a.role === 300)!;
    for (const typist of [adminAccount, moderator]) await api(typist, 'POST', '/typing', { op: 'start', type: 'stream', stream_id: '1', topic: TOPIC });
    await expect.poll(() => page.getByTestId('typing').textContent()).toContain(moderator.full_name);
    expect(await page.getByTestId('typing').textContent()).not.toContain(adminAccount.full_name);
    // Found by a search, the message shows as the feed shows it.
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Search messages' }).fill('about to be muted');
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    const found = page.getByRole('list', { name: 'Search results' }).locator(`[data-testid=result][data-message-id="${said}"]`);
    await found.getByTestId('muted-note').waitFor();
    expect(await found.textContent()).toContain('Muted user');
    expect(await found.textContent()).not.toContain('about to be muted');
    expect(await found.textContent()).not.toContain(adminAccount.full_name);
    await page.keyboard.press('Alt+ArrowLeft');
    await messageIn(page, said).waitFor();

    await sender().click();
    const card = messageIn(page, said).getByTestId('person-card');
    expect(await card.getByTestId('mute-person').textContent()).toBe('Unmute');
    await card.getByTestId('mute-person').click();
    await expect.poll(() => page.getByTestId('muted-note').count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await messageIn(page, said).textContent()).toContain('about to be muted');
  });
});

describe('read receipts', () => {
  it('lists who has read a message: the reader and another member, never the sender', async () => {
    const { page } = member;
    const moderator = service.accounts.find((a) => a.role === 300)!;
    const id = await post(adminAccount, 'Read this before Friday');
    await openTopic(page);
    await messageIn(page, id).waitFor();
    // The member's reading of it on screen reaches the server before the receipts are asked.
    const readOnServer = async () => {
      const { messages } = await api(memberAccount, 'GET', '/messages', { anchor: String(id), num_before: '0', num_after: '0' });
      return (messages as { flags: string[] }[])[0]?.flags.includes('read') ?? false;
    };
    await expect.poll(readOnServer, { timeout: 10_000 }).toBe(true);
    await api(moderator, 'POST', '/messages/flags', { op: 'add', flag: 'read', messages: JSON.stringify([id]) });

    await messageIn(page, id).getByTestId('more-actions').click();
    await page.getByTestId('message-menu').getByRole('menuitem', { name: 'Read receipts' }).click();
    const panel = messageIn(page, id).getByTestId('read-receipts');
    await expect.poll(() => panel.getByTestId('reader').allTextContents()).toEqual(['Mona Moderator', 'You']);
    expect(await panel.getByRole('heading').textContent()).toBe('Read by 2 people');
    await screenshot(page, 'read-receipts');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
  });
});
