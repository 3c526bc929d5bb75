// Search, Mentions and Starred end to end: a search finds what the mirror cached (labelled
// cached, also offline) merged with the server's matches when online; Enter on a result opens its
// conversation at the message; operators typed with the box's suggestions narrow the search, online
// and offline alike; the empty state; Ctrl+K comes back to the box. Mentions and Starred are feeds
// of the flagged messages, as in the family's clients (a message unstarred leaves Starred at once).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceAccount } from '../service/index';
import { clientFor } from '../service/testing/client';
import { seriousViolations } from './a11y';
import { openView, openWorld, screenshot, signInThroughScreen, waitFor, type World } from './harness';

let world: World;
let page: Page;
let member: ServiceAccount;
let admin: ServiceAccount;
let owner: ServiceAccount;
const ids: Record<string, number> = {};

async function send(from: ServiceAccount, topic: string, content: string): Promise<number> {
  return (await clientFor(world.service.url, from).post('/messages', { type: 'stream', to: 'general', topic, content })).body['id'] as number;
}

const sidebarView = (label: string) => openView(page, label);
const results = () => page.getByRole('list', { name: 'Search results' }).getByTestId('result');
const status = () => page.getByTestId('search-status').textContent();
const searchBox = () => page.getByRole('combobox', { name: 'Search messages' });
const suggestions = () => page.getByTestId('search-suggestions').getByRole('option');

async function focusBox(): Promise<void> {
  await page.keyboard.press('Control+k');
  await expect.poll(() => searchBox().evaluate((element) => element === document.activeElement)).toBe(true);
}

async function search(text: string): Promise<void> {
  await focusBox();
  await searchBox().fill(text);
  // The button, not Enter: Enter takes a suggestion while the list is open (and searches with a value).
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
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

  it('an operator typed with the suggestions narrows the search: sender by name', async () => {
    await focusBox();
    await searchBox().fill('');
    await searchBox().pressSequentially('zebrafish sen');
    await expect.poll(() => suggestions().first().textContent()).toContain('sender:');
    await searchBox().press('Tab');
    await expect.poll(() => searchBox().inputValue()).toBe('zebrafish sender:');
    await searchBox().pressSequentially(owner.full_name.slice(0, 3));
    const person = suggestions().filter({ hasText: owner.full_name });
    await expect.poll(() => person.count()).toBeGreaterThan(0);
    await screenshot(page, 'search-suggestions');
    expect(await seriousViolations(page)).toEqual([]);
    await person.first().click();
    await expect.poll(() => searchBox().inputValue()).toBe(`zebrafish sender:"${owner.full_name}" `);
    await expect.poll(() => suggestions().count()).toBe(0);
    await searchBox().press('Enter');
    await expect.poll(() => results().evaluateAll((buttons) => buttons.map((b) => Number(b.getAttribute('data-message-id'))))).toEqual([ids['owner']]);
    expect(await status()).toMatch(/^\s*1 message\.\s+Cached ones and the server’s merged/);
  });

  it('shows a poll found by its question as the poll it is, not the command that made it', async () => {
    const poll = await send(admin, 'wildlife', '/poll Which kelp for the tank?\nGiant\nBull');
    await search('kelp');
    const found = page.locator(`[data-testid=result][data-message-id="${poll}"]`);
    await expect.poll(() => found.locator('.snippet').textContent()).toBe('Poll: Which kelp for the tank?');
    expect(await found.locator('.snippet mark').textContent()).toBe('kelp');
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
    // The same operators, answered by the mirror alone.
    await search(`zebrafish sender:"${owner.full_name}"`);
    await expect.poll(() => results().evaluateAll((buttons) => buttons.map((b) => Number(b.getAttribute('data-message-id'))))).toEqual([ids['owner']]);
    await search('zebrafish -topic:wildlife');
    await expect.poll(() => results().evaluateAll((buttons) => buttons.map((b) => Number(b.getAttribute('data-message-id'))))).toEqual([ids['mention']]);
    expect(await status()).toContain('Offline: from what is cached on this computer only.');
    await world.startServiceAgain();
    await expect.poll(() => page.getByTestId('sync-status').textContent(), { timeout: 15_000 }).toContain('Online');
  });
});

