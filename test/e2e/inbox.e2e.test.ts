// The Inbox end to end, against a generated history none of which was opened: it lists exactly
// the conversations the server reports unread (muted topics left out), direct messages first and
// then the channels in the sidebar's order, with the server's counts; marking a topic read removes
// it and lowers the window title's count; a channel collapses (remembered) and a filter narrows
// the rows; marking everything read (confirmed) leaves "You're all caught up". Screenshots of both
// states, axe on both.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceAccount } from '../service/index';
import { clientFor } from '../service/testing/client';
import { seriousViolations } from './a11y';
import { openWorld, screenshot, signInThroughScreen, type World } from './harness';

let world: World;
let page: Page;
let member: ServiceAccount;

/** The member's unread conversations outside muted topics, as the server reports them: key -> count. */
async function serverUnread(): Promise<Map<string, number>> {
  const reply = await clientFor(world.service.url, member).post('/register', { fetch_event_types: ['message', 'update_message_flags', 'user_topic'] });
  const unread = reply.body['unread_msgs'] as {
    streams: { stream_id: number; topic: string; unread_message_ids: number[] }[];
    pms: { other_user_id?: number; sender_id?: number; unread_message_ids: number[] }[];
    huddles: { user_ids_string: string; unread_message_ids: number[] }[];
  };
  const muted = new Set(
    (reply.body['user_topics'] as { stream_id: number; topic_name: string; visibility_policy: number }[])
      .filter((preference) => preference.visibility_policy === 1)
      .map((preference) => `channel:${preference.stream_id}:${preference.topic_name}`),
  );
  const found = new Map<string, number>();
  for (const entry of unread.streams) {
    const key = `channel:${entry.stream_id}:${entry.topic}`;
    if (!muted.has(key)) found.set(key, entry.unread_message_ids.length);
  }
  const direct = (ids: number[]) => `direct:${[...new Set(ids)].sort((a, b) => a - b).join(',')}`;
  for (const entry of unread.pms) found.set(direct([entry.other_user_id ?? entry.sender_id ?? member.user_id, member.user_id]), entry.unread_message_ids.length);
  for (const entry of unread.huddles) found.set(direct(entry.user_ids_string.split(',').map(Number)), entry.unread_message_ids.length);
  return found;
}

/** The Inbox as shown: key -> count, in screen order. */
async function shownRows(): Promise<[string, number][]> {
  return page.getByTestId('inbox-row').evaluateAll((rows) =>
    rows.map((row) => [row.getAttribute('data-conversation') ?? '', Number(row.querySelector('[data-testid=inbox-count]')?.textContent)] as [string, number]),
  );
}

beforeAll(async () => {
  world = await openWorld('inbox', { messages: 600 });
  page = world.page;
  page.setDefaultTimeout(10_000);
  member = world.service.accounts.find((account) => account.role === 400)!;
  await signInThroughScreen(page, world.service.url, member);
  await page.getByRole('button', { name: 'Inbox' }).first().click();
});

afterAll(() => world?.close());

describe('the Inbox', () => {
  it('lists exactly the unread conversations with the server counts, direct messages first, channels in sidebar order', async () => {
    const expected = await serverUnread();
    expect(expected.size).toBeGreaterThan(3);
    await expect.poll(async () => new Map(await shownRows()), { timeout: 15_000 }).toEqual(expected);
    const groups = await page.getByTestId('inbox-group').evaluateAll((sections) => sections.map((section) => section.getAttribute('data-group')));
    const directFirst = groups.filter((group) => group === 'direct');
    if (directFirst.length > 0) expect(groups[0]).toBe('direct');
    const sidebarOrder = await page.locator('[data-stream]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-stream')));
    const channelGroups = groups.filter((group) => group !== 'direct');
    expect(channelGroups).toEqual(sidebarOrder.filter((stream) => channelGroups.includes(stream)));
    // The background fetch brings the newest unread messages: previews show.
    await expect.poll(() => page.locator('.inbox-preview').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(page, 'inbox');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('marking a topic read removes it and lowers the title count', async () => {
    const before = Number(/^\((\d+)\)/.exec(await page.title())?.[1]);
    const [key, count] = (await shownRows()).find(([conversation]) => conversation.startsWith('channel:'))!;
    await page.locator(`[data-conversation="${key}"]`).focus();
    await page.keyboard.press('m');
    await expect.poll(async () => (await shownRows()).some(([conversation]) => conversation === key)).toBe(false);
    await expect.poll(() => page.title()).toBe(`(${before - count}) Demo Organization`);
  });

  it('collapses a channel under its header, remembered after a reload, and filters the conversations by their words', async () => {
    const channelGroup = page.locator('[data-testid=inbox-group]:not([data-group="direct"])').first();
    const stream = await channelGroup.getAttribute('data-group');
    const rowsIn = () => page.locator(`[data-testid=inbox-group][data-group="${stream}"] [data-testid=inbox-row]`);
    const inGroup = await rowsIn().count();
    expect(inGroup).toBeGreaterThan(0);
    const toggle = channelGroup.getByTestId('inbox-group-toggle');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => rowsIn().first().isVisible()).toBe(false);
    await page.reload();
    await page.getByRole('button', { name: 'Inbox' }).first().click();
    await expect.poll(() => page.locator(`[data-testid=inbox-group][data-group="${stream}"] [data-testid=inbox-group-toggle]`).getAttribute('aria-expanded')).toBe('false');
    await page.locator(`[data-testid=inbox-group][data-group="${stream}"] [data-testid=inbox-group-toggle]`).click();
    await expect.poll(() => rowsIn().first().isVisible()).toBe(true);

    // The filter: one conversation's topic, found by a word of it; then a word nothing holds.
    const [key] = (await shownRows()).find(([conversation]) => conversation.startsWith('channel:'))!;
    const topic = key.split(':').slice(2).join(':');
    const word = topic.split(/\s+/).find((part) => part.length > 2) ?? topic;
    await page.getByTestId('inbox-filter').fill(word.toUpperCase());
    await expect.poll(async () => (await shownRows()).every(([conversation]) => conversation.toLowerCase().includes(word.toLowerCase()) || conversation.startsWith('direct:'))).toBe(true);
    expect((await shownRows()).some(([conversation]) => conversation === key)).toBe(true);
    await page.getByTestId('inbox-filter').fill('zzzz-nothing');
    await expect.poll(() => page.getByTestId('inbox-no-match').textContent()).toBe('No unread conversation matches “zzzz-nothing”.');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('inbox-filter').fill('');
  });

  it('marking all read, once confirmed, empties it', async () => {
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByRole('group', { name: 'Confirm marking everything read' }).getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByTestId('inbox-empty').waitFor();
    expect(await page.getByText("You're all caught up").count()).toBe(1);
    await expect.poll(() => page.title()).toBe('Demo Organization');
    await screenshot(page, 'inbox-empty');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
