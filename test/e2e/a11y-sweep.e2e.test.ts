// axe on every screen, view and dialog of the app (issue 12 §5), each with a screenshot: the
// sign-in steps, every view the sidebar and header open, a conversation with its message menu,
// picker and confirmations, every part of the Organization area (its administration forms and
// bulk jobs), the dialogs that start or schedule a message, the account switcher, and a member's
// view of the organization. Each screen is checked where it stands, and every screen is checked
// even when an earlier one fails, so one run lists them all.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceAccount } from '../service/index';
import { seriousViolations } from './a11y';
import { chooseTheme, fromMenu, openOrganization, openView, openWorld, screenshot, signInThroughScreen, type World } from './harness';

let world: World;
let page: Page;
let admin: ServiceAccount;
let member: ServiceAccount;

const main = () => page.getByRole('main');
const heading = (name: string) => main().getByRole('heading', { name, exact: true });

/** A screenshot of the screen as it stands, and no serious or critical axe violation on it. */
async function check(name: string): Promise<void> {
  await screenshot(page, `a11y-${name}`);
  expect.soft(await seriousViolations(page), name).toEqual([]);
}

/** Opens the first topic of the first channel in the sidebar, expanding the channel if it is not. */
async function openTopic(): Promise<void> {
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  const channel = sidebar.locator('[data-row^="channel:"]').first();
  if ((await channel.getAttribute('aria-expanded')) !== 'true') await channel.click();
  await sidebar.locator('[data-row^="conversation:channel:"]').first().click();
  await main().getByTestId('message').first().waitFor();
}

