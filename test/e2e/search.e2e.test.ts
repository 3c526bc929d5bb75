// Search, Mentions and Starred end to end: a search finds what the mirror cached (labelled
// cached, also offline) merged with the server's matches when online; Enter on a result opens its
// conversation at the message; a narrow filters the results; the empty state; Ctrl+K comes back to
// the box. Mentions and Starred list the flagged messages, each opening at the message.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceAccount } from '../service/index';
import { clientFor } from '../service/testing/client';
import { seriousViolations } from './a11y';
import { openWorld, screenshot, signInThroughScreen, waitFor, type World } from './harness';

let world: World;
let page: Page;
let member: ServiceAccount;
let admin: ServiceAccount;
let owner: ServiceAccount;
const ids: Record<string, number> = {};

async function send(from: ServiceAccount, topic: string, content: string): Promise<number> {
  return (await clientFor(world.service.url, from).post('/messages', { type: 'stream', to: 'general', topic, content })).body['id'] as number;
}

const sidebarView = (label: string) => page.getByRole('navigation', { name: 'Sidebar' }).getByRole('button', { name: label, exact: true }).click();
const results = () => page.getByRole('list', { name: 'Search results' }).getByTestId('result');
const status = () => page.getByTestId('search-status').textContent();

async function search(text: string): Promise<void> {
  await page.keyboard.press('Control+k');
  const box = page.getByRole('searchbox', { name: 'Search messages' });
  await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);
  await box.fill(text);
  await box.press('Enter');
}

beforeAll(async () => {
  world = await openWorld('search', { messages: 3000 });
  page = world.page;
  page.setDefaultTimeout(10_000);
  member = world.service.accounts.find((account) => account.role === 400 && account.email === 'member@demo.example')!;
  admin = world.service.accounts.find((account) => account.role === 200)!;
  owner = world.service.accounts.find((account) => account.role === 100)!;
  ids['before'] = await send(admin, 'wildlife', 'The zebrafish tank in the lab is ready');
  await signInThroughScreen(page, world.service.url, member);
  ids['admin'] = await send(admin, 'wildlife', 'Zebrafish photos from the trip');
  ids['owner'] = await send(owner, 'wildlife', 'More zebrafish news tomorrow');
  ids['mention'] = await send(admin, 'planning', `@**${member.full_name}** please review the zebrafish budget`);
  // The last one counted unread in the title: the messages before it are in the mirror too.
  await waitFor(async () => /^\(\d+\)/.test(await page.title()), 'the new messages applied');
});

afterAll(() => world?.close());

describe('search', () => {
  it('merges the server’s matches of a long history the mirror never cached, labelled', async () => {
    await search('rollback');
    await expect.poll(() => results().count()).toBeGreaterThan(0);
    const sources = await results().evaluateAll((buttons) => buttons.map((b) => b.querySelector('.source')?.textContent));
    expect(sources).toContain('from the server');
    expect(sources).toContain('cached');
  });

  it('finds the cached matches, labelled, and opens one at its message with Enter', async () => {
    await search('zebrafish');
    await expect.poll(() => results().count()).toBe(4);
    expect(await status()).toContain('Cached ones and the server’s merged');
    const labels = await results().evaluateAll((buttons) => buttons.map((b) => [Number(b.getAttribute('data-message-id')), b.querySelector('.source')?.textContent]));
    expect(labels).toEqual([
      [ids['mention'], 'cached'],
      [ids['owner'], 'cached'],
      [ids['admin'], 'cached'],
      [ids['before'], 'cached'],
    ]);
    expect(await results().first().locator('mark').first().textContent()).toMatch(/zebrafish/i);
    await screenshot(page, 'search-results');
    expect(await seriousViolations(page)).toEqual([]);
    await results().nth(1).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(`[data-message-id="${ids['admin']}"]`).count()).toBeGreaterThan(0);
  });

  it('narrows the results with a narrow', async () => {
    await search('zebrafish');
    await expect.poll(() => results().count()).toBe(4);
    await page.getByLabel('Operator').selectOption('sender');
    await page.getByLabel('Operand').fill(String(owner.user_id));
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => results().count()).toBe(1);
    expect(await results().first().getAttribute('data-message-id')).toBe(String(ids['owner']));
  });

  it('says when nothing matches', async () => {
    await search('xylophonequartet');
    await expect.poll(() => status()).toContain('No messages match “xylophonequartet”.');
    await screenshot(page, 'search-empty');
  });

  it('offline, searches the cache alone and says so', async () => {
    await world.stopService();
    await expect.poll(() => page.getByTestId('sync-status').textContent(), { timeout: 15_000 }).not.toContain('Online');
    await search('zebrafish');
    await expect.poll(() => status()).toContain('Offline: from what is cached on this computer only.');
    expect(await results().count()).toBe(4);
    await world.startServiceAgain();
    await expect.poll(() => page.getByTestId('sync-status').textContent(), { timeout: 15_000 }).toContain('Online');
  });
});

describe('Mentions and Starred', () => {
  it('Mentions lists the messages that mention the user and opens one at the message', async () => {
    await sidebarView('Mentions');
    const list = page.getByRole('list', { name: 'Mentions' });
    await expect.poll(() => list.getByTestId('result').first().getAttribute('data-message-id')).toBe(String(ids['mention']));
    await screenshot(page, 'mentions');
    expect(await seriousViolations(page)).toEqual([]);
    await list.getByTestId('result').first().click();
    await expect.poll(() => page.locator(`[data-message-id="${ids['mention']}"]`).count()).toBeGreaterThan(0);
  });

  it('Starred lists the starred messages, newest first', async () => {
    await clientFor(world.service.url, member).post('/messages/flags', { messages: JSON.stringify([ids['admin'], ids['before']]), op: 'add', flag: 'starred' });
    await sidebarView('Starred');
    const list = page.getByRole('list', { name: 'Starred' });
    await expect
      .poll(() => list.getByTestId('result').evaluateAll((buttons) => buttons.map((b) => Number(b.getAttribute('data-message-id')))))
      .toEqual([ids['admin'], ids['before']]);
    await screenshot(page, 'starred');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
