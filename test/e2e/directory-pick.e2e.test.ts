// Users picked in the directory are deactivated in one bulk job: the Bulk section opens with
// them already chosen, previews, and runs. Many are picked at once with "select all N matches",
// in the order people count (Tester 2 before Tester 10), with the count always in view.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor } from '../service/testing/client';
import { seriousViolations } from './a11y';
import { openOrganization, openWorld, screenshot, signInThroughScreen, type World } from './harness';

let world: World;

beforeAll(async () => {
  world = await openWorld('directory-pick');
  await signInThroughScreen(world.page, world.service.url, world.service.accounts.find((a) => a.role === 200)!);
});
afterAll(() => world?.close());

it('picks users in the directory (checkbox and Space) and deactivates them in one job', async () => {
  const { page } = world;
  await openOrganization(page, 'Directory');
  const search = page.getByPlaceholder('Search by name or email');
  await search.fill('liam');
  const liam = page.getByRole('main').getByRole('option', { name: /Liam O'Brien/ });
  await liam.getByTestId('pick-box').click();
  await expect.poll(() => liam.getAttribute('aria-checked')).toBe('true');
  await search.fill('diego');
  await expect.poll(() => page.getByTestId('user-row').first().textContent()).toContain('Diego Santos');
  await page.getByRole('listbox', { name: 'Users' }).press(' ');
  await expect.poll(() => page.getByTestId('picked-count').textContent()).toBe('2 picked');
  await screenshot(page, 'users-picked');

  await page.getByRole('button', { name: 'Deactivate picked…' }).click();
  const chosen = page.getByRole('list', { name: 'Selected users' });
  await expect.poll(() => chosen.textContent()).toContain("Liam O'Brien");
  expect(await chosen.textContent()).toContain('Diego Santos');
  await page.getByRole('button', { name: 'Preview (2)' }).click();
  await page.getByRole('button', { name: 'Confirm and start' }).click();
  await expect.poll(() => page.getByTestId('bulk-job').getAttribute('data-state'), { timeout: 15_000 }).toBe('finished');
  const active = world.service.db.prepare('SELECT is_active FROM users WHERE email = ?').pluck();
  expect(active.get('liam@demo.example')).toBe(0);
  expect(active.get('diego@demo.example')).toBe(0);
  expect(active.get('priya@demo.example')).toBe(1);
});

describe('picking many', () => {
  // Twelve testers made through the API, as an owner would: Tester 1 … Tester 12.
  beforeAll(async () => {
    const owner = clientFor(world.service.url, world.service.accounts.find((a) => a.role === 100)!);
    for (let n = 1; n <= 12; n++) {
      const reply = await owner.post('/users', { email: `tester${n}@demo.example`, full_name: `Tester ${n}`, password: `tester-${n}-password` });
      expect(reply.status).toBe(200);
    }
  });

  it('in the directory: numbers in counting order, "select all N matches", and the count always shown', async () => {
    const { page } = world;
    await openOrganization(page, 'Directory');
    await expect.poll(() => page.getByTestId('picked-count').textContent()).toBe('0 picked');
    const search = page.getByPlaceholder('Search by name or email');
    await search.fill('tester');
    await expect.poll(() => page.getByTestId('user-count').textContent()).toBe('12 people');
    const names = await page.getByTestId('user-row').locator('.name').allTextContents();
    expect(names.slice(0, 3)).toEqual(['Tester 1', 'Tester 2', 'Tester 3']);
    await page.getByRole('button', { name: 'Select all 12 matches' }).click();
    await expect.poll(() => page.getByTestId('picked-count').textContent()).toBe('12 picked');
    await search.fill('no such person at all');
    await expect.poll(() => page.getByText('Nobody matches').count()).toBe(1);
    expect(await page.getByTestId('picked-count').textContent()).toBe('12 picked');
    await screenshot(page, 'users-picked-all');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('group', { name: 'Picked users' }).getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => page.getByTestId('picked-count').textContent()).toBe('0 picked');
  });

  it('in the bulk-deactivate picker: the same order, all matches selected in one go, the count always shown', async () => {
    const { page } = world;
    await openOrganization(page, 'Bulk');
    await page.getByRole('tab', { name: 'Deactivate users' }).click();
    const count = page.getByTestId('bulk-selected-count');
    await expect.poll(() => count.textContent()).toBe('0 users selected');
    await page.getByTestId('bulk-deactivate-search').fill('tester');
    await expect.poll(() => page.getByTestId('bulk-match-count').textContent()).toBe('12 matches');
    const matches = page.getByRole('list', { name: 'Directory matches' }).getByRole('listitem');
    expect((await matches.allTextContents()).map((text) => text.trim().split('tester')[0]?.trim())).toEqual(
      Array.from({ length: 12 }, (_, i) => `Tester ${i + 1}`),
    );
    await page.getByRole('button', { name: 'Select all 12 matches' }).click();
    await expect.poll(() => count.textContent()).toBe('12 users selected');
    await page.getByTestId('bulk-deactivate-emails').fill('liam@demo.example');
    await expect.poll(() => page.locator('.bulk-selection').textContent()).toContain('12 users selected, and 1 email listed');
    await screenshot(page, 'bulk-deactivate-picked-all');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Preview (13)' }).click();
    await page.getByRole('button', { name: 'Confirm and start' }).click();
    await expect.poll(() => page.getByTestId('bulk-job').getAttribute('data-state'), { timeout: 15_000 }).toBe('finished');
    const active = world.service.db.prepare("SELECT count(*) FROM users WHERE email LIKE 'tester%' AND is_active = 1").pluck();
    expect(active.get()).toBe(0);
  });
});