beforeAll(async () => {
  world = await openWorld('a11y-sweep', { messages: 200 });
  page = world.page;
  page.setDefaultTimeout(10_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  admin = world.service.accounts.find((account) => account.email === 'admin@demo.example')!;
  member = world.service.accounts.find((account) => account.email === 'member@demo.example')!;
});

afterAll(() => world?.close());

describe('axe on every screen', () => {
  it('the sign-in steps', async () => {
    await page.getByLabel('Server URL').waitFor();
    await check('sign-in-server');
    await page.getByLabel('Server URL').fill(world.service.url);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('API key').waitFor();
    await check('sign-in-key');
    await page.reload();
    await signInThroughScreen(page, world.service.url, admin);
  });

  it('every view of the sidebar and the header', async () => {
    const views: [label: string, shows: string][] = [
      ['Inbox', 'Inbox'],
      ['Recent conversations', 'Recent conversations'],
      ['Combined feed', 'Combined feed'],
      ['Mentions', 'Mentions'],
      ['Starred', 'Starred'],
      ['Search', 'Search messages'],
      ['Scheduled', 'Scheduled messages'],
      ['Drafts', 'Drafts'],
      ['Browse channels', 'Channels'],
    ];
    const titles = new Map<string, string>();
    for (const [label, shows] of views) {
      await openView(page, label);
      await heading(shows).waitFor();
      titles.set(label, await heading(shows).evaluate((title) => `${Math.round(title.getBoundingClientRect().left)},${Math.round(title.getBoundingClientRect().top)} ${getComputedStyle(title).fontSize}`));
      await check(`view-${label.toLowerCase().replace(/\s+/g, '-')}`);
    }
    // Switching views, the title stays in one place at one size.
    expect(new Set(titles.values()).size, JSON.stringify(Object.fromEntries(titles))).toBe(1);
    await fromMenu(page, 'Settings');
    await heading('Settings').waitFor();
    await check('view-settings');
  });

  it('a conversation, its message menu, reaction picker and delete confirmation, Send later and the snippets', async () => {
    await openTopic();
    const message = main().getByTestId('message').last();
    await message.waitFor();
    await check('conversation');

    await message.getByTestId('more-actions').click();
    await message.getByTestId('message-menu').waitFor();
    await check('conversation-message-menu');
    await page.keyboard.press('Escape');

    await message.getByTestId('react').click();
    await message.getByTestId('emoji-picker').waitFor();
    await check('conversation-emoji-picker');
    await page.keyboard.press('Escape');
    await message.getByTestId('emoji-picker').waitFor({ state: 'detached' });

    await main().getByTestId('composer').fill('A message to delete');
    await main().getByTestId('composer').press('Enter');
    const mine = main().getByTestId('message').filter({ hasText: 'A message to delete' });
    await mine.waitFor();
    await mine.getByTestId('delete').click();
    await mine.getByTestId('confirm-delete').waitFor();
    await check('conversation-confirm-delete');
    await mine.getByTestId('confirm-delete').getByRole('button', { name: 'Cancel' }).click();

    await main().getByTestId('composer').fill('Later, please');
    await page.getByRole('button', { name: 'Send later…' }).click();
    await page.getByTestId('send-later').waitFor();
    await check('dialog-send-later');
    await page.getByTestId('send-later').getByRole('button', { name: 'Cancel' }).click();
    await main().getByTestId('composer').fill('');

    await page.getByTestId('snippets-toggle').click();
    await page.locator('#snippet-panel').waitFor();
    await check('compose-snippet-menu');
    await page.locator('#snippet-panel').getByRole('button', { name: 'New snippet…' }).click();
    await page.getByTestId('snippet-editor').waitFor();
    await check('dialog-snippet-editor');
    // Escape closes the dialog, though it sits in the main pane (where Escape otherwise goes back to the sidebar).
    await page.keyboard.press('Escape');
    await page.getByTestId('snippet-editor').waitFor({ state: 'detached' });
    await page.locator('#snippet-panel').getByRole('button', { name: 'Close' }).click();
  });

  it('the dialogs that start a conversation, and the schedule form', async () => {
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    await sidebar.getByRole('button', { name: 'New topic', exact: true }).click();
    await page.getByTestId('new-topic').waitFor();
    await check('dialog-new-topic');
    await page.keyboard.press('Escape');
    await page.getByTestId('new-topic').waitFor({ state: 'detached' });
    await sidebar.getByRole('button', { name: 'New direct message', exact: true }).click();
    await page.getByTestId('new-direct').waitFor();
    await check('dialog-new-direct');
    await page.keyboard.press('Escape');
    await page.getByTestId('new-direct').waitFor({ state: 'detached' });

    await openView(page, 'Scheduled');
    await page.getByRole('button', { name: 'New scheduled message' }).click();
    await page.locator('form.schedule-form').waitFor();
    await check('dialog-schedule-form');
  });

  it('every part of the Organization area', async () => {
    await openOrganization(page, 'Directory');
    await page.getByTestId('user-row').first().waitFor();
    await check('organization-directory');
    await page.getByTestId('user-row').filter({ hasText: 'Priya Patel' }).click();
    await page.getByTestId('profile').waitFor();
    await check('organization-profile');

    await openOrganization(page, 'Administration');
    const parts = page.getByRole('navigation', { name: 'Administration' }).getByRole('button');
    await parts.first().waitFor();
    for (const label of await parts.allTextContents()) {
      await parts.filter({ hasText: label }).click();
      await expect.poll(() => parts.filter({ hasText: label }).getAttribute('aria-current')).toBe('page');
      await check(`administration-${label.toLowerCase().replace(/\s+/g, '-')}`);
    }

    await openOrganization(page, 'Bulk');
    const modes = main().getByRole('tab');
    await modes.first().waitFor();
    for (const label of await modes.allTextContents()) {
      await modes.filter({ hasText: label }).click();
      await expect.poll(() => modes.filter({ hasText: label }).getAttribute('aria-selected')).toBe('true');
      await check(`bulk-${label.toLowerCase().replace(/\W+/g, '-').replace(/-$/, '')}`);
    }
  });

  it('the dark theme: the inbox, a conversation, a dialog and the administration', async () => {
    await chooseTheme(page, 'Dark');
    await openView(page, 'Inbox');
    await heading('Inbox').waitFor();
    await check('dark-inbox');
    await openTopic();
    await check('dark-conversation');
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('button', { name: 'New topic', exact: true }).click();
    await page.getByTestId('new-topic').waitFor();
    await check('dark-dialog-new-topic');
    await page.keyboard.press('Escape');
    await page.getByTestId('new-topic').waitFor({ state: 'detached' });
    await openOrganization(page, 'Administration');
    await page.getByTestId('my-role').waitFor();
    await check('dark-administration');
    await chooseTheme(page, 'Light');
  });

  it('the account switcher and the sign-out confirmation', async () => {
    await fromMenu(page, 'Add account');
    await page.getByLabel('Server URL').waitFor();
    await check('add-account');
    await signInThroughScreen(page, world.service.url, member);
    await expect.poll(() => page.getByLabel('Account').locator('option').count()).toBe(2);
    await check('account-switcher');
    await fromMenu(page, 'Sign out…');
    await page.getByRole('group', { name: 'Confirm sign-out' }).waitFor();
    await check('sign-out-confirmation');
    await page.getByRole('group', { name: 'Confirm sign-out' }).getByRole('button', { name: 'Cancel' }).click();
  });

  it("a member's organization: the directory and the invitation links", async () => {
    await openView(page, 'Users');
    await page.getByTestId('user-row').first().waitFor();
    await check('member-directory');
    await page.getByRole('navigation', { name: 'Organization' }).getByRole('button', { name: 'Invitation links', exact: true }).click();
    await heading('Invitation links').waitFor();
    await check('member-invitation-links');
  });
});
