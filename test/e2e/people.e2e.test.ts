// One directory (issue 26 item 16), as an administrator and a member use it: one list whose count
// agrees with its filter, and a person's profile offering what the viewer's role may do.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceAccount } from '../service/index';
import { seriousViolations } from './a11y';
import { fromMenu, openOrganization, openView, openWorld, screenshot, signInThroughScreen, type World } from './harness';

let world: World;
let page: Page;
const byEmail = (email: string): ServiceAccount => world.service.accounts.find((a) => a.email === email)!;
const count = () => page.getByTestId('user-count').textContent();
const row = (name: string) => page.getByTestId('user-row').filter({ hasText: name });
const profile = () => page.getByTestId('profile');
const actions = () => page.getByTestId('person-actions');
const show = (label: string) => page.getByTestId('directory-filter').selectOption({ label });
const server = () => world.service.db.prepare('SELECT role, is_active FROM users WHERE email = ?');

beforeAll(async () => {
  world = await openWorld('people');
  page = world.page;
  page.setDefaultTimeout(10_000);
  await signInThroughScreen(page, world.service.url, byEmail('admin@demo.example'));
});
afterAll(() => world?.close());

describe('an administrator', () => {
  it('sees everyone in one list, deactivated people and bots included, the count agreeing with each filter', async () => {
    await openOrganization(page, 'Directory');
    // The demo organization: 13 accounts, Dana Departed deactivated, two bots.
    await expect.poll(count).toBe('13 people · 1 deactivated');
    expect(await row('Dana Departed').textContent()).toContain('Deactivated');
    await show('Active');
    await expect.poll(count).toBe('12 people');
    expect(await row('Dana Departed').count()).toBe(0);
    await show('Bots');
    await expect.poll(count).toBe('2 people');
    expect(await page.getByTestId('user-row').locator('.name').allTextContents()).toEqual(['Echo Bot', 'Notification Bot']);
    await show('Administrators');
    await expect.poll(count).toBe('2 people');
    // Administration no longer has a second list of users.
    await openOrganization(page, 'Administration');
    expect(await page.locator('nav.subtabs').getByRole('button', { name: 'Users', exact: true }).count()).toBe(0);
  });

  it('filters Deactivated, reactivates someone from their profile, and finds them under Active', async () => {
    await openOrganization(page, 'Directory');
    await show('Deactivated');
    await expect.poll(count).toBe('1 person · 1 deactivated');
    await row('Dana Departed').click();
    await expect.poll(() => profile().locator('h2').textContent()).toBe('Dana Departed');
    // Nothing but bringing them back is offered for someone deactivated.
    expect(await actions().getByRole('button').allTextContents()).toEqual(['Reactivate']);
    await screenshot(page, 'people-deactivated-profile');
    expect(await seriousViolations(page)).toEqual([]);
    await actions().getByRole('button', { name: 'Reactivate' }).click();
    await expect.poll(() => actions().getByRole('status').textContent()).toBe('Dana Departed was reactivated.');
    expect(server().get('dana@demo.example')).toEqual({ role: 400, is_active: 1 });
    await expect.poll(count).toBe('0 people');
    await show('Active');
    await expect.poll(count).toBe('13 people');
    await expect.poll(() => row('Dana Departed').count()).toBe(1);
    expect(await profile().textContent()).not.toContain('deactivated');
  });

  it('changes a role from the profile, and the list and profile follow', async () => {
    await page.getByPlaceholder('Search by name or email').fill('dana');
    await row('Dana Departed').click();
    await expect.poll(() => actions().getByLabel('Role', { exact: true }).isVisible()).toBe(true);
    // An administrator cannot make owners: the choice is not there.
    expect(await actions().getByLabel('Role', { exact: true }).locator('option').allTextContents()).toEqual(['Administrator', 'Moderator', 'Member', 'Guest']);
    await actions().getByLabel('Role', { exact: true }).selectOption({ label: 'Moderator' });
    await screenshot(page, 'people-profile-actions');
    expect(await seriousViolations(page)).toEqual([]);
    await actions().getByRole('button', { name: 'Change role' }).click();
    await expect.poll(() => actions().getByRole('status').textContent()).toBe('Dana Departed is now moderator.');
    expect(server().get('dana@demo.example')).toEqual({ role: 300, is_active: 1 });
    await expect.poll(() => profile().locator('.badge').first().textContent()).toBe('Moderator');
    await expect.poll(() => row('Dana Departed').textContent()).toContain('Moderator');
    await show('Moderators');
    await expect.poll(count).toBe('1 person');
  });

  it('says why the only owner cannot be deactivated or lose the role, and deactivates with a confirmation', async () => {
    await show('Everyone');
    await page.getByPlaceholder('Search by name or email').fill('olivia');
    await row('Olivia Owner').click();
    await expect.poll(() => actions().textContent()).toContain('Only organization owners can change the role of an owner.');
    expect(await actions().getByRole('button', { name: 'Deactivate…' }).isDisabled()).toBe(true);
    expect(await actions().textContent()).toContain('The only owner of the organization cannot be deactivated.');

    await page.getByPlaceholder('Search by name or email').fill('diego');
    await row('Diego Santos').click();
    await expect.poll(() => profile().locator('h2').textContent()).toBe('Diego Santos');
    await actions().getByRole('button', { name: 'Deactivate…' }).click();
    const confirm = page.getByRole('form', { name: 'Deactivate Diego Santos' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    expect(server().get('diego@demo.example')).toEqual({ role: 400, is_active: 1 });
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect.poll(() => actions().getByRole('status').textContent()).toBe('Diego Santos was deactivated.');
    expect(server().get('diego@demo.example')).toEqual({ role: 400, is_active: 0 });
    await expect.poll(() => row('Diego Santos').textContent()).toContain('Deactivated');
    await expect.poll(() => actions().getByRole('button').allTextContents()).toEqual(['Reactivate']);
  });

  it('starts a direct message from a profile', async () => {
    await page.getByPlaceholder('Search by name or email').fill('priya');
    await row('Priya Patel').click();
    await actions().getByRole('button', { name: 'Send direct message' }).click();
    const people = page.getByRole('list', { name: 'People in this conversation' });
    await expect.poll(() => people.textContent()).toContain('Priya Patel');
    expect(await page.getByRole('form', { name: 'Compose a message' }).count()).toBe(1);
  });
});

describe('a member', () => {
  it('sees the same list and count, and only Send direct message on a profile', async () => {
    await fromMenu(page, 'Add account');
    await signInThroughScreen(page, world.service.url, byEmail('member@demo.example'));
    await openView(page, 'Users');
    // Diego deactivated above, Dana back: the count the administrator's list has.
    await expect.poll(count).toBe('13 people · 1 deactivated');
    await page.getByPlaceholder('Search by name or email').fill('priya');
    await row('Priya Patel').click();
    await expect.poll(() => profile().locator('h2').textContent()).toBe('Priya Patel');
    expect(await actions().getByRole('button').allTextContents()).toEqual(['Send direct message']);
    expect(await actions().getByLabel('Role', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create a user' }).count()).toBe(0);
    await page.getByPlaceholder('Search by name or email').fill('diego');
    await row('Diego Santos').click();
    await expect.poll(() => profile().locator('h2').textContent()).toBe('Diego Santos');
    expect(await actions().getByRole('button').count()).toBe(0);
    await screenshot(page, 'people-member-profile');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
