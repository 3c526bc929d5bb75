// The daily loop without a mouse, end to end in Chromium: F6 reaches the sidebar, the arrows walk
// its rows and open a channel into its topics, Enter opens a topic and a direct conversation, F6
// reaches the main pane and the compose box, Escape comes back to the sidebar row, Alt+Left goes
// back, Alt+1…9 put focus inside the view they open, and the header's menu opens and closes.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceAccount } from '../service/index';
import { openWorld, signInThroughScreen, type World } from './harness';

let world: World;
let page: Page;
let member: ServiceAccount;

/** What has focus: its sidebar row, its region, or its tag and text. */
const focused = () =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return { row: null, region: null, text: '' };
    return {
      row: element.closest<HTMLElement>('[data-row]')?.dataset.row ?? null,
      region: element.closest<HTMLElement>('[data-region]')?.dataset.region ?? null,
      text: (element.textContent ?? '').trim(),
      tag: element.tagName,
    };
  });
const mainHeading = () => page.getByRole('main').getByRole('heading').first().textContent();

/** Presses Down until the focused row is `row` (each press must move, or the row is not there). */
async function arrowTo(row: string | RegExp): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const now = (await focused()).row ?? '';
    if (typeof row === 'string' ? now === row : row.test(now)) return;
    await page.keyboard.press('ArrowDown');
    if ((await focused()).row === now) break;
  }
  throw new Error(`no sidebar row ${String(row)} below`);
}

beforeAll(async () => {
  world = await openWorld('keyboard', { messages: 600 });
  page = world.page;
  page.setDefaultTimeout(10_000);
  member = world.service.accounts.find((account) => account.email === 'member@demo.example')!;
  await signInThroughScreen(page, world.service.url, member);
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('treeitem').first().waitFor();
});

afterAll(() => world?.close());

describe('the keyboard alone', () => {
  it('reaches a topic: F6 to the sidebar, arrows to a channel, → opens it, Enter opens a topic', async () => {
    await page.keyboard.press('F6');
    expect((await focused()).region).toBe('sidebar');
    await arrowTo('channel:1');
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await page.locator('[data-row="channel:1"]').getAttribute('aria-expanded'))).toBe('true');
    // Its topics are read from the mirror, which the first fetch of messages may still be filling.
    await page.locator('[data-row^="conversation:channel:1:"]').first().waitFor();
    await page.keyboard.press('ArrowDown');
    const topic = (await focused()).row ?? '';
    expect(topic).toMatch(/^conversation:channel:1:/);
    const name = topic.slice('conversation:channel:1:'.length);
    await page.keyboard.press('Enter');
    await expect.poll(mainHeading).toBe(`#general › ${name}`);
  });

  it('goes on with F6 to the main pane, then the compose box, then back to the sidebar row', async () => {
    const row = (await focused()).row;
    await page.keyboard.press('F6');
    expect(await focused()).toMatchObject({ region: 'main' });
    await page.keyboard.press('F6');
    expect(await focused()).toMatchObject({ region: 'compose', tag: 'TEXTAREA' });
    await page.keyboard.press('F6');
    expect((await focused()).row).toBe(row);
    await page.keyboard.press('Shift+F6');
    expect(await focused()).toMatchObject({ region: 'compose' });
  });

  it('comes back from the main pane to the sidebar row with Escape', async () => {
    const row = await page.evaluate(() => document.querySelector<HTMLElement>('[data-row][tabindex="0"]')?.dataset.row);
    await page.keyboard.press('Shift+F6');
    expect(await focused()).toMatchObject({ region: 'main' });
    await page.keyboard.press('Escape');
    expect((await focused()).row).toBe(row);
  });

  it('closes a channel with ← from one of its topics and then ←', async () => {
    await page.keyboard.press('ArrowLeft');
    expect((await focused()).row).toBe('channel:1');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.locator('[data-row="channel:1"]').getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('[data-row^="conversation:channel:1:"]').count()).toBe(0);
  });

  it('opens a direct conversation with the arrows and Enter, and Alt+Left goes back to the topic', async () => {
    const topicHeading = await mainHeading();
    await arrowTo(/^conversation:direct:/);
    await page.keyboard.press('Enter');
    await expect.poll(mainHeading).not.toBe(topicHeading);
    expect(await mainHeading()).not.toContain('#');
    await page.keyboard.press('Alt+ArrowLeft');
    await expect.poll(mainHeading).toBe(topicHeading);
  });

  it('opens the first views with Alt+1…9, with focus inside the view, not on the header', async () => {
    const views = await page.getByRole('navigation', { name: 'Sidebar' }).locator('[aria-keyshortcuts]').evaluateAll((rows) =>
      rows.map((row) => ({ label: (row.textContent ?? '').trim(), keys: row.getAttribute('aria-keyshortcuts') ?? '' })),
    );
    expect(views.length).toBeGreaterThan(1);
    for (const view of views) {
      await page.keyboard.press(view.keys);
      await expect.poll(async () => (await focused()).region, { message: view.label }).toBe('main');
      const inside = await focused();
      expect(inside.tag, view.label).not.toBe('BODY');
      expect(await page.locator(`[aria-keyshortcuts="${view.keys}"]`).getAttribute('aria-current')).toBe('page');
    }
  });

  it("opens the header's menu from the keyboard: arrows move, Escape closes it back on its button, Enter chooses", async () => {
    const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu' });
    await menuButton.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await focused()).text).toBe('Settings');
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => (await focused()).text).toBe('Sign out…');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    expect((await focused()).text).toBe('Add account');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    expect(await menuButton.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused()).text).toBe('Settings');
    await page.keyboard.press('Enter');
    await expect.poll(mainHeading).toBe('Settings');
    await page.keyboard.press('Alt+ArrowLeft');
  });
});
