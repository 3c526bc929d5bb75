/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceAccount } from '../service/index';
import { chooseTheme, fromMenu, openOrganization, openView, openWorld, screenshot, signInThroughScreen, type World } from './harness';

let world: World;
let page: Page;
const account = (role: number): ServiceAccount => world.service.accounts.find((a) => a.role === role)!;

beforeAll(async () => {
  world = await openWorld('app');
  page = world.page;
});

afterAll(() => world?.close());

describe('the first screens, end to end', () => {
  it('shows the organization before asking for the key, then signs in', async () => {
    await page.getByLabel('Server URL').fill(world.service.url);
    await page.getByRole('button', { name: 'Continue' }).click();
    const organization = page.getByTestId('organization');
    await expect.poll(() => organization.textContent()).toContain('Demo Organization');
    const text = (await organization.textContent()) ?? '';
    expect(text).toContain('Feature level');
    expect(text).toContain('420');
    expect(text).toMatch(/password/);
    // The icon is fetched by main and inlined: the renderer itself has no network.
    const icon = organization.locator('img.realm-icon');
    expect(await icon.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await expect.poll(() => icon.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    await screenshot(page, 'sign-in');
    await page.getByRole('button', { name: 'Change server' }).click();
    await signInThroughScreen(page, world.service.url, account(200));
    await openView(page, 'Browse channels');
    await expect.poll(() => page.getByRole('main').getByRole('heading', { name: 'Channels' }).count()).toBe(1);
  });

  it('browses channels grouped by folder, archived ones on demand', async () => {
    const folders = page.getByTestId('channel-folder');
    await expect.poll(() => folders.count()).toBeGreaterThan(0);
    await expect.poll(() => folders.allTextContents()).toContainEqual(expect.stringContaining('Engineering'));
    await expect.poll(() => page.locator('[data-testid=channel][data-folder="Engineering"]').count()).toBeGreaterThan(0);
    const before = await page.getByTestId('channel').count();
    expect((await folders.allTextContents()).some((name) => name.includes('Archive'))).toBe(false);
    await page.getByLabel('Archived').check();
    await expect.poll(() => page.getByTestId('channel').count()).toBeGreaterThan(before);
    await expect.poll(() => folders.allTextContents()).toContainEqual(expect.stringContaining('Archive'));
    await screenshot(page, 'channels');
    await page.getByLabel('Archived').uncheck();
  });

  it('finds a channel by part of its name, case aside, and says when none is named so', async () => {
    const names = () => page.locator('[data-testid=channel] .channel-name').allTextContents();
    const find = page.getByLabel('Find a channel by name');
    await find.fill('ENG');
    await expect.poll(names).toEqual(['#engineering']);
    // Only the folder holding a match is left.
    await expect.poll(() => page.getByTestId('channel-folder').count()).toBe(1);
    await find.fill('no-such-channel');
    await expect.poll(() => page.locator('.channels .empty').textContent()).toBe('No channel named like “no-such-channel” matches these filters.');
    await find.fill('');
    await expect.poll(async () => (await names()).length).toBeGreaterThan(1);
  });

  it('switches between light and dark themes, and remembers the choice', async () => {
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await chooseTheme(page, 'Dark');
    await expect.poll(background).toBe('rgb(21, 24, 29)');
    await page.keyboard.press('Alt+ArrowLeft');
    await screenshot(page, 'channels-dark');
    await page.reload();
    await expect.poll(background).toBe('rgb(21, 24, 29)');
    await chooseTheme(page, 'Light');
    await expect.poll(background).toBe('rgb(255, 255, 255)');
  });

  it("asks the server for its channel list and user list on demand, and keeps the answer", async () => {
    // Changed behind the app's back (no event): only asking the server can show it.
    world.service.db.prepare("UPDATE streams SET name = 'sandbox-renamed' WHERE name = 'sandbox'").run();
    world.service.db.prepare("UPDATE users SET full_name = 'Liam Renamed' WHERE email = 'liam@demo.example'").run();
    // The reload of the test before starts the window at its first view again.
    await openView(page, 'Browse channels');
    const names = () => page.locator('[data-testid=channel] .channel-name').allTextContents();
    await expect.poll(names).toContain('#sandbox');
    await page.getByLabel('From the server').check();
    await expect.poll(names).toContain('#sandbox-renamed');
    await page.getByLabel('From the server').uncheck();
    await expect.poll(names).toContain('#sandbox-renamed');

    await openOrganization(page, 'Directory');
    await page.getByRole('button', { name: 'Refresh from server' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Refreshed' }).textContent()).toMatch(/Refreshed \d+ users from the server/);
    await page.getByPlaceholder('Search by name or email').fill('liam');
    await expect.poll(() => page.getByTestId('user-row').first().textContent()).toContain('Liam Renamed');
    await page.getByPlaceholder('Search by name or email').fill('');
    await openView(page, 'Browse channels');
  });

  it('searches the directory as you type and opens a profile with custom fields', async () => {
    await openOrganization(page, 'Directory');
    const search = page.getByPlaceholder('Search by name or email');
    await search.fill('pri');
    await expect.poll(() => page.getByTestId('user-row').first().textContent()).toContain('Priya Patel');
    await expect.poll(() => page.getByTestId('user-count').textContent()).toBe('1 person');
    await search.press('Enter');
    await expect.poll(() => page.getByTestId('profile').textContent()).toContain('Priya Patel');
    // An uploaded avatar needs the key: main fetches it, the page only names it.
    const avatar = page.getByTestId('profile').locator('img.avatar');
    expect(await avatar.getAttribute('src')).toMatch(/^\/server-image\/[A-Za-z0-9_-]{43}\/[0-9a-f]{16}\/user_avatars\/7\.png\?version=\d+$/);
    await expect.poll(() => avatar.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(48);
    await screenshot(page, 'users');
    await search.fill('zzzz-nobody');
    await expect.poll(() => page.locator('.empty').first().textContent()).toContain('Nobody matches');
  });

  it('adds a second account and switches between them', async () => {
    await fromMenu(page, 'Add account');
    const member = account(400);
    await signInThroughScreen(page, world.service.url, member);
    const switcher = page.getByLabel('Account');
    await expect.poll(() => switcher.locator('option').count()).toBe(2);
    expect(await switcher.inputValue()).not.toBe('');
    const options = await switcher.locator('option').allTextContents();
    expect(options.some((o) => o.includes(member.email))).toBe(true);
    const adminOption = options.find((o) => o.includes(account(200).email))!;
    await switcher.selectOption({ label: adminOption });
    await expect.poll(() => page.getByTestId('sync-status').textContent(), { timeout: 15_000 }).toContain('Online');
    await screenshot(page, 'accounts');
  });
});
