// Users picked in the directory are deactivated in one bulk job: the Bulk section opens with
// them already chosen, previews, and runs.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openWorld, screenshot, signInThroughScreen, type World } from './harness';

let world: World;

beforeAll(async () => {
  world = await openWorld('directory-pick');
  await signInThroughScreen(world.page, world.service.url, world.service.accounts.find((a) => a.role === 200)!);
});
afterAll(() => world?.close());

it('picks users in the directory (checkbox and Space) and deactivates them in one job', async () => {
  const { page } = world;
  await page.getByRole('button', { name: 'Users' }).click();
  const search = page.getByPlaceholder('Search by name or email');
  await search.fill('liam');
  await page.getByRole('checkbox', { name: "Pick Liam O'Brien" }).check();
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
