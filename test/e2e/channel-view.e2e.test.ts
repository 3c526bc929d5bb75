/// <reference lib="dom" />
// A channel's view (issue 24 §2): a channel's name in the sidebar opens every topic of it in one
// feed, oldest at the top, each run of a topic's messages under that topic's header; Reply on a
// message (or `r`) writes in that message's topic, another topic can be typed, the topic left empty
// writes in general chat where the channel takes it, a header opens its topic, and a channel with
// no messages says so; a channel the reader is not subscribed to opens from Browse channels as a
// preview, with Subscribe, and is left from there; a channel is muted from its view; a channel
// archived while one of its topics is open says so and holds what is typed. Looked at in the light
// and dark themes with axe.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceAccount } from '../service/index';
import { clientFor } from '../service/testing/client';
import { checkScreen, seriousViolations } from './a11y';
import { DEMO } from '../service/testing/demo';
import { chooseTheme, openView, openWorld, screenshot, signInWorld, type World } from './harness';

/** Two topics of #general, their messages interleaved in time: alpha is the older topic. */
const SENT = [
  { topic: 'alpha', content: 'alpha opens' },
  { topic: 'beta', content: 'beta opens' },
  { topic: 'alpha', content: 'alpha again' },
  { topic: 'beta', content: 'beta again' },
  { topic: 'beta', content: 'beta a third time' },
];

let world: World;
let page: Page;
let reader: ServiceAccount;
/** Message ids of SENT, in order. */
const ids: number[] = [];

const feed = () => page.locator('section.channel-feed[data-stream="1"]');
const channelRow = (stream_id: number) => page.locator(`nav.sidebar [data-row="channel:${stream_id}"]`);
const shown = (id: number) => feed().locator(`[data-testid=message][data-message-id="${id}"]`);
/** The header above a message's row, if its row starts a run of its topic. */
const headerAbove = (id: number) => feed().locator(`.message-list div[data-message-id="${id}"]:has(> [data-testid=message]) [data-testid=topic-header]`);
/** The topic a message's header names; null when the message continues its topic's run. */
async function topicAbove(id: number): Promise<string | null> {
  return (await headerAbove(id).count()) === 0 ? null : headerAbove(id).locator('.topic-name').textContent();
}

