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
