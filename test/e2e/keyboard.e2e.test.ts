// The daily loop without a mouse, end to end in Chromium: F6 reaches the sidebar, whose groups are
// each one Tab stop with its composite role (the views a toolbar, each folder of channels a tree,
// the direct messages a listbox) and Tab reaches New topic; the arrows walk a group's rows and open
// a channel into its topics, Enter opens a topic and a direct conversation with focus in it, F6
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
      group: element.closest<HTMLElement>('[data-group]')?.getAttribute('role') ?? null,
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

/** Presses Tab until focus is in the sidebar group holding a row matching `selector` (each group is one Tab stop). */
async function tabToGroupOf(selector: string): Promise<void> {
  for (let i = 0; i < 20; i++) {
    const there = await page.evaluate((selector) => document.activeElement?.closest('[data-group]')?.querySelector(selector) != null, selector);
    if (there) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`no sidebar group holding ${selector}`);
}

beforeAll(async () => {
  world = await openWorld('keyboard', { messages: 600 });
  page = world.page;
  page.setDefaultTimeout(10_000);
  member = world.service.accounts.find((account) => account.email === 'member@demo.example')!;
  await signInThroughScreen(page, world.service.url, member);
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('treeitem').first().waitFor();
  await page.locator('[data-row^="conversation:direct:"]').first().waitFor();
});

afterAll(() => world?.close());

describe('the keyboard alone', () => {
  let topicRow = '';

  it('tabs through the sidebar a group at a time, each with its composite role, New topic included', async () => {
    await page.keyboard.press('F6');
    expect(await focused()).toMatchObject({ region: 'sidebar', row: 'view:inbox', group: 'toolbar' });
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toMatchObject({ group: 'toolbar', text: 'Recent conversations' });
    await page.keyboard.press('Shift+Tab');
    expect((await focused()).text).toBe('+ New direct message');
    await page.keyboard.press('Shift+Tab');
    expect((await focused()).text).toBe('+ New topic');
    // Forward: the views come back where they were left, then the filter, a tree per folder, the direct messages, Browse channels.
    const stops: string[] = [];
    for (let i = 0; i < 7; i++) {
      await page.keyboard.press('Tab');
      const { group, text, tag } = await focused();
      stops.push(group ?? (tag === 'INPUT' ? 'filter' : text));
    }
    expect(stops).toEqual(['+ New direct message', 'toolbar', 'filter', 'tree', 'tree', 'listbox', 'Browse channels']);
    expect(await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('toolbar', { name: 'Views' }).count()).toBe(1);
  });

  it('reaches a topic: Tab to its channel tree, arrows to the channel, → opens it, Enter opens a topic and focus lands in it', async () => {
    await page.locator('[data-row="start:topic"]').focus();
    await tabToGroupOf('[data-row="channel:1"]');
    await arrowTo('channel:1');
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await page.locator('[data-row="channel:1"]').getAttribute('aria-expanded'))).toBe('true');
    // Its topics are read from the mirror, which the first fetch of messages may still be filling.
    await page.locator('[data-row^="conversation:channel:1:"]').first().waitFor();
    await page.keyboard.press('ArrowDown');
    const topic = (await focused()).row ?? '';
    expect(topic).toMatch(/^conversation:channel:1:/);
    const name = topic.slice('conversation:channel:1:'.length);
    topicRow = topic;
    await page.keyboard.press('Enter');
    await expect.poll(mainHeading).toBe(`#general › ${name}`);
    await expect.poll(focused).toMatchObject({ region: 'main', tag: 'H2', text: `#general › ${name}` });
  });

  it('goes on with F6 to the compose box, then back to the sidebar row, then the main pane', async () => {
    await page.keyboard.press('F6');
    expect(await focused()).toMatchObject({ region: 'compose', tag: 'TEXTAREA' });
    await page.keyboard.press('F6');
    expect((await focused()).row).toBe(topicRow);
    await page.keyboard.press('F6');
    expect(await focused()).toMatchObject({ region: 'main' });
    await page.keyboard.press('Shift+F6');
    expect((await focused()).row).toBe(topicRow);
  });

  it('comes back from the main pane to the sidebar row with Escape', async () => {
    await page.keyboard.press('F6');
    expect(await focused()).toMatchObject({ region: 'main' });
    await page.keyboard.press('Escape');
    expect((await focused()).row).toBe(topicRow);
  });

  it('closes a channel with ← from one of its topics and then ←', async () => {
    await page.keyboard.press('ArrowLeft');
    expect((await focused()).row).toBe('channel:1');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.locator('[data-row="channel:1"]').getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('[data-row^="conversation:channel:1:"]').count()).toBe(0);
  });

  it('opens a direct conversation from its listbox with Enter, focus in it, and Alt+Left goes back to the topic', async () => {
    const topicHeading = await mainHeading();
    await tabToGroupOf('[data-row^="conversation:direct:"]');
    expect((await focused()).group).toBe('listbox');
    await arrowTo(/^conversation:direct:/);
    await page.keyboard.press('ArrowDown');
    const name = (await focused()).text;
    await page.keyboard.press('Enter');
    await expect.poll(mainHeading).not.toBe(topicHeading);
    expect(await mainHeading()).not.toContain('#');
    await expect.poll(focused).toMatchObject({ region: 'main', tag: 'H2' });
    expect(name.startsWith(await mainHeading() ?? '-')).toBe(true);
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
