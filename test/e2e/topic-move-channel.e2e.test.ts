/// <reference lib="dom" />
// An administrator moves a whole topic, written by others, to another channel (issue 24 §2, topic
// actions): the organization lets administrators and moderators move messages between channels
// (members only rename, which feed.e2e shows), and the simulator refuses anyone else. Afterwards
// the topic is where it went, in the conversation's header and the sidebar, and no longer where it
// was: neither in the old channel's topics nor in its view. A topic someone else moves while it
// is open takes the view along, with what is being written there.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor } from '../service/testing/client';
import { asCalled } from '../support/ipc-calls';
import { checkScreen } from './a11y';
import { openWorld, signInWorld, type World } from './harness';

const TOPIC = 'wrong place';
const GENERAL = 1;
const RANDOM = 2;

let world: World;
let page: Page;
const ids: number[] = [];

const sidebar = () => page.getByRole('navigation', { name: 'Sidebar' });
const channelRow = (stream_id: number) => sidebar().locator(`[data-row="channel:${stream_id}"]`);
const topicRow = (stream_id: number) => sidebar().locator(`[data-row="conversation:channel:${stream_id}:${TOPIC}"]`);
const conversation = () => page.locator('section.conversation');

beforeAll(async () => {
  world = await openWorld('topic-move-channel');
  page = world.page;
  page.setDefaultTimeout(10_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const accounts = world.service.accounts;
  // Written by a member and a moderator, not by the administrator who moves them.
  const writers = [accounts.find((a) => a.role === 400)!, accounts.find((a) => a.role === 300)!];
  for (const [index, content] of ['this belongs in random', 'agreed, it does', 'moving it?'].entries()) {
    const reply = await clientFor(world.service.url, writers[index % 2]!).post('/messages', { type: 'stream', to: 'general', topic: TOPIC, content });
    ids.push(Number(reply.body['id']));
  }
  await signInWorld(world, accounts.find((a) => a.role === 200)!);
  await page.bringToFront();
}, 60_000);

afterAll(() => world?.close());

describe('an administrator moves a topic to another channel', () => {
  it('offers the channel, and the whole topic goes there: the header follows it', async () => {
    await channelRow(GENERAL).click();
    await topicRow(GENERAL).click();
    await expect.poll(() => conversation().getAttribute('data-conversation')).toBe(`channel:${GENERAL}:${TOPIC}`);
    await conversation().locator('[data-testid=message]').first().waitFor();
    await page.getByTestId('move-topic-open').click();
    const form = page.getByTestId('move-messages');
    expect(await form.getByTestId('move-mode').inputValue()).toBe('change_all');
    await form.getByTestId('move-channel').selectOption({ label: '#random' });
    await checkScreen(page, 'topic-move-channel');
    await form.getByRole('button', { name: 'Move', exact: true }).click();
    await expect.poll(() => conversation().locator('header.conversation-header h2').textContent()).toBe(`#random › ${TOPIC}`);
    expect(await conversation().getAttribute('data-conversation')).toBe(`channel:${RANDOM}:${TOPIC}`);
    // The messages, and the server's notice of where they came from.
    await conversation().locator('[data-testid=message]', { hasText: `This topic was moved here from #general > ${TOPIC} by` }).waitFor();
    await expect.poll(() => conversation().locator('[data-testid=message]').count()).toBe(ids.length + 1);
    const moved = world.service.db.prepare(`SELECT DISTINCT stream_id FROM messages WHERE id IN (${ids.join(',')})`).pluck().all();
    expect(moved).toEqual([RANDOM]);
  });

  it('lists the topic under the other channel, and no longer under the old one', async () => {
    await expect.poll(() => topicRow(GENERAL).count()).toBe(0);
    await channelRow(RANDOM).click();
    await topicRow(RANDOM).waitFor();
    // The new channel's view holds it under its header.
    const random = page.locator(`section.channel-feed[data-stream="${RANDOM}"]`);
    await expect.poll(() => random.locator('[data-testid=topic-header] .topic-name').allTextContents()).toContain(TOPIC);
  });

  it('no longer shows it in the old channel’s view', async () => {
    await channelRow(GENERAL).click();
    const general = page.locator(`section.channel-feed[data-stream="${GENERAL}"]`);
    await general.locator('[data-testid=message]').first().waitFor();
    expect(await general.locator('[data-testid=topic-header] .topic-name').allTextContents()).not.toContain(TOPIC);
    expect(await Promise.all(ids.map((id) => general.locator(`[data-message-id="${id}"]`).count()))).toEqual(ids.map(() => 0));
  });
});

describe('a topic someone else resolves while it is open', () => {
  it('follows it to its new name, with what is being written, as the family’s clients do', async () => {
    await topicRow(RANDOM).click();
    await expect.poll(() => conversation().getAttribute('data-conversation')).toBe(`channel:${RANDOM}:${TOPIC}`);
    await conversation().locator('[data-testid=message]').first().waitFor();
    await conversation().getByRole('textbox', { name: /Message/ }).fill('Half a thought');
    // Saved as its draft before the move, as anything typed a moment before is.
    await expect.poll(async () => (await asCalled(world.app.core.handlers)['drafts.get']({ conversation: `channel:${RANDOM}:${TOPIC}` }))?.content).toBe('Half a thought');
    const moderator = world.service.accounts.find((a) => a.role === 300)!;
    const reply = await clientFor(world.service.url, moderator).patch(`/messages/${ids[0]!}`, { topic: `✔ ${TOPIC}`, propagate_mode: 'change_all' });
    expect(reply.status).toBe(200);
    await expect.poll(() => conversation().getAttribute('data-conversation')).toBe(`channel:${RANDOM}:✔ ${TOPIC}`);
    await conversation().locator('[data-testid=message]', { hasText: 'has marked this topic as resolved' }).waitFor();
    await expect.poll(() => conversation().getByRole('textbox', { name: /Message/ }).inputValue()).toBe('Half a thought');
    await checkScreen(page, 'topic-followed');
    // One draft, under the new name: none left behind under the old one.
    await page.locator('[data-row="view:drafts"]').click();
    await expect.poll(() => page.getByTestId('draft').allTextContents()).toEqual([expect.stringMatching(new RegExp(`✔ ${TOPIC}.*Half a thought`))]);
  });
});
