// Bulk changes an administrator can take back, through the UI: a role change of 50 users picked
// in the directory and its undo (each user's own role back), a bulk deactivation undone by
// reactivating the same users, and an import's failed and skipped rows exported in the import's
// format, fixed and imported again as a new job. Each job view has its screenshot and no serious or
// critical axe violation.
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor } from '../service/testing/client';
import { checkScreen } from './a11y';
import { openOrganization, openWorld, signInThroughScreen, type World } from './harness';

let world: World;
let page: Page;
const STAFF = 50;

const text = (testId: string) => page.getByTestId(testId).textContent();
const jobState = () => page.getByTestId('bulk-job').getAttribute('data-state');
/** The role changes the job's rows on screen show, each once. */
const roleChangesShown = async () => [...new Set(await page.getByTestId('bulk-role-change').allTextContents())].sort();
const roleOf = (email: string) => world.service.db.prepare('SELECT role FROM users WHERE email = ?').pluck().get(email) as number;
const isActive = (email: string) => world.service.db.prepare('SELECT is_active FROM users WHERE email = ?').pluck().get(email) as number;
const staffEmail = (i: number) => `staff.${i}@undo.example`;

beforeAll(async () => {
  world = await openWorld('bulk-undo');
  page = world.page;
  const admin = world.service.accounts.find((a) => a.email === 'admin@demo.example')!;
  const http = clientFor(world.service.url, admin);
  for (let i = 0; i < STAFF; i++) await http.post('/users', { email: staffEmail(i), password: `pw-undo-${i}-long-enough`, full_name: `Staffer ${i}` });
  // Two start as guests: an undo gives each user back their own role.
  for (const i of [0, 1]) await http.patch(`/users/${world.service.db.prepare('SELECT user_id FROM users WHERE email = ?').pluck().get(staffEmail(i))}`, { role: 600 });
  await signInThroughScreen(page, world.service.url, admin);
});
afterAll(() => world?.close());

async function confirmAndFinish(): Promise<void> {
  await page.getByRole('button', { name: 'Confirm and start' }).click();
  await expect.poll(jobState, { timeout: 30_000 }).toBe('finished');
}

describe('undo', () => {
  it('changes the role of 50 users picked in the directory, and gives each their own role back', async () => {
    await openOrganization(page, 'Directory');
    await page.getByPlaceholder('Search by name or email').fill('Staffer');
    await page.getByRole('button', { name: `Select all ${STAFF} matches` }).click();
    await expect.poll(() => text('picked-count')).toBe(`${STAFF} picked`);
    await page.getByTestId('change-role-picked').click();
    await expect.poll(() => page.getByTestId('bulk-selected-count').textContent()).toBe(`${STAFF} users selected`);
    await page.getByTestId('bulk-new-role').selectOption({ label: 'Moderator' });
    await page.getByRole('button', { name: `Preview (${STAFF})` }).click();
    await expect.poll(() => text('bulk-preview-summary')).toContain(`${STAFF} to send, 0 skipped`);
    // Each row says from which role to which, before anything is sent.
    await expect.poll(roleChangesShown).toEqual(['Guest → Moderator', 'Member → Moderator']);
    await confirmAndFinish();
    expect(Array.from({ length: STAFF }, (_, i) => roleOf(staffEmail(i)))).toEqual(Array.from({ length: STAFF }, () => 300));
    await expect.poll(() => text('bulk-summary')).toContain(`${STAFF} changed, 0 skipped, 0 failed`);
    await checkScreen(page, 'bulk-roles-finished');

    await page.getByTestId('bulk-undo').click();
    await expect.poll(() => page.getByTestId('bulk-job').locator('h2').textContent()).toContain('Change roles');
    await expect.poll(() => text('bulk-preview-summary')).toContain(`${STAFF} to send, 0 skipped`);
    await expect.poll(roleChangesShown).toEqual(['Moderator → Guest', 'Moderator → Member']);
    await checkScreen(page, 'bulk-roles-undo-preview');
    await confirmAndFinish();
    expect(Array.from({ length: STAFF }, (_, i) => roleOf(staffEmail(i)))).toEqual(Array.from({ length: STAFF }, (_, i) => (i < 2 ? 600 : 400)));
  });

  it('undoes a bulk deactivation by reactivating the same users', async () => {
    await page.getByRole('tab', { name: 'Deactivate users' }).click();
    await page.getByTestId('bulk-deactivate-emails').fill([10, 11, 12].map(staffEmail).join('\n'));
    await page.getByRole('button', { name: 'Preview (3)' }).click();
    await confirmAndFinish();
    expect([10, 11, 12].map((i) => isActive(staffEmail(i)))).toEqual([0, 0, 0]);
    await page.getByTestId('bulk-undo').click();
    await expect.poll(() => page.getByTestId('bulk-job').locator('h2').textContent()).toContain('Reactivate users');
    await confirmAndFinish();
    expect([10, 11, 12].map((i) => isActive(staffEmail(i)))).toEqual([1, 1, 1]);
    await expect.poll(() => text('bulk-summary')).toContain('3 reactivated, 0 skipped, 0 failed');
    await checkScreen(page, 'bulk-deactivation-undone');
  });
});

describe('rows to fix', () => {
  it('exports the failed and skipped rows of an import in its own format, which import again once fixed', async () => {
    await page.getByRole('tab', { name: 'Import users (CSV)' }).click();
    const csv = ['email,full_name', 'fix.1@undo.example,Fixed One', 'not an email,Fix Two', 'fix.3@undo.example,', 'fix.4@undo.example,Fixed Four'].join('\n');
    await page.getByTestId('bulk-csv-text').fill(csv);
    await page.getByRole('button', { name: 'Preview' }).click();
    await confirmAndFinish();
    await expect.poll(() => page.getByTestId('bulk-summary').locator('li').allTextContents()).toEqual([
      'Skipped not an email (line 3): "not an email" is not a valid email address.',
      'Skipped fix.3@undo.example (line 4): The name is empty.',
    ]);
    await checkScreen(page, 'bulk-import-summary');
    const download = page.waitForEvent('download');
    await page.getByTestId('bulk-export-retry').click();
    const rows = parse(readFileSync((await (await download).path())!, 'utf8'), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.email, row.full_name, row.line])).toEqual([
      ['not an email', 'Fix Two', '3'],
      ['fix.3@undo.example', '', '4'],
    ]);
    // Fixed by the administrator, as they would in a spreadsheet, and imported as a new job.
    rows[0]!.email = 'fix.2@undo.example';
    rows[1]!.full_name = 'Fixed Three';
    const fixed = stringify(rows, { header: true });
    await page.getByTestId('bulk-csv-text').fill(fixed);
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => text('bulk-preview-summary')).toContain('2 to send, 0 skipped');
    await confirmAndFinish();
    expect([1, 2, 3, 4].map((i) => isActive(`fix.${i}@undo.example`))).toEqual([1, 1, 1, 1]);
  });
});