/** The ids of the messages the feed shows, top to bottom. */
async function shownIds(): Promise<number[]> {
  return (await feed().locator('[data-testid=message]').evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-message-id')))));
}

async function openChannel(stream_id: number): Promise<void> {
  await channelRow(stream_id).click();
  await page.locator(`section.channel-feed[data-stream="${stream_id}"]`).waitFor();
}

async function sentIn(content: string): Promise<{ stream_id: number; topic: string; id: number } | undefined> {
  return world.service.db.prepare('SELECT stream_id, topic, id FROM messages WHERE content = ?').get(content) as { stream_id: number; topic: string; id: number } | undefined;
}

beforeAll(async () => {
  world = await openWorld('channel-view');
  page = world.page;
  page.setDefaultTimeout(10_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const accounts = world.service.accounts;
  reader = accounts.find((a) => a.role === 400)!;
  const others = [accounts.find((a) => a.role === 200)!, accounts.find((a) => a.role === 300)!];
  const now = Math.floor(Date.now() / 1000);
  for (const [index, { topic, content }] of SENT.entries()) {
    const reply = await clientFor(world.service.url, others[index % 2]!).post('/messages', { type: 'stream', to: 'general', topic, content });
    const id = Number(reply.body['id']);
    ids.push(id);
    world.service.db.prepare('UPDATE messages SET timestamp = ? WHERE id = ?').run(now - (SENT.length - index) * 60, id);
  }
  // The reader has read everything: the feed opens at its newest messages.
  world.service.db.prepare('UPDATE user_messages SET flags = flags | 1 WHERE user_id = ?').run(reader.user_id);
  // A channel of the reader's with nothing in it yet, and which wants a topic on every message.
  await clientFor(world.service.url, reader).post('/users/me/subscriptions', { subscriptions: [{ name: 'quiet' }] });
  world.service.db.prepare("UPDATE streams SET topics_policy = 'disable_empty_topic' WHERE name = 'quiet'").run();
  // Its creation notice (Notification Bot's, as real servers post it) goes, before the app is signed in.
  const quietMessages = "SELECT id FROM messages WHERE stream_id = (SELECT stream_id FROM streams WHERE name = 'quiet')";
  world.service.db.prepare(`DELETE FROM user_messages WHERE message_id IN (${quietMessages})`).run();
  world.service.db.prepare(`DELETE FROM messages WHERE id IN (${quietMessages})`).run();
  await signInWorld(world, reader);
  await page.bringToFront();
}, 60_000);

afterAll(() => world?.close());

describe('a channel’s view', () => {
  it('opens from the channel’s name with every topic interleaved, oldest first, each run under its topic', async () => {
    await openChannel(1);
    expect(await feed().locator('#channel-feed-title').textContent()).toBe('#general');
    // Its description under its name, as the server rendered it (bold where the Markdown said so).
    expect(await feed().locator('.channel-description').textContent()).toBe("Everyone's here. Say hi!");
    expect(await feed().locator('.channel-description strong').textContent()).toBe('Say hi!');
    expect(await channelRow(1).getAttribute('aria-selected')).toBe('true');
    // Its topics are listed below it too.
    await page.locator('nav.sidebar [data-conversation="channel:1:alpha"]').waitFor();
    await expect.poll(async () => (await shownIds()).filter((id) => ids.includes(id))).toEqual(ids);
    // The newest message is at the bottom.
    expect((await shownIds()).at(-1)).toBe(ids.at(-1));
    // A header each time the topic changes, none inside a run.
    expect(await Promise.all(ids.map(topicAbove))).toEqual(['alpha', 'beta', 'alpha', 'beta', null]);
    expect(await headerAbove(ids[0]!).locator('.channel-name').textContent()).toBe('#general');
  });

  it('looks right in the light and the dark theme, with nothing serious for axe', async () => {
    await checkScreen(page, 'channel-view-light');
    await chooseTheme(page, 'Dark');
    await openChannel(1);
    await shown(ids.at(-1)!).waitFor();
    await checkScreen(page, 'channel-view-dark');
    await chooseTheme(page, 'Light');
    await openChannel(1);
  });

  it('replies in the topic of the message chosen: the older topic, from the message’s menu', async () => {
    const first = shown(ids[0]!);
    await first.hover();
    await first.getByTestId('more-actions').click();
    await page.getByRole('menuitem', { name: 'Reply', exact: true }).click();
    expect(await feed().getByTestId('compose-topic').inputValue()).toBe('alpha');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('composer');
    await page.keyboard.type('an answer in alpha');
    await page.keyboard.press('Enter');
    await expect.poll(() => sentIn('an answer in alpha')).toMatchObject({ stream_id: 1, topic: 'alpha' });
    const { id } = (await sentIn('an answer in alpha'))!;
    // It shows at the bottom of the channel's feed, under a header of its topic.
    await expect.poll(async () => (await shownIds()).at(-1)).toBe(id);
    expect(await topicAbove(id)).toBe('alpha');
  });

  it('replies with r to the selected message’s topic, and writes in a topic typed instead', async () => {
    await shown(ids[1]!).locator('.rendered').click();
    await page.keyboard.press('r');
    expect(await feed().getByTestId('compose-topic').inputValue()).toBe('beta');
    await feed().getByTestId('compose-topic').fill('gamma');
    await page.getByTestId('composer').fill('a new topic from the channel');
    await page.getByTestId('composer').press('Enter');
    await expect.poll(() => sentIn('a new topic from the channel')).toMatchObject({ stream_id: 1, topic: 'gamma' });
  });

  it('writes in general chat with the topic left empty, where the channel takes it', async () => {
    const topicField = feed().getByTestId('compose-topic');
    await topicField.fill('');
    // The organization's name for the empty topic says where the message goes.
    expect(await topicField.getAttribute('placeholder')).toBe('general chat');
    await page.getByTestId('composer').fill('lunch, anyone?');
    await page.getByTestId('composer').press('Enter');
    await expect.poll(() => sentIn('lunch, anyone?')).toMatchObject({ stream_id: 1, topic: '' });
    const { id } = (await sentIn('lunch, anyone?'))!;
    await expect.poll(async () => (await shownIds()).at(-1)).toBe(id);
    expect(await topicAbove(id)).toBe('general chat');
    expect(await headerAbove(id).locator('.topic-name').evaluate((name) => getComputedStyle(name).fontStyle)).toBe('italic');
    // At the newest, with nothing below to jump to, once the outbox's line under the list is gone.
    await expect.poll(() => feed().locator('.pending-messages').count()).toBe(0);
    await expect.poll(() => feed().getByTestId('jump-newest').count()).toBe(0);
    expect(await shown(id).evaluate((item) => item.getBoundingClientRect().bottom <= item.closest('.message-list')!.getBoundingClientRect().bottom)).toBe(true);
    await checkScreen(page, 'channel-view-general-chat');
    // The pointer resting on a recipient bar still leaves its channel's name readable.
    await headerAbove(id).hover();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('asks for a topic where the channel wants one on every message', async () => {
    const quiet = Number(world.service.db.prepare("SELECT stream_id FROM streams WHERE name = 'quiet'").pluck().get());
    await openChannel(quiet);
    const quietFeed = page.locator(`section.channel-feed[data-stream="${quiet}"]`);
    expect(await quietFeed.getByTestId('compose-topic').getAttribute('placeholder')).toBe('Topic');
    await page.getByTestId('composer').fill('no topic for this');
    await page.getByTestId('composer').press('Enter');
    await expect.poll(() => quietFeed.getByTestId('compose-notice').textContent()).toBe('Choose a topic: Reply on a message, or type one.');
    expect(await sentIn('no topic for this')).toBeUndefined();
    await page.getByTestId('composer').fill('');
    await openChannel(1);
  });

  it('opens a topic from its header', async () => {
    await headerAbove(ids[1]!).click();
    await page.locator('section.conversation[data-conversation="channel:1:beta"]').waitFor();
    expect(await page.getByRole('main').getByRole('heading', { level: 2 }).first().textContent()).toBe('#general › beta');
  });

  it('says so when the channel holds no message yet', async () => {
    const quiet = Number(world.service.db.prepare("SELECT stream_id FROM streams WHERE name = 'quiet'").pluck().get());
    await openChannel(quiet);
    await expect.poll(() => page.locator(`section.channel-feed[data-stream="${quiet}"] .empty`).textContent()).toBe('No messages in #quiet yet.');
  });

  it('mutes the channel from its view (dimmed in the sidebar until unmuted) and chooses its desktop notifications', async () => {
    await openChannel(1);
    await feed().getByRole('button', { name: 'Mute channel' }).click();
    await expect.poll(() => channelRow(1).getAttribute('data-muted')).toBe('true');
    await expect.poll(() => world.service.db.prepare('SELECT is_muted FROM subscriptions WHERE user_id = ? AND stream_id = 1').pluck().get(reader.user_id)).toBe(1);
    expect(await feed().getByTestId('channel-mute').textContent()).toContain('Unmute channel');
    await checkScreen(page, 'channel-view-muted');
    await feed().getByRole('button', { name: 'Unmute channel' }).click();
    await expect.poll(() => channelRow(1).getAttribute('data-muted')).toBe('false');

    // Every message of the channel notifies on the desktop, or only mentions: the server holds the choice.
    const notify = feed().getByTestId('channel-notify');
    expect(await notify.getAttribute('aria-pressed')).toBe('false');
    await notify.click();
    await expect.poll(() => notify.getAttribute('aria-pressed')).toBe('true');
    expect(await notify.textContent()).toContain('Every message notifies');
    await expect.poll(() => world.service.db.prepare('SELECT desktop_notifications FROM subscriptions WHERE user_id = ? AND stream_id = 1').pluck().get(reader.user_id)).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await notify.click();
    await expect.poll(() => notify.getAttribute('aria-pressed')).toBe('false');
  });

  it('previews a channel the reader is not subscribed to, from Browse channels, subscribes to it there and leaves it', async () => {
    const sandbox = DEMO.channels.sandbox;
    const owner = world.service.accounts.find((a) => a.role === 100)!;
    const post = (content: string) => clientFor(world.service.url, owner).post('/messages', { type: 'stream', to: sandbox, topic: 'tries', content });
    const before = Number((await post('Something to preview')).body['id']);
    await openView(page, 'Browse channels');
    await page.locator('[data-testid=channel] button.channel-name', { hasText: '#sandbox' }).click();
    const sandboxFeed = page.locator(`section.channel-feed[data-stream="${sandbox}"]`);
    await sandboxFeed.locator(`[data-testid=message][data-message-id="${before}"]`).waitFor();
    const preview = sandboxFeed.getByTestId('channel-preview');
    expect(await preview.textContent()).toContain('You are not subscribed to #sandbox');
    expect(await channelRow(sandbox).count()).toBe(0);
    await checkScreen(page, 'channel-view-preview');

    // Sent while previewed: no event brings it, the feed opened again on subscribing does.
    const meanwhile = Number((await post('Sent during the preview')).body['id']);
    await preview.getByRole('button', { name: 'Subscribe' }).click();
    await channelRow(sandbox).waitFor();
    await expect.poll(() => preview.count()).toBe(0);
    await sandboxFeed.locator(`[data-testid=message][data-message-id="${meanwhile}"]`).waitFor();
    // The focus went to the channel, not the page, as the button went.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('#sandbox');
    const after = Number((await post('Sent to a subscriber')).body['id']);
    await sandboxFeed.locator(`[data-testid=message][data-message-id="${after}"]`).waitFor();

    // Left from Browse channels: out of the sidebar, and offered to join again.
    await openView(page, 'Browse channels');
    await page.getByRole('button', { name: 'Unsubscribe from #sandbox' }).click();
    await expect.poll(() => channelRow(sandbox).count()).toBe(0);
    await page.getByRole('button', { name: 'Subscribe to #sandbox' }).waitFor();
    await checkScreen(page, 'channels-subscribe');
  });

  it('says, in a topic of a channel the reader is not subscribed to, that replies will not reach them, and subscribes from there', async () => {
    const sandbox = DEMO.channels.sandbox;
    await openView(page, 'Browse channels');
    await page.locator('[data-testid=channel] button.channel-name', { hasText: '#sandbox' }).click();
    const sandboxFeed = page.locator(`section.channel-feed[data-stream="${sandbox}"]`);
    await sandboxFeed.getByTestId('topic-header').filter({ hasText: 'tries' }).first().click();
    const topic = page.locator(`section.conversation[data-conversation="channel:${sandbox}:tries"]`);
    expect(await topic.getByRole('heading', { level: 2 }).textContent()).toBe('#sandbox › tries');
    const banner = topic.getByTestId('channel-preview');
    await expect.poll(() => banner.textContent()).toContain('You are not subscribed to #sandbox: new messages here, replies to yours included, reach you once you subscribe.');
    await checkScreen(page, 'conversation-unsubscribed');
    await banner.getByRole('button', { name: 'Subscribe' }).click();
    await channelRow(sandbox).waitFor();
    await expect.poll(() => banner.count()).toBe(0);
    expect(await topic.getByTestId('composer').isVisible()).toBe(true);
  });

  it('creates a channel from Browse channels: a name taken said next to the field, then the new channel opened and in the sidebar', async () => {
    await openView(page, 'Browse channels');
    await page.getByTestId('create-channel-open').click();
    const dialog = page.getByTestId('create-channel');
    const name = dialog.getByTestId('channel-name');
    // Not joined instead: #sandbox is there, public, and the reader left it above.
    await name.fill('Sandbox');
    await dialog.getByLabel('Description').fill('Plans for the **spring** launch');
    await dialog.getByRole('button', { name: 'Create channel' }).click();
    await expect.poll(() => dialog.locator('#create-channel-name-problem').textContent()).toBe('A channel named #sandbox already exists: choose another name.');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await checkScreen(page, 'channel-create');

    await name.fill('launch plans');
    await expect.poll(() => dialog.locator('#create-channel-name-problem').textContent()).toBe('');
    await dialog.getByRole('radio', { name: /^Private/ }).check();
    await dialog.getByRole('button', { name: 'Create channel' }).click();
    const heading = page.locator('#channel-feed-title', { hasText: '#launch plans' });
    await heading.waitFor();
    expect(await heading.getByTestId('channel-private').textContent()).toBe('private');
    await expect.poll(() => dialog.count()).toBe(0);
    // Private, in the sidebar too: a lock where a public channel has its # (said to screen readers).
    const row = page.locator('nav.sidebar .channel-row', { hasText: 'launch plans' });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/^🔒launch plans \(private\)/);
    expect(await page.locator('section.channel-feed').textContent()).toContain('Plans for the spring launch');
    await screenshot(page, 'channel-created');

    // Its creator administers it: renamed and described again from its view.
    const channelView = page.locator('section.channel-feed', { has: heading });
    await channelView.getByTestId('channel-settings-open').click();
    const settings = page.getByTestId('channel-settings');
    expect(await settings.getByTestId('channel-name').inputValue()).toBe('launch plans');
    expect(await settings.getByLabel(/^Description/).inputValue()).toBe('Plans for the **spring** launch');
    await settings.getByTestId('channel-name').fill('launch');
    await settings.getByLabel(/^Description/).fill('Plans for the **summer** launch');
    await checkScreen(page, 'channel-settings');
    await settings.getByRole('button', { name: 'Save' }).click();
    await page.locator('#channel-feed-title', { hasText: /^#launch(private)?$/ }).waitFor();
    await expect.poll(() => settings.count()).toBe(0);
    await expect.poll(() => page.locator('section.channel-feed .channel-description').textContent()).toBe('Plans for the summer launch');
    await page.locator('nav.sidebar .channel-row', { hasText: /^🔒launch \(private\)/ }).waitFor();
  });

  it('says a channel an administrator archives while one of its topics is open is archived, holds the message typed there, and keeps its history', async () => {
    const mine = clientFor(world.service.url, reader);
    await mine.post('/users/me/subscriptions', { subscriptions: [{ name: 'pop-up' }] });
    const stream_id = Number((await mine.get('/get_stream_id', { stream: 'pop-up' })).body['stream_id']);
    await mine.post('/messages', { type: 'stream', to: stream_id, topic: 'plans', content: 'Before it closes' });
    await openChannel(stream_id);
    await page.locator(`nav.sidebar [data-row="conversation:channel:${stream_id}:plans"]`).click();
    const topic = page.locator(`section.conversation[data-conversation="channel:${stream_id}:plans"]`);
    await topic.getByTestId('message').filter({ hasText: 'Before it closes' }).waitFor();
    const box = topic.getByTestId('composer');
    await box.fill('Half a thought');

    const admin = world.service.accounts.find((a) => a.role === 200)!;
    expect((await clientFor(world.service.url, admin).delete(`/streams/${stream_id}`)).status).toBe(200);
    await expect.poll(() => topic.getByTestId('channel-archived').textContent()).toBe('#pop-up is archived: its messages can still be read, but no new ones can be sent to it.');
    await expect.poll(() => channelRow(stream_id).count()).toBe(0);
    expect(await topic.getByTestId('send').isDisabled()).toBe(true);
    expect(await topic.getByRole('button', { name: /Mark as resolved|Move topic/ }).count()).toBe(0);
    await box.press('Enter');
    expect(await topic.getByTestId('compose-notice').textContent()).toBe('#pop-up is archived: no new messages can be sent to it.');
    expect(await box.inputValue()).toBe('Half a thought');
    expect(await sentIn('Half a thought')).toBeUndefined();
    await page.mouse.move(900, 10);
    await checkScreen(page, 'channel-archived');

    // Its feed, from Browse channels with archived channels shown: readable, the same note, no Subscribe.
    await openView(page, 'Browse channels');
    await page.getByRole('checkbox', { name: 'Archived' }).check();
    const listed = page.locator('[data-testid=channel]', { hasText: '#pop-up' });
    await expect.poll(() => listed.locator('.badge').allTextContents()).toEqual(['archived', 'subscribed']);
    await listed.locator('button.channel-name').click();
    const channelFeed = page.locator(`section.channel-feed[data-stream="${stream_id}"]`);
    await channelFeed.getByTestId('message').filter({ hasText: 'Before it closes' }).waitFor();
    expect(await channelFeed.getByTestId('channel-archived').isVisible()).toBe(true);
    expect(await channelFeed.getByTestId('channel-preview').count()).toBe(0);
  });
});
