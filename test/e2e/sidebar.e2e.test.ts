// The sidebar, end to end in Chromium against the simulator with a generated history: a member
// sees the channels they are subscribed to by folder, each opening into its topics (those the
// server lists too, not only the cached ones), with unread counts that match the server's own
// (muted topics dimmed and not counted), a filter, and the direct conversations; a topic opens in the main pane; times in the zone and the format (24 or 12
// hours, the user's setting on the server) chosen in Settings. An administrator sees the Organization
// area a member does not.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceAccount } from '../service/index';
import { clientFor } from '../service/testing/client';
import { seriousViolations } from './a11y';
import { fromMenu, openWorld, screenshot, signInThroughScreen, viewButton, type World } from './harness';

let world: World;
let page: Page;
let member: ServiceAccount;
let admin: ServiceAccount;

interface ServerUnread {
  /** By stream_id, outside muted topics. */
  channels: Map<number, number>;
  /** By "stream_id:topic". */
  topics: Map<string, number>;
  muted: Set<string>;
  /** By the other participant's user_id, for one-on-one conversations. */
  direct: Map<number, number>;
  /** The unread messages that mention the member. */
  mentions: number;
}

/** What the member has unread, by the server's own account (registration's unread_msgs and user_topics). */
async function serverUnread(): Promise<ServerUnread> {
  const reply = await clientFor(world.service.url, member).post('/register', { fetch_event_types: ['message', 'update_message_flags', 'user_topic', 'subscription'] });
  const unread = reply.body['unread_msgs'] as {
    streams: { stream_id: number; topic: string; unread_message_ids: number[] }[];
    pms: { other_user_id?: number; sender_id?: number; unread_message_ids: number[] }[];
    mentions: number[];
  };
  const muted = new Set(
    (reply.body['user_topics'] as { stream_id: number; topic_name: string; visibility_policy: number }[])
      .filter((preference) => preference.visibility_policy === 1)
      .map((preference) => `${preference.stream_id}:${preference.topic_name}`),
  );
  const channels = new Map<number, number>();
  const topics = new Map<string, number>();
  for (const entry of unread.streams) {
    const key = `${entry.stream_id}:${entry.topic}`;
    topics.set(key, entry.unread_message_ids.length);
    if (!muted.has(key)) channels.set(entry.stream_id, (channels.get(entry.stream_id) ?? 0) + entry.unread_message_ids.length);
  }
  const direct = new Map(unread.pms.map((entry) => [entry.other_user_id ?? entry.sender_id ?? 0, entry.unread_message_ids.length]));
  return { channels, topics, muted, direct, mentions: unread.mentions.length };
}

const sidebar = () => page.getByRole('navigation', { name: 'Sidebar' });
const channelRow = (name: string) => sidebar().getByRole('treeitem', { name: new RegExp(`^#?${name}\\b`), level: 1 });
const topicRow = (stream_id: number, topic: string) => sidebar().locator(`[data-row="conversation:channel:${stream_id}:${topic}"]`);
const shownCount = async (row: Locator) => {
  const badge = row.getByTestId('sidebar-count');
  return (await badge.count()) === 0 ? 0 : Number.parseInt((await badge.textContent()) ?? '', 10);
};

