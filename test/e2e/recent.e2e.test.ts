// Recent conversations end to end, against a generated history: rows come newest activity first
// and match the simulator's own newest messages; a message posted on the server moves its
// conversation to the top; "Load more" (or scrolling to the end) brings older conversations; a row
// opens its conversation; the filters (Unread, Participated, Include muted) narrow the list.
// Screenshot and axe.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceAccount } from '../service/index';
import { clientFor } from '../service/testing/client';
import { seriousViolations } from './a11y';
import { openView, openWorld, screenshot, signInThroughScreen, type World } from './harness';

let world: World;
let page: Page;
let member: ServiceAccount;
let admin: ServiceAccount;

/** The rows as shown, in screen order. */
function shownRows(): Promise<{ conversation: string; last_message_id: number }[]> {
  return page.getByTestId('recent-row').evaluateAll((rows) =>
    rows.map((row) => ({ conversation: row.getAttribute('data-conversation') ?? '', last_message_id: Number(row.getAttribute('data-last-message-id')) })),
  );
}

const descending = (ids: number[]) => ids.every((id, index) => index === 0 || ids[index - 1]! > id);

beforeAll(async () => {
  world = await openWorld('recent', { messages: 600 });
  page = world.page;
  page.setDefaultTimeout(10_000);
  member = world.service.accounts.find((account) => account.role === 400)!;
  // More than 100 conversations however the generated history falls: one new topic each.
  admin = world.service.accounts.find((account) => account.role === 200)!;
  for (let index = 0; index < 80; index += 1) await clientFor(world.service.url, admin).post('/messages', { type: 'stream', to: 'general', topic: `recent ${index}`, content: 'hello' });
  await signInThroughScreen(page, world.service.url, member);
  await openView(page, 'Recent conversations');
});

afterAll(() => world?.close());

describe('Recent conversations', () => {
  it('lists conversations newest activity first, each ending at the server newest message of it', async () => {
    await expect.poll(async () => (await shownRows()).length, { timeout: 15_000 }).toBeGreaterThan(3);
    const rows = await shownRows();
    expect(descending(rows.map((row) => row.last_message_id))).toBe(true);
    // Each row ends at the server's newest message of its conversation, as the simulator holds it.
    const reply = await clientFor(world.service.url, member).get('/messages', { anchor: 'newest', num_before: 1000, num_after: 0, narrow: '[]' });
    const serverMessages = reply.body['messages'] as { id: number; type: string; stream_id?: number; subject: string; display_recipient: string | { id: number }[] }[];
    const newest = new Map<string, number>();
    for (const message of serverMessages) {
      const key =
        message.type === 'stream'
          ? `channel:${message.stream_id}:${message.subject}`
          : `direct:${[...new Set((message.display_recipient as { id: number }[]).map((recipient) => recipient.id))].sort((a, b) => a - b).join(',')}`;
      newest.set(key, Math.max(newest.get(key) ?? 0, message.id));
    }
    for (const row of rows) expect(row.last_message_id, row.conversation).toBe(newest.get(row.conversation));
  });

  it('moves a conversation with a new message to the top', async () => {
    const reply = await clientFor(world.service.url, admin).post('/messages', { type: 'direct', to: JSON.stringify([member.user_id]), content: 'Recent news' });
    const id = reply.body['id'] as number;
    await expect.poll(async () => (await shownRows())[0]?.last_message_id, { timeout: 15_000 }).toBe(id);
    await expect.poll(() => page.getByTestId('recent-participants').first().textContent()).toContain(admin.full_name);
    await screenshot(page, 'recent');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('loads the next page when scrolled to the end', async () => {
    const before = (await shownRows()).length;
    const button = page.getByRole('button', { name: 'Load more' });
    await button.waitFor();
    await button.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await shownRows()).length).toBeGreaterThan(before);
  });

  it('loads older conversations on Load more', async () => {
    // Clicked where it stands: a pointer click scrolls the button into view first, and the end of
    // the list in view loads the next page by itself (the test above), so on a slow machine the
    // pages loaded under the pointer until none was left to click. Once the last load is over.
    const button = page.getByRole('button', { name: 'Load more' });
    await expect.poll(() => button.isEnabled()).toBe(true);
    const before = await shownRows();
    await button.dispatchEvent('click');
    await expect.poll(async () => (await shownRows()).length).toBeGreaterThan(before.length);
    const after = await shownRows();
    expect(after.slice(0, before.length)).toEqual(before);
    expect(descending(after.map((row) => row.last_message_id))).toBe(true);
  });

  it('keeps every loaded row, past 100, when a new message moves a conversation to the top', async () => {
    while ((await shownRows()).length <= 100) {
      const count = (await shownRows()).length;
      // As above: clicked where it stands, once no page is loading.
      const button = page.getByRole('button', { name: 'Load more' });
      await expect.poll(() => button.isEnabled()).toBe(true);
      await button.dispatchEvent('click');
      await expect.poll(async () => (await shownRows()).length).toBeGreaterThan(count);
    }
    const before = await shownRows();
    const id = (await clientFor(world.service.url, admin).post('/messages', { type: 'stream', to: 'general', topic: 'recent 0', content: 'again' })).body['id'] as number;
    await expect.poll(async () => (await shownRows())[0]?.last_message_id, { timeout: 15_000 }).toBe(id);
    expect((await shownRows()).length).toBe(before.length);
  });

  it('opens a conversation from the keyboard', async () => {
    const rows = await shownRows();
    await page.getByTestId('recent-row').first().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(`section.conversation[data-conversation="${rows[1]!.conversation}"]`).count()).toBe(1);
  });

  it('narrows to the unread conversations, to those the member wrote in, and leaves a muted topic out unless asked', async () => {
    await openView(page, 'Recent conversations');
    const asMember = clientFor(world.service.url, member);
    await asMember.post('/messages', { type: 'stream', to: 'general', topic: 'recent mine', content: 'written by the member' });
    await clientFor(world.service.url, admin).post('/messages', { type: 'stream', to: 'general', topic: 'recent hushed', content: 'in a topic the member mutes' });
    await expect.poll(async () => (await shownRows()).some((row) => row.conversation === 'channel:1:recent hushed')).toBe(true);
    await asMember.post('/user_topics', { stream_id: 1, topic: 'recent hushed', visibility_policy: 1 });
    await expect.poll(async () => (await shownRows()).some((row) => row.conversation === 'channel:1:recent hushed')).toBe(false);
    await page.getByTestId('recent-filter-include_muted').click();
    await expect.poll(async () => (await shownRows()).some((row) => row.conversation === 'channel:1:recent hushed')).toBe(true);
    await page.getByTestId('recent-filter-include_muted').click();

    await page.getByTestId('recent-filter-participated').click();
    // "recent mine" is listed before the filter applies too: the narrowed list is the one without "recent 0".
    await expect.poll(async () => (await shownRows()).some((row) => row.conversation === 'channel:1:recent 0')).toBe(false);
    expect((await shownRows()).some((row) => row.conversation === 'channel:1:recent mine')).toBe(true);
    await page.getByTestId('recent-filter-participated').click();

    await page.getByTestId('recent-filter-unread').click();
    await expect.poll(async () => (await page.getByTestId('recent-unread').count()) === (await shownRows()).length).toBe(true);
    expect((await shownRows()).length).toBeGreaterThan(0);
    expect(await page.getByTestId('recent-filter-unread').getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'recent-filtered');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('recent-filter-unread').click();
  });
});
