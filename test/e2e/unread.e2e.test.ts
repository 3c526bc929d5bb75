// The unread count on the window, end to end: the title (and the badge by the organization's name) reads "(N) Organization" from the server's
// unread state at sign-in (a generated history, none of it opened), follows a direct message that
// arrives, leaves a muted topic out, and goes when everything is marked read.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceAccount } from '../service/index';
import { clientFor } from '../service/testing/client';
import { openWorld, screenshot, signInThroughScreen, type World } from './harness';

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