describe('Mentions and Starred', () => {
  const view = (name: string) => page.locator(`section.message-view[data-view="${name}"]`);
  const shownIds = (name: string) => view(name).locator('[data-testid=message]').evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-message-id'))));

  it('Mentions shows the messages that mention the user as a feed, whose header opens the conversation', async () => {
    await sidebarView('Mentions');
    await expect.poll(async () => (await shownIds('mentioned')).at(-1)).toBe(ids['mention']);
    expect(await shownIds('mentioned')).not.toContain(ids['admin']);
    await screenshot(page, 'mentions');
    expect(await seriousViolations(page)).toEqual([]);
    await view('mentioned').locator(`.message-list div[data-message-id="${ids['mention']}"]:has(> [data-testid=message]) [data-testid=topic-header]`).click();
    await page.locator('section.conversation[data-conversation="channel:1:planning"]').waitFor();
    await expect.poll(() => page.locator(`section.conversation [data-testid=message][data-message-id="${ids['mention']}"]`).count()).toBe(1);
  });

  it('Starred shows the starred messages, oldest first, and one unstarred leaves it at once', async () => {
    await clientFor(world.service.url, member).post('/messages/flags', { messages: JSON.stringify([ids['admin'], ids['before']]), op: 'add', flag: 'starred' });
    await sidebarView('Starred');
    await expect.poll(() => shownIds('starred')).toEqual([ids['before'], ids['admin']]);
    await screenshot(page, 'starred');
    expect(await seriousViolations(page)).toEqual([]);
    await clientFor(world.service.url, member).post('/messages/flags', { messages: JSON.stringify([ids['before']]), op: 'remove', flag: 'starred' });
    await expect.poll(() => shownIds('starred')).toEqual([ids['admin']]);
    // Starred again elsewhere (here: by another client), it comes back.
    await clientFor(world.service.url, member).post('/messages/flags', { messages: JSON.stringify([ids['before']]), op: 'add', flag: 'starred' });
    await expect.poll(() => shownIds('starred')).toEqual([ids['before'], ids['admin']]);
  });

  it('searches at once with a value picked by Enter from the suggestions: is:star, Enter, the starred messages', async () => {
    await focusBox();
    await searchBox().fill('');
    await searchBox().pressSequentially('is:star');
    await expect.poll(() => suggestions().first().textContent()).toContain('is:starred');
    await searchBox().press('Enter');
    await expect.poll(() => results().evaluateAll((buttons) => buttons.map((b) => Number(b.getAttribute('data-message-id'))).sort((a, b) => a - b))).toEqual([ids['before'], ids['admin']]);
    expect(await searchBox().inputValue()).toBe('is:starred ');
  });

  it('searches the words typed when Enter meets an operator merely offered for one of them, and takes one chosen with the arrows', async () => {
    await focusBox();
    await searchBox().fill('');
    await searchBox().pressSequentially('zebrafish top');
    await expect.poll(() => suggestions().first().textContent()).toContain('topic:');
    await searchBox().press('Enter');
    await expect.poll(() => status()).toContain('No messages match “zebrafish top”');
    expect(await searchBox().inputValue()).toBe('zebrafish top');
    await searchBox().pressSequentially('i');
    await expect.poll(() => suggestions().first().textContent()).toContain('topic:');
    await searchBox().press('ArrowDown');
    await searchBox().press('ArrowUp');
    await searchBox().press('Enter');
    await expect.poll(() => searchBox().inputValue()).toBe('zebrafish topic:');
  });

  it('a star taken while the server is slow to open Starred still comes back when given again', async () => {
    await sidebarView('Inbox');
    // The cached page shows at once; the server's comes after the star is taken (seen in CI as a
    // read mark's notice before the server's page: the view then lost whether it held the oldest).
    world.service.faults.latencyMs = 1_500;
    try {
      await sidebarView('Starred');
      await expect.poll(() => shownIds('starred')).toEqual([ids['before'], ids['admin']]);
      const before = view('starred').locator(`article[data-message-id="${ids['before']}"]`);
      await before.getByTestId('more-actions').click();
      await before.getByTestId('message-menu').getByRole('menuitem', { name: 'Unstar' }).click();
      await expect.poll(() => shownIds('starred')).toEqual([ids['admin']]);
    } finally {
      world.service.faults.latencyMs = 0;
    }
    await clientFor(world.service.url, member).post('/messages/flags', { messages: JSON.stringify([ids['before']]), op: 'add', flag: 'starred' });
    await expect.poll(() => shownIds('starred')).toEqual([ids['before'], ids['admin']]);
  });
});