beforeAll(async () => {
  world = await openWorld('sidebar', { messages: 600 });
  page = world.page;
  page.setDefaultTimeout(10_000);
  member = world.service.accounts.find((account) => account.email === 'member@demo.example')!;
  admin = world.service.accounts.find((account) => account.role === 200)!;
  await page.setViewportSize({ width: 1280, height: 800 });
  // The computer's zone is not the member's profile's (America/Los_Angeles), whatever the machine's.
  await (await page.context().newCDPSession(page)).send('Emulation.setTimezoneOverride', { timezoneId: 'Asia/Tokyo' });
  // #design's old topics: written (and read) before 200 newer messages, as many as the sidebar's
  // refresh fetches and more than the channel's first page, so only the server's topic history
  // names them; the newer ones each in a topic of its own, so that the channel has more topics
  // than the sidebar reads at first.
  const own = clientFor(world.service.url, member);
  await own.post('/messages/flags/narrow', { anchor: 'oldest', num_before: 0, num_after: 5_000, narrow: JSON.stringify([{ operator: 'channel', operand: 4 }]), op: 'add', flag: 'read' });
  for (let n = 1; n <= 12; n++) await own.post('/messages', { type: 'stream', to: 'design', topic: `archive ${n}`, content: 'For the record', read_by_sender: true });
  for (let n = 1; n <= 200; n++) await own.post('/messages', { type: 'stream', to: 'design', topic: `note ${n}`, content: `Note ${n}`, read_by_sender: true });
  await signInThroughScreen(page, world.service.url, member);
});

afterAll(() => world?.close());

