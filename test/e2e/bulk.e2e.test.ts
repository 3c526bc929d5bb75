// Bulk administration through the UI: an import previewed with the bad rows and their lines,
// nothing sent until confirmed, progress, pause, resume, the export with the generated passwords;
// a job paused before a restart offered again; a deactivation picked in the directory; a batch
// of invitation links exported. Each job view, as it stands, has its screenshot and no serious or
// critical axe violation; the item list scrolls from the keyboard.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen } from './a11y';
import { openOrganization, openWorld, signInThroughScreen, type World } from './harness';

let world: World;
let page: Page;
const ROWS = 120;
const BAD_LINES = [5, 40, 90];

function importCsv(): string {
  const lines = ['email,full_name,password'];
  for (let i = 0; i < ROWS; i++) {
    const line = i + 2;
    if (line === BAD_LINES[0]) lines.push('not an email,Bad Email,');
    else if (line === BAD_LINES[1]) lines.push(`e2e.${i}@bulk.example,,`);
    else if (line === BAD_LINES[2]) lines.push('priya@demo.example,Already Here,');
    else lines.push(`e2e.${i}@bulk.example,"Zoë ${i}, Jr.",${i % 2 === 0 ? `own-password-${i}` : ''}`);
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

const text = (testId: string) => page.getByTestId(testId).textContent();
const created = () => world.service.db.prepare("SELECT count(*) FROM users WHERE email LIKE 'e2e.%@bulk.example'").pluck().get() as number;

beforeAll(async () => {
  world = await openWorld('bulk');
  page = world.page;
  await signInThroughScreen(page, world.service.url, world.service.accounts.find((a) => a.email === 'admin@demo.example')!);
});

afterAll(() => world?.close());

describe('bulk user import, end to end', () => {
  it('previews, and sends nothing until confirmed', async () => {
    await openOrganization(page, 'Bulk');
    await page.getByTestId('bulk-csv-text').fill(importCsv());
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => text('bulk-preview-summary')).toContain(`${ROWS - 3} to send, 3 skipped`);
    await expect.poll(() => text('bulk-job-state')).toContain('nothing sent yet');
    // The preview comes below the long form: its heading has the focus, at the top of the pane.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/^Create users — job \d+$/);
    const heading = await page.getByTestId('bulk-job').locator('h2').boundingBox();
    expect(heading!.y).toBeGreaterThanOrEqual(0);
    expect(heading!.y).toBeLessThan(page.viewportSize()!.height / 3);
    const skipped = page.getByTestId('bulk-skipped-list').locator('li');
    await expect.poll(() => skipped.allTextContents()).toEqual([
      'Line 5: "not an email" is not a valid email address.',
      'Line 40: The name is empty.',
      'Line 90: priya@demo.example is already in the organization.',
    ]);
    await checkScreen(page, 'bulk-preview');
    expect(created()).toBe(0);
  });

  it('runs with progress, pauses, resumes and finishes', async () => {
    world.service.faults.latencyMs = 25;
    await page.getByRole('button', { name: 'Confirm and start' }).click();
    await expect.poll(async () => Number(await text('bulk-done')), { timeout: 15_000 }).toBeGreaterThanOrEqual(10);
    // A fast job says its pace and time left from its first seconds (roughly, "about"), not "—" until it is over.
    await expect.poll(() => text('bulk-rate'), { timeout: 5_000 }).toMatch(/^(about )?[\d.]+ \/ min$/);
    await expect.poll(() => text('bulk-time-left'), { timeout: 5_000 }).toMatch(/^(about )?\d+ (s|min)$/);
    await checkScreen(page, 'bulk-running');
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => page.getByTestId('bulk-job').getAttribute('data-state')).toBe('paused');
    // The run has stopped once the screen counts what the server holds (the item in flight, if
    // any, answered): the job is part way, and stays there until resumed.
    await expect.poll(async () => Number(await text('bulk-done')) === created()).toBe(true);
    expect(created()).toBeLessThan(ROWS - 3);
    await expect.poll(async () => Number(await text('bulk-remaining'))).toBe(ROWS - 3 - created());
    await checkScreen(page, 'bulk-paused');

    world.service.faults.latencyMs = 0;
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => page.getByTestId('bulk-job').getAttribute('data-state'), { timeout: 30_000 }).toBe('finished');
    await expect.poll(() => text('bulk-done')).toBe(String(ROWS - 3));
    expect(await text('bulk-skipped')).toBe('3');
    expect(created()).toBe(ROWS - 3);
    await checkScreen(page, 'bulk-finished');
  });

  it('scrolls the item list from the keyboard: Tab reaches it, Page Down and End move it', async () => {
    const items = page.getByTestId('bulk-items');
    await page.getByTestId('bulk-undo').focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => items.evaluate((list) => list === document.activeElement)).toBe(true);
    await page.keyboard.press('PageDown');
    await expect.poll(() => items.evaluate((list) => list.scrollTop)).toBeGreaterThan(0);
    await page.keyboard.press('End');
    await expect.poll(() => items.getByRole('listitem').last().textContent()).toContain(`Line ${ROWS + 1}`);
  });

  it('exports the results with the generated passwords, which the log never shows', async () => {
    const download = page.waitForEvent('download');
    await page.getByTestId('bulk-export').click();
    const file = await download;
    const rows = parse(readFileSync((await file.path())!, 'utf8'), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(ROWS);
    const done = rows.filter((row) => row.state === 'done');
    expect(done).toHaveLength(ROWS - 3);
    const passwords = world.service.db.prepare('SELECT user_id, password FROM users WHERE email = ?');
    const generated: string[] = [];
    for (const row of done) {
      const server = passwords.get(row.email) as { user_id: number; password: string };
      expect(Number(row.user_id)).toBe(server.user_id);
      if (row.password) generated.push(row.password);
      expect(row.password).toBe(server.password.startsWith('own-password-') ? '' : server.password);
    }
    expect(generated.length).toBeGreaterThan(50);
    expect(rows.filter((row) => row.state === 'skipped').map((row) => Number(row.line))).toEqual(BAD_LINES);
    const log = world.app.logger.lines.join('\n');
    expect(generated.filter((password) => log.includes(password))).toEqual([]);
    // Exported once, they are no longer kept anywhere in the app's files, nor are the file's own.
    const files = filesUnder(world.dataDir).map((file) => readFileSync(file));
    const own = done.map((row) => (passwords.get(row.email) as { password: string }).password).filter((p) => p.startsWith('own-password-'));
    expect(own.length).toBeGreaterThan(50);
    expect([...generated, ...own].filter((password) => files.some((bytes) => bytes.includes(password)))).toEqual([]);
  });
});

