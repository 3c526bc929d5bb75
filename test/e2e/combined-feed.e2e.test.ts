/// <reference lib="dom" />
// The Combined feed, as the family's clients have it: every message the reader received, channels
// and direct messages interleaved, oldest at the top, each run of a conversation's messages under
// its header, a muted channel left out (a topic too, as soon as it is muted); new messages arrive live; Reply (or `r`) on a message
// writes in its conversation from a compose box below; a header opens its conversation. Looked at
// with axe.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceAccount } from '../service/index';
import { clientFor } from '../service/testing/client';
import { DEMO } from '../service/testing/demo';
import { checkScreen } from './a11y';
import { openView, openWorld, signInWorld, type World } from './harness';

let world: World;
let page: Page;
let reader: ServiceAccount;
let admin: ServiceAccount;
let moderator: ServiceAccount;
/** The messages sent for this file, by name, in the order sent. */
const ids: Record<string, number> = {};

const feed = () => page.locator('section.message-view[data-view="combined"]');
const shown = (id: number) => feed().locator(`[data-testid=message][data-message-id="${id}"]`);
/** The header above a message's row, if its row starts a run of its conversation. */
const headerAbove = (id: number) => feed().locator(`.message-list div[data-message-id="${id}"]:has(> [data-testid=message]) [data-testid=topic-header]`);

/** What a message's header shows (`#channel › topic`, or the people); null when it continues a run. */
async function headerText(id: number): Promise<string | null> {
  const bar = headerAbove(id);
  if ((await bar.count()) === 0) return null;
  if ((await bar.locator('.direct-name').count()) > 0) return bar.locator('.direct-name').textContent();
  return `${await bar.locator('.channel-name').textContent()} › ${await bar.locator('.topic-name').textContent()}`;
}

async function shownIds(): Promise<number[]> {
  return feed().locator('[data-testid=message]').evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-message-id'))));
}

async function send(name: string, as: ServiceAccount, params: Record<string, unknown>): Promise<number> {
  const reply = await clientFor(world.service.url, as).post('/messages', params as never);
  ids[name] = Number(reply.body['id']);
  return ids[name]!;
}

beforeAll(async () => {
  world = await openWorld('combined-feed');
  page = world.page;
  page.setDefaultTimeout(10_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const accounts = world.service.accounts;
  reader = accounts.find((a) => a.role === 400)!;
  admin = accounts.find((a) => a.role === 200)!;
  moderator = accounts.find((a) => a.role === 300)!;
  await send('alpha', admin, { type: 'stream', to: 'general', topic: 'alpha', content: 'alpha opens' });
  await send('direct', moderator, { type: 'direct', to: JSON.stringify([reader.user_id]), content: 'a word in private' });
  await send('beta', admin, { type: 'stream', to: 'general', topic: 'beta', content: 'beta opens' });
  await send('noise', admin, { type: 'stream', to: DEMO.channels.random, topic: 'noise', content: 'noise in a muted channel' });
  await send('alphaAgain', moderator, { type: 'stream', to: 'general', topic: 'alpha', content: 'alpha again' });
  // The reader has read everything and muted #random: the feed opens at the newest, without it.
  world.service.db.prepare('UPDATE user_messages SET flags = flags | 1 WHERE user_id = ?').run(reader.user_id);
  world.service.db.prepare('UPDATE subscriptions SET is_muted = 1 WHERE user_id = ? AND stream_id = ?').run(reader.user_id, DEMO.channels.random);
  await signInWorld(world, reader);
  await page.bringToFront();
}, 60_000);

afterAll(() => world?.close());

describe('the Combined feed', () => {
  it('interleaves channels and direct messages, oldest first, each run under its conversation, a muted channel left out', async () => {
    await openView(page, 'Combined feed');
    expect(await feed().locator('#message-view-title').textContent()).toBe('Combined feed');
    const ours = [ids['alpha']!, ids['direct']!, ids['beta']!, ids['alphaAgain']!];
    await expect.poll(async () => (await shownIds()).filter((id) => Object.values(ids).includes(id))).toEqual(ours);
    expect(await shown(ids['noise']!).count()).toBe(0);
    expect(await Promise.all(ours.map(headerText))).toEqual(['#general › alpha', `You and ${moderator.full_name}`, '#general › beta', '#general › alpha']);
    await checkScreen(page, 'combined-feed');
  });

  it('shows a new message as it arrives, at the bottom under its conversation', async () => {
    const id = await send('live', moderator, { type: 'direct', to: JSON.stringify([reader.user_id]), content: 'and another thing' });
    await expect.poll(async () => (await shownIds()).at(-1)).toBe(id);
    expect(await headerText(id)).toBe(`You and ${moderator.full_name}`);
  });

  it('replies with r in the selected message’s conversation, from the compose box below', async () => {
    expect(await feed().getByTestId('composer').count()).toBe(0);
    await shown(ids['beta']!).locator('.rendered').click();
    await page.keyboard.press('r');
    expect(await feed().getByTestId('reply-target').textContent()).toBe('#general › beta');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('composer');
    await page.keyboard.type('an answer in beta');
    await page.keyboard.press('Enter');
    const sent = () => world.service.db.prepare('SELECT id, stream_id, topic FROM messages WHERE content = ?').get('an answer in beta') as { id: number; stream_id: number; topic: string } | undefined;
    await expect.poll(sent).toMatchObject({ stream_id: 1, topic: 'beta' });
    await expect.poll(async () => (await shownIds()).at(-1)).toBe(sent()!.id);
    expect(await headerText(sent()!.id)).toBe('#general › beta');

    // Reply on a direct message writes to its people, once the feed has settled: the outbox's line
    // under the list goes when the message is filed, and the list moves up as it goes (a click
    // aimed at a menu during that move lands beside it).
    await expect.poll(() => feed().locator('.pending-messages').count()).toBe(0);
    await shown(ids['direct']!).hover();
    await shown(ids['direct']!).getByTestId('more-actions').click();
    await page.getByRole('menuitem', { name: 'Reply', exact: true }).click();
    // The menu closes before its action runs: the compose box follows once it has.
    await expect.poll(() => feed().getByTestId('reply-target').textContent()).toBe(moderator.full_name);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('composer');
    await page.keyboard.type('a private answer');
    await page.keyboard.press('Enter');
    await expect.poll(() => world.service.db.prepare("SELECT type FROM messages WHERE content = 'a private answer'").pluck().get()).toBe('private');
  });

  it('opens a conversation from its header', async () => {
    await headerAbove(ids['direct']!).click();
    await expect.poll(() => page.getByRole('main').getByRole('heading', { level: 2 }).first().textContent()).toBe(moderator.full_name);
  });

  it('leaves a topic out as soon as it is muted', async () => {
    await openView(page, 'Combined feed');
    await shown(ids['alphaAgain']!).waitFor();
    await clientFor(world.service.url, reader).post('/user_topics', { stream_id: 1, topic: 'alpha', visibility_policy: 1 });
    await expect.poll(() => shown(ids['alphaAgain']!).count()).toBe(0);
    expect(await shown(ids['beta']!).count()).toBe(1);
  });
});
