// Presence end to end: someone coming online shows active, with the status they set, beside their
// name in the directory and in a direct conversation with them; someone who never reported shows
// offline.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ServiceAccount } from '../service/index';
import { clientFor } from '../service/testing/client';
import { seriousViolations } from './a11y';
import { openView, openWorld, screenshot, signInThroughScreen, type World } from './harness';

let world: World;
let page: Page;
let member: ServiceAccount;
let admin: ServiceAccount;
let owner: ServiceAccount;

beforeAll(async () => {
  world = await openWorld('presence');
  page = world.page;
  page.setDefaultTimeout(10_000);
  member = world.service.accounts.find((account) => account.email === 'member@demo.example')!;
  admin = world.service.accounts.find((account) => account.email === 'admin@demo.example')!;
  owner = world.service.accounts.find((account) => account.email === 'owner@demo.example')!;
  await signInThroughScreen(page, world.service.url, member);
});

afterAll(() => world?.close());

it('shows who is active, with their status, in the directory and in a direct conversation', async () => {
  const adminClient = clientFor(world.service.url, admin);
  await adminClient.post('/users/me/status', { status_text: 'Reviewing budgets', emoji_name: 'tada' });
  await adminClient.post('/users/me/presence', { status: 'active' });

  await openView(page, 'Users');
  await page.getByPlaceholder('Search by name or email').fill(admin.full_name);
  const adminRow = page.getByTestId('user-row').filter({ hasText: admin.full_name }).first();
  await expect.poll(() => adminRow.getByTestId('presence').getAttribute('data-presence')).toBe('active');
  expect(await adminRow.getByTestId('status-text').textContent()).toBe('Reviewing budgets');
  expect(await adminRow.getByTestId('status-emoji').textContent()).toBe('🎉');
  expect(await adminRow.getByRole('img', { name: 'Active' }).count()).toBe(1);
  await page.getByPlaceholder('Search by name or email').fill(owner.full_name);
  const ownerRow = page.getByTestId('user-row').filter({ hasText: owner.full_name }).first();
  await expect.poll(() => ownerRow.getByTestId('presence').getAttribute('data-presence')).toBe('offline');
  await screenshot(page, 'directory-presence');
  expect(await seriousViolations(page)).toEqual([]);

  const direct = `direct:${[member.user_id, admin.user_id].sort((a, b) => a - b).join(',')}`;
  await page.getByRole('navigation', { name: 'Sidebar' }).locator(`[role=option][data-conversation="${direct}"]`).click();
  const people = page.getByRole('list', { name: 'People in this conversation' });
  await expect.poll(() => people.getByTestId('presence').getAttribute('data-presence')).toBe('active');
  expect(await people.textContent()).toContain('Reviewing budgets');
  await screenshot(page, 'direct-presence');
  expect(await seriousViolations(page)).toEqual([]);
});

it('shows presence beside each person the New direct message dialog offers', async () => {
  // The administrator reported active above; the owner never did.
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('button', { name: 'New direct message', exact: true }).click();
  const dialog = page.getByTestId('new-direct');
  const people = dialog.getByTestId('people-search');
  await people.fill(admin.full_name);
  const adminOption = dialog.getByRole('option', { name: new RegExp(admin.full_name) });
  await expect.poll(() => adminOption.getByTestId('presence').getAttribute('data-presence')).toBe('active');
  expect(await adminOption.getByRole('img', { name: 'Active' }).count()).toBe(1);
  await people.fill(owner.full_name);
  const ownerOption = dialog.getByRole('option', { name: new RegExp(owner.full_name) });
  await expect.poll(() => ownerOption.getByTestId('presence').getAttribute('data-presence')).toBe('offline');
  expect(await ownerOption.getByRole('img', { name: 'Offline' }).count()).toBe(1);
  await screenshot(page, 'new-direct-presence');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
});

it("shows a status with the organization's custom emoji as its image, fetched through main, in the directory, the profile and a direct conversation", async () => {
  // party_parrot is the demo organization's custom emoji: the status is realm_emoji, emoji_code its ID.
  await clientFor(world.service.url, admin).post('/users/me/status', { status_text: 'Shipping', emoji_name: 'party_parrot' });
  await openView(page, 'Users');
  await page.getByPlaceholder('Search by name or email').fill(admin.full_name);
  const adminRow = page.getByTestId('user-row').filter({ hasText: admin.full_name }).first();
  const image = adminRow.getByRole('img', { name: ':party_parrot:' });
  await expect.poll(() => image.count()).toBe(1);
  expect(await image.getAttribute('src')).toMatch(/^\/server-image\/[A-Za-z0-9_-]{43}\/[0-9a-f]{16}\//);
  await expect.poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
  expect(await adminRow.getByTestId('status-text').textContent()).toBe('Shipping');
  await adminRow.click();
  await expect.poll(() => page.getByTestId('profile').getByRole('img', { name: ':party_parrot:' }).count()).toBe(1);

  const direct = `direct:${[member.user_id, admin.user_id].sort((a, b) => a - b).join(',')}`;
  await page.getByRole('navigation', { name: 'Sidebar' }).locator(`[role=option][data-conversation="${direct}"]`).click();
  const people = page.getByRole('list', { name: 'People in this conversation' });
  await expect.poll(() => people.getByRole('img', { name: ':party_parrot:' }).count()).toBe(1);
  await screenshot(page, 'direct-presence-custom-emoji');
  expect(await seriousViolations(page)).toEqual([]);
});