describe('after a restart, and bulk deactivation', () => {
  it('offers a job paused before the restart again, and resumes it where it stopped', async () => {
    world.service.faults.latencyMs = 25;
    const lines = ['email,full_name', ...Array.from({ length: 60 }, (_, i) => `restart.${i}@bulk.example,Restart ${i}`)];
    await page.getByTestId('bulk-csv-text').fill(lines.join('\n'));
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('button', { name: 'Confirm and start' }).click();
    await expect.poll(async () => Number(await text('bulk-done')), { timeout: 15_000 }).toBeGreaterThanOrEqual(5);
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => page.getByTestId('bulk-job').getAttribute('data-state')).toBe('paused');
    world.service.faults.latencyMs = 0;

    await world.restartApp();
    page = world.page;
    await openOrganization(page, 'Bulk');
    const unfinished = page.getByTestId('bulk-unfinished');
    await expect.poll(() => unfinished.textContent(), { timeout: 15_000 }).toContain('remaining (paused)');
    await checkScreen(page, 'bulk-unfinished');
    await unfinished.getByRole('button', { name: 'Open' }).click();
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => page.getByTestId('bulk-job').getAttribute('data-state'), { timeout: 30_000 }).toBe('finished');
    const count = world.service.db.prepare("SELECT count(*) FROM users WHERE email LIKE 'restart.%@bulk.example'").pluck().get();
    expect(count).toBe(60);
  });

  it('deactivates users picked in the directory, refusing the only owner', async () => {
    await page.getByRole('tab', { name: 'Deactivate users' }).click();
    const search = page.getByTestId('bulk-deactivate-search');
    for (const name of ['Olivia', 'Diego']) {
      await search.fill(name);
      // The row of that name: until the matches are read again the list still shows the last search's.
      await page.getByRole('list', { name: 'Directory matches' }).getByRole('checkbox', { name }).first().check();
    }
    await page.getByRole('button', { name: 'Preview (2)' }).click();
    await expect.poll(() => page.getByTestId('bulk-skipped-list').textContent()).toContain('only organization owner');
    await checkScreen(page, 'bulk-deactivate-preview');
    await page.getByRole('button', { name: 'Confirm and start' }).click();
    await expect.poll(() => page.getByTestId('bulk-job').getAttribute('data-state')).toBe('finished');
    expect(await text('bulk-done')).toBe('1');
    const active = world.service.db.prepare('SELECT is_active FROM users WHERE email = ?').pluck();
    expect(active.get('diego@demo.example')).toBe(0);
    expect(active.get('owner@demo.example')).toBe(1);
    await checkScreen(page, 'bulk-deactivated');
  });

  it('creates invitation links with the same settings, shows each with Copy, and exports them', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(world.app.browser.url).origin });
    await page.getByRole('tab', { name: 'Invitation links' }).click();
    await page.getByTestId('bulk-invite-count').fill('3');
    await page.getByLabel('Welcome message').fill('Welcome aboard!');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => text('bulk-preview-summary')).toContain('3 to send, 0 skipped');
    await page.getByRole('button', { name: 'Confirm and start' }).click();
    await expect.poll(() => page.getByTestId('bulk-job').getAttribute('data-state')).toBe('finished');
    await checkScreen(page, 'bulk-invites-finished');
    const download = page.waitForEvent('download');
    await page.getByTestId('bulk-export').click();
    const rows = parse(readFileSync((await (await download).path())!, 'utf8'), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.state)).toEqual(['done', 'done', 'done']);
    expect(new Set(rows.map((row) => row.invite_link)).size).toBe(3);
    // The links made are on screen, each with its own Copy.
    const shown = page.getByTestId('bulk-links').getByRole('listitem');
    await expect.poll(() => shown.count()).toBe(3);
    for (const [i, row] of rows.entries()) expect(await shown.nth(i).textContent()).toContain(row.invite_link);
    await shown.nth(1).getByRole('button', { name: 'Copy Link 2' }).click();
    await expect.poll(() => shown.nth(1).getByRole('status').textContent()).toBe('Copied to the clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(rows[1]!.invite_link);
  });
});
