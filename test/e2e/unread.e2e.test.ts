// The unread count on the window, end to end: the title (and the badge by the organization's name) reads "(N) Organization" from the server's
// unread state at sign-in (a generated history, none of it opened), follows a direct message that
// arrives, leaves a muted topic out, and goes when everything is marked read. "Mark as unread from
// here" (the message menu, or U) brings it back for a message and the later ones of its topic.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceAccount } from '../service/index';
import { clientFor } from '../service/testing/client';
import { openView, openWorld, screenshot, signInThroughScreen, type World } from './harness';

let world: World;
let page: Page;
let member: ServiceAccount;
let admin: ServiceAccount;

/** What the member has unread outside muted topics, by the server's own account. */
async function serverTotal(): Promise<number> {
  const reply = await clientFor(world.service.url, member).post('/register', { fetch_event_types: ['message', 'update_message_flags', 'user_topic'] });
  const unread = reply.body['unread_msgs'] as { count: number; streams: { stream_id: number; topic: string; unread_message_ids: number[] }[] };
  const muted = new Set(
    (reply.body['user_topics'] as { stream_id: number; topic_name: string; visibility_policy: number }[])
      .filter((preference) => preference.visibility_policy === 1)
      .map((preference) => `${preference.stream_id}:${preference.topic_name}`),
  );
  const inMuted = unread.streams.filter((entry) => muted.has(`${entry.stream_id}:${entry.topic}`)).reduce((sum, entry) => sum + entry.unread_message_ids.length, 0);
  return unread.count - inMuted;
}

beforeAll(async () => {
  world = await openWorld('unread', { messages: 600 });
  page = world.page;
  page.setDefaultTimeout(10_000);
  member = world.service.accounts.find((account) => account.role === 400)!;
  admin = world.service.accounts.find((account) => account.role === 200)!;
  await signInThroughScreen(page, world.service.url, member);
});

afterAll(() => world?.close());

describe('the window title', () => {
  it('says how many messages are unread, from the server, before any conversation is opened', async () => {
    const total = await serverTotal();
    expect(total).toBeGreaterThan(10);
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(`(${total}) Demo Organization`);
    expect(await page.getByTestId('unread-total').textContent()).toBe(`${total} unread`);
    await screenshot(page, 'unread-title');
  });

  it('names the server in the account switcher, so two organizations of one name read apart', async () => {
    const host = new URL(world.service.url).host;
    expect(await page.getByRole('combobox', { name: 'Account' }).textContent()).toMatch(new RegExp(`^${member.email.replace(/\./g, '\\.')}.* — Demo Organization \\(${host.replace(/\./g, '\\.')}\\)$`));
  });

  it('counts a direct message as it arrives', async () => {
    const before = await serverTotal();
    await clientFor(world.service.url, admin).post('/messages', { type: 'direct', to: JSON.stringify([member.user_id]), content: 'Got a minute?' });
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(`(${before + 1}) Demo Organization`);
  });

  it('shows the organization alone once everything is read', async () => {
    await clientFor(world.service.url, member).post('/mark_all_as_read');
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Demo Organization');
    expect(await page.getByTestId('unread-total').count()).toBe(0);
  });
});

describe('mark as unread from here', () => {
  const TOPIC = 'unread from here';
  const CONVERSATION = `channel:1:${TOPIC}`;
  let ids: number[] = [];
  const message = (id: number) => page.locator(`section.conversation[data-conversation="${CONVERSATION}"] article[data-message-id="${id}"]`);

  async function openTopic() {
    const channel = page.locator('nav.sidebar [data-row="channel:1"]');
    if ((await channel.getAttribute('aria-expanded')) === 'false') await channel.click();
    await page.locator(`nav.sidebar [data-conversation="${CONVERSATION}"]`).click();
    await message(ids[0]!).waitFor();
  }

  it('marks a message and the later ones of its topic unread, on the server too, and they stay unread while the topic is open', async () => {
    const fromAdmin = clientFor(world.service.url, admin);
    ids = [];
    for (const n of [1, 2, 3, 4, 5]) {
      const sent = await fromAdmin.post('/messages', { type: 'stream', to: '1', topic: TOPIC, content: `Step ${n} of the plan` });
      ids.push(Number(sent.body['id']));
    }
    await clientFor(world.service.url, member).post('/mark_all_as_read');
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Demo Organization');
    await openTopic();

    await message(ids[2]!).getByTestId('more-actions').click();
    await page.getByTestId('message-menu').getByRole('menuitem', { name: 'Mark as unread from here' }).click();
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('(3) Demo Organization');
    expect(await serverTotal()).toBe(3);
    await expect.poll(() => Promise.all(ids.map((id) => message(id).getAttribute('data-unread')))).toEqual([null, null, 'true', 'true', 'true']);
    await screenshot(page, 'unread-from-here');

    // Left for the Inbox: what the open topic showed while unread is not marked read on leaving.
    await openView(page, 'Inbox');
    const row = page.getByTestId('inbox-row').filter({ hasText: TOPIC });
    await expect.poll(() => row.textContent()).toContain('3');
    expect(await page.title()).toBe('(3) Demo Organization');
    expect(await serverTotal()).toBe(3);
  });

  it('reads them again once the topic is opened anew, and U marks unread from the message in focus', async () => {
    await openTopic();
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Demo Organization');
    await message(ids[3]!).getByTestId('star').focus();
    await page.keyboard.press('Shift+U');
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('(2) Demo Organization');
    expect(await serverTotal()).toBe(2);
  });
});
