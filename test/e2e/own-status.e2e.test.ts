/// <reference lib="dom" />
// The user's own status, from the header: a suggested one in one click, one of their own words
// and emoji, a text over the server's limit said beside the field, cleared; set offline, it shows
// at once, waits in the outbox (said in the dialog) and reaches the server when it is back.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceAccount } from '../service/index';
import { checkScreen } from './a11y';
import { openWorld, signInWorld, type World } from './harness';

let world: World;
let page: Page;
let reader: ServiceAccount;

const button = () => page.getByTestId('own-status-button');
const dialog = () => page.getByTestId('own-status');
/** The reader's status as the server holds it. */
const onServer = () => world.service.db.prepare('SELECT status_text, emoji_name, emoji_code FROM user_status WHERE user_id = ?').get(reader.user_id) ?? { status_text: '', emoji_name: '', emoji_code: '' };

beforeAll(async () => {
  world = await openWorld('own-status');
  page = world.page;
  page.setDefaultTimeout(10_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  reader = world.service.accounts.find((a) => a.role === 400)!;
  // The demo gives the reader a status; this file starts without one.
  world.service.db.prepare('DELETE FROM user_status WHERE user_id = ?').run(reader.user_id);
  await signInWorld(world, reader);
  await page.bringToFront();
}, 60_000);

afterAll(() => world?.close());

describe('your own status', () => {
  it('sets a suggested status in one click, shown in the header and held by the server', async () => {
    await expect.poll(() => button().textContent()).toContain('Set status');
    await button().click();
    await checkScreen(page, 'own-status-dialog');
    await dialog().getByRole('button', { name: 'In a meeting' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    await expect.poll(onServer).toEqual({ status_text: 'In a meeting', emoji_name: 'calendar', emoji_code: '1f4c5' });
    await expect.poll(() => button().textContent()).toContain('In a meeting');
    expect(await button().getByTestId('status-emoji').textContent()).toBe('📅');
  });

  it('takes words and an emoji of one’s own, says beside the field when the text is too long, and clears it', async () => {
    await button().click();
    const text = dialog().getByTestId('status-text');
    expect(await text.inputValue()).toBe('In a meeting');
    await text.fill('x'.repeat(61));
    expect(await dialog().locator('#own-status-problem').textContent()).toBe('At most 60 characters: this has 61.');
    expect(await dialog().getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await text.fill('Reviewing pull requests');
    await dialog().getByTestId('status-emoji-choice').click();
    await page.keyboard.type('rocket');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog().getByTestId('status-emoji-choice').textContent()).toBe('🚀');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expect.poll(onServer).toEqual({ status_text: 'Reviewing pull requests', emoji_name: 'rocket', emoji_code: '1f680' });
    await expect.poll(() => button().textContent()).toContain('Reviewing pull requests');
    await checkScreen(page, 'own-status-header');

    await button().click();
    await dialog().getByRole('button', { name: 'Clear status' }).click();
    await expect.poll(onServer).toEqual({ status_text: '', emoji_name: '', emoji_code: '' });
    await expect.poll(() => button().textContent()).toContain('Set status');
  });

  it('set offline, shows at once, waits in the outbox and reaches the server when it is back', async () => {
    await world.stopService();
    await expect.poll(() => page.getByTestId('offline-banner').count(), { timeout: 15_000 }).toBe(1);
    await button().click();
    await dialog().getByRole('button', { name: 'Working remotely' }).click();
    await expect.poll(() => button().textContent()).toContain('Working remotely');
    await button().click();
    expect(await dialog().getByTestId('pending').textContent()).toContain('Pending');
    await dialog().getByRole('button', { name: 'Cancel' }).click();

    await world.startServiceAgain();
    await expect.poll(onServer, { timeout: 20_000 }).toEqual({ status_text: 'Working remotely', emoji_name: 'house', emoji_code: '1f3e0' });
    await expect.poll(() => button().textContent()).toContain('Working remotely');
  });
});