describe('the sidebar of a member', () => {
  it('lists the subscribed channels by folder, with unread counts the server agrees with, and counts the Inbox and Mentions', async () => {
    const server = await serverUnread();
    // engineering is in the demo's folder; the member's other channels are in none.
    await expect.poll(() => sidebar().getByRole('tree').count()).toBe(2);
    const trees = sidebar().getByRole('tree');
    expect(await trees.nth(0).getByRole('treeitem').allTextContents()).toEqual([expect.stringMatching(/^#engineering/)]);
    expect((await trees.nth(1).getByRole('treeitem').allTextContents()).map((t) => t.replace(/[\d\s].*$/, ''))).toEqual(['#design', '#general', '#random']);
    for (const [stream_id, name] of [[1, 'general'], [2, 'random'], [3, 'engineering'], [4, 'design']] as const) {
      await expect.poll(() => shownCount(channelRow(name)), { message: name }).toBe(server.channels.get(stream_id) ?? 0);
    }
    // The Inbox counts every unread message (as the header does), Mentions the unread mentions.
    const total = Number(((await page.getByTestId('unread-total').textContent()) ?? '').replace(/\D+/g, ''));
    expect(total, 'the header').toBeGreaterThan(0);
    await expect.poll(() => shownCount(viewButton(page, 'Inbox'))).toBe(total);
    await expect.poll(() => shownCount(viewButton(page, 'Mentions'))).toBe(server.mentions);
    // A new mention counts at once.
    await clientFor(world.service.url, admin).post('/messages', { type: 'stream', to: 'general', topic: 'sidebar counts', content: `@**${member.full_name}** a look?` });
    await expect.poll(() => shownCount(viewButton(page, 'Mentions'))).toBe(server.mentions + 1);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'sidebar');
  });

  it('opens a channel into its topics and its view on click: counts per topic, the muted one dimmed and not counted', async () => {
    const server = await serverUnread();
    await channelRow('general').click();
    await expect.poll(() => channelRow('general').getAttribute('aria-expanded')).toBe('true');
    // The channel's own view opens beside its topics.
    await expect.poll(() => page.getByRole('main').getByRole('heading', { level: 2 }).first().textContent()).toBe('#general');
    const lunch = topicRow(1, 'lunch plans');
    await lunch.waitFor();
    // The demo mutes "lunch plans" for the member, and leaves one of its messages unread.
    expect(server.muted.has('1:lunch plans')).toBe(true);
    expect(server.topics.get('1:lunch plans')).toBeGreaterThan(0);
    expect(await lunch.getAttribute('data-muted')).toBe('true');
    expect(await lunch.getByTestId('sidebar-count').count()).toBe(0);
    expect(await lunch.evaluate((row) => getComputedStyle(row).fontStyle)).toBe('italic');
    for (const [key, n] of server.topics) {
      const [stream_id, topic] = [Number(key.split(':')[0]), key.slice(key.indexOf(':') + 1)];
      if (stream_id !== 1 || server.muted.has(key)) continue;
      await expect.poll(() => shownCount(topicRow(1, topic)), { message: topic }).toBe(n);
    }
    // Topics come newest first.
    const ids = await sidebar().locator('[data-row^="conversation:channel:1:"]').count();
    expect(ids).toBeGreaterThan(1);
  });

  it('lists the channel’s old topics the server names, never cached, behind "All topics"', async () => {
    const known = await clientFor(world.service.url, member).get('/users/me/4/topics', { allow_empty_topic_name: true });
    const topics = known.body['topics'] as { name: string }[];
    expect(topics.map((topic) => topic.name)).toContain('archive 1');
    expect(topics.length).toBeGreaterThan(200);
    await channelRow('design').click();
    const all = sidebar().locator('[data-row="topics-all:4"]');
    // More than the sidebar reads at first: not counted until all are read.
    await expect.poll(() => all.textContent()).toBe('All topics');
    await all.click();
    await expect.poll(() => sidebar().locator('[data-row^="conversation:channel:4:"]').count()).toBe(topics.length);
    await topicRow(4, 'archive 1').click();
    await expect.poll(() => page.getByRole('main').locator('.message').count()).toBe(1);
    await screenshot(page, 'sidebar-old-topics');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('opens a topic in the main pane when it is clicked', async () => {
    // The first topic the mirror knows of in general that is not muted (its unread messages make it known).
    const topic = sidebar().locator('[data-row^="conversation:channel:1:"][data-muted="false"]').first();
    const name = (await topic.locator('.row-name').textContent()) ?? '';
    await topic.click();
    await expect.poll(() => page.getByRole('main').getByRole('heading', { level: 2 }).first().textContent()).toBe(`#general › ${name}`);
    await expect.poll(() => page.getByRole('main').locator('.message').count()).toBeGreaterThan(0);
    expect(await topic.getAttribute('aria-selected')).toBe('true');
    await screenshot(page, 'sidebar-topic-open');
  });

  it('keeps the views in sight while the channels and direct messages scroll beneath them', async () => {
    await page.setViewportSize({ width: 1280, height: 480 });
    try {
      if ((await channelRow('general').getAttribute('aria-expanded')) !== 'true') await channelRow('general').click();
      const lists = sidebar().getByTestId('sidebar-lists');
      await expect.poll(() => lists.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
      await lists.evaluate((element) => element.scrollTo(0, element.scrollHeight));
      await expect.poll(() => lists.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
      // Inbox is still where a click lands, not scrolled away with the lists.
      const inbox = viewButton(page, 'Inbox');
      const reachable = await inbox.evaluate((button) => {
        const box = button.getBoundingClientRect();
        return button.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
      });
      expect(reachable).toBe(true);
      await screenshot(page, 'sidebar-scrolled');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it("shows times in the zone chosen in Settings: the profile's, or the computer's", async () => {
    // One message's time, found again by its instant.
    const instant = await page.getByRole('main').locator('.message time').last().getAttribute('datetime');
    const shownTime = () => page.getByRole('main').locator(`.message time[datetime="${instant}"]`).textContent();
    const before = await shownTime();
    await fromMenu(page, 'Settings');
    expect(await page.getByTestId('zone-in-use').textContent()).toBe('Times are shown in America/Los_Angeles.');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'settings');
    await page.getByLabel(/This computer's/).check();
    expect(await page.getByTestId('zone-in-use').textContent()).toBe('Times are shown in Asia/Tokyo.');
    await page.keyboard.press('Alt+ArrowLeft');
    await expect.poll(shownTime).not.toBe(before);
    await fromMenu(page, 'Settings');
    await page.getByLabel(/Your profile's/).check();
    await page.keyboard.press('Alt+ArrowLeft');
    await expect.poll(shownTime).toBe(before);
  });

  it('shows times in 24 hours or 12 as the user sets it in Settings, kept on the server', async () => {
    const instant = await page.getByRole('main').locator('.message time').last().getAttribute('datetime');
    const shownTime = () => page.getByRole('main').locator(`.message time[datetime="${instant}"]`).textContent();
    const onServer = () => world.service.db.prepare('SELECT twenty_four_hour_time FROM users WHERE user_id = ?').pluck().get(member.user_id);
    // The server's default, as the registration said: 12 hours.
    expect(await shownTime()).toMatch(/[AP]M/);
    await fromMenu(page, 'Settings');
    expect(await page.getByLabel(/12-hour/).isChecked()).toBe(true);
    await page.getByLabel(/24-hour/).check();
    await expect.poll(onServer).toBe(1);
    await page.keyboard.press('Alt+ArrowLeft');
    await expect.poll(shownTime).toMatch(/^\d{2}:\d{2}$/);
    await fromMenu(page, 'Settings');
    await page.getByLabel(/12-hour/).check();
    await expect.poll(onServer).toBe(0);
    await page.keyboard.press('Alt+ArrowLeft');
    await expect.poll(shownTime).toMatch(/[AP]M/);
  });

  it('narrows the channels to those matching the filter', async () => {
    const filter = sidebar().getByRole('searchbox', { name: 'Filter channels' });
    await filter.fill('ENG');
    await expect.poll(() => sidebar().locator('[data-row^="channel:"]').allTextContents()).toEqual([expect.stringMatching(/^#engineering/)]);
    await filter.fill('zzz');
    await expect.poll(() => sidebar().getByText('No channel matches “zzz”.').count()).toBe(1);
    await filter.fill('');
    await expect.poll(() => sidebar().locator('[data-row^="channel:"]').count()).toBe(4);
  });

  it('lists direct conversations by the other people in them, with their unread counts', async () => {
    const server = await serverUnread();
    await clientFor(world.service.url, admin).post('/messages', { type: 'direct', to: JSON.stringify([member.user_id]), content: 'Got a minute?' });
    const adamRow = sidebar().locator(`[data-conversation="direct:${[admin.user_id, member.user_id].sort((a, b) => a - b).join(',')}"]`);
    await expect.poll(() => shownCount(adamRow)).toBe((server.direct.get(admin.user_id) ?? 0) + 1);
    await adamRow.click();
    await expect.poll(() => page.getByRole('main').getByText('Got a minute?').count()).toBe(1);
    expect(await page.getByRole('main').getByRole('heading', { level: 2 }).first().textContent()).toBe('Adam Admin');
  });

  it('does not offer the Organization area to a member: the directory alone', async () => {
    expect(await sidebar().getByRole('button', { name: 'Organization' }).count()).toBe(0);
    await sidebar().getByRole('button', { name: 'Users', exact: true }).click();
    await expect.poll(() => page.getByRole('main').getByRole('heading', { name: 'Users', level: 1 }).count()).toBe(1);
    // The directory's list fills the pane's height: no tall empty space below it.
    await page.getByTestId('user-row').first().waitFor();
    const list = (await page.getByRole('listbox', { name: 'Users' }).boundingBox())!;
    const pane = (await page.getByRole('main').boundingBox())!;
    expect(list.height).toBeGreaterThan(pane.height / 2);
    expect(pane.y + pane.height - (list.y + list.height)).toBeLessThan(120);
    await screenshot(page, 'users-directory');
  });
});

describe('the sidebar of an administrator', () => {
  it('offers the Organization area, with the directory, administration and bulk jobs', async () => {
    await fromMenu(page, 'Add account');
    await signInThroughScreen(page, world.service.url, admin);
    await sidebar().getByRole('button', { name: 'Organization', exact: true }).click();
    const parts = page.getByRole('navigation', { name: 'Organization' }).getByRole('button');
    expect(await parts.allTextContents()).toEqual(['Directory', 'Administration', 'Bulk']);
    await parts.filter({ hasText: 'Administration' }).click();
    await expect.poll(() => page.getByTestId('my-role').textContent()).toContain('Administrator');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'organization');
  });
});
