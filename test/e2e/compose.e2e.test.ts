// Composing in Chromium against the simulator, as an administrator: starting a topic and a direct
// message, drafts that survive a conversation switch and a reload, completing a mention by
// keyboard, a preview rendered by the server, a message sent offline shown "sending…" and then
// once, and a refused message edited and resent.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y';
import { openWorld, signInWorld, screenshot, waitFor, type World } from './harness';
import { asCalled } from '../support/ipc-calls';
import { clientFor } from '../service/testing/client';

let world: World;
let adminId: number;
const page = (): Page => world.page;

beforeAll(async () => {
  world = await openWorld('compose');
  const admin = world.service.accounts.find((a) => a.role === 200)!;
  adminId = admin.user_id;
  world.page.setDefaultTimeout(10_000);
  await signInWorld(world, admin);
}, 60_000);

afterAll(() => world?.close());

const composer = () => page().getByTestId('composer');
const conversation = (key: string) => page().locator(`section.conversation[data-conversation="${key}"]`);
const feedMessage = (text: string) => page().locator('[data-testid=message]', { hasText: text });
const pendingMessage = (text: string) => page().locator('[data-testid=pending-message]', { hasText: text });

async function openDrafts(): Promise<void> {
  await page().locator('[data-row="view:drafts"]').click();
  await page().getByRole('heading', { name: 'Drafts' }).waitFor();
}

async function startFromSidebar(name: 'New topic' | 'New direct message'): Promise<void> {
  await page().getByRole('navigation', { name: 'Sidebar' }).getByRole('button', { name, exact: true }).click();
}

async function newTopic(channel: string, topic: string, content: string): Promise<void> {
  await startFromSidebar('New topic');
  const dialog = page().getByTestId('new-topic');
  await dialog.getByLabel('Channel').selectOption({ label: `#${channel}` });
  await dialog.getByTestId('new-topic-topic').fill(topic);
  await dialog.getByLabel('Message').fill(content);
  await dialog.getByRole('button', { name: 'Send' }).click();
}

async function expectSerious(name: string): Promise<void> {
  expect(await seriousViolations(page()), name).toEqual([]);
}

describe('composing, end to end', () => {
  it('starts a new topic (its length checked as typed) and a direct message, each opening its conversation', async () => {
    await startFromSidebar('New topic');
    const dialog = page().getByTestId('new-topic');
    await dialog.getByLabel('Channel').selectOption({ label: '#general' });
    // The simulator announces max_topic_length 60: one more is refused before sending.
    await dialog.getByTestId('new-topic-topic').fill('x'.repeat(61));
    await expect.poll(() => dialog.locator('#new-topic-topic-problem').textContent()).toContain('60');
    await dialog.getByTestId('new-topic-topic').fill('Release plan');
    await dialog.getByLabel('Message').fill('Kickoff at ten');
    await expect.poll(() => dialog.locator('#new-topic-topic-problem').textContent()).toBe('');
    await screenshot(page(), 'compose-new-topic');
    await expectSerious('new topic');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await conversation('channel:1:Release plan').waitFor();
    await feedMessage('Kickoff at ten').waitFor();
    await expect.poll(() => page().getByTestId('new-topic').count()).toBe(0);

    await startFromSidebar('New direct message');
    const dm = page().getByTestId('new-direct');
    const people = dm.getByTestId('people-search');
    await people.fill('hana');
    await dm.getByRole('option', { name: /Hana Sato/ }).waitFor();
    await people.press('Enter');
    await people.fill('priya');
    await dm.getByRole('option', { name: /Priya Patel/ }).waitFor();
    await people.press('Enter');
    await expect.poll(() => dm.getByTestId('picked-person').allTextContents()).toEqual([expect.stringContaining('Hana Sato'), expect.stringContaining('Priya Patel')]);
    await dm.getByLabel('Message').fill('Lunch on Friday?');
    // The first message suggests emoji as the compose box does: by an alias too ("thumbs" for 👍).
    await dm.getByLabel('Message').pressSequentially(' :thumbs_u');
    const suggested = dm.getByTestId('suggestions').getByRole('option');
    await expect.poll(() => suggested.first().textContent()).toContain(':thumbs_up:');
    await screenshot(page(), 'compose-new-dm');
    await dm.getByLabel('Message').press('Tab');
    expect(await dm.getByLabel('Message').inputValue()).toBe('Lunch on Friday? :thumbs_up: ');
    await expectSerious('new direct message');
    await dm.getByRole('button', { name: 'Send' }).click();
    await conversation(`direct:${[adminId, 7, 9].sort((a, b) => a - b).join(',')}`).waitFor();
    await feedMessage('Lunch on Friday?').waitFor();
  });

  it('keeps drafts across a conversation switch, a reload and an app restart; Escape keeps the text, Ctrl+Z brings back what sending cleared', async () => {
    const dmKey = `direct:${[adminId, 7, 9].sort((a, b) => a - b).join(',')}`;
    await composer().fill('Draft for the lunch group');
    // Another conversation opens: the draft is flushed on the way out.
    await newTopic('general', 'Second topic', 'Opening the second topic');
    await conversation('channel:1:Second topic').waitFor();
    await composer().fill('Draft in the second topic');

    await openDrafts();
    const drafts = page().getByTestId('draft');
    await expect.poll(() => drafts.allTextContents()).toEqual([expect.stringContaining('Draft in the second topic'), expect.stringContaining('Draft for the lunch group')]);
    await screenshot(page(), 'compose-drafts');
    await expectSerious('drafts');
    await drafts.filter({ hasText: 'Draft for the lunch group' }).getByRole('button').first().click();
    await conversation(dmKey).waitFor();
    await expect.poll(() => composer().inputValue()).toBe('Draft for the lunch group');

    // Typed and reloaded at once: the draft is saved as the page unloads.
    await composer().press('End');
    await composer().pressSequentially(', and more');
    await page().reload();
    page().setDefaultTimeout(10_000);
    await openDrafts();
    await page().getByTestId('draft').filter({ hasText: 'Draft for the lunch group, and more' }).getByRole('button').first().click();
    await conversation(dmKey).waitFor();
    await expect.poll(() => composer().inputValue()).toBe('Draft for the lunch group, and more');

    // The whole app restarts, main process included: both drafts come back from the mirror.
    await world.restartApp();
    page().setDefaultTimeout(10_000);
    await openDrafts();
    await expect.poll(() => page().getByTestId('draft').allTextContents()).toEqual([
      expect.stringContaining('Draft for the lunch group, and more'),
      expect.stringContaining('Draft in the second topic'),
    ]);
    await page().getByTestId('draft').filter({ hasText: 'Draft for the lunch group, and more' }).getByRole('button').first().click();
    await conversation(dmKey).waitFor();
    await expect.poll(() => composer().inputValue()).toBe('Draft for the lunch group, and more');
    await waitFor(async () => ((await page().getByTestId('sync-status').textContent()) ?? '').includes('Online'), 'online after the restart');

    await composer().press('Escape');
    expect(await composer().inputValue()).toBe('Draft for the lunch group, and more');
    await composer().press('Enter');
    await feedMessage('Draft for the lunch group, and more').waitFor();
    await expect.poll(() => composer().inputValue()).toBe('');
    await composer().press('Control+z');
    expect(await composer().inputValue()).toBe('Draft for the lunch group, and more');
    await composer().fill('');
  });

  it('completes a mention, an emoji and a topic from the keyboard', async () => {
    // What the suggestions read: a channel's topics, never the listing of every cached conversation.
    const handlers = world.app.core.handlers as unknown as Record<string, (args: unknown) => unknown>;
    const listing = handlers['conversations.list']!;
    const listed: unknown[] = [];
    handlers['conversations.list'] = (args) => {
      listed.push(args);
      return listing(args);
    };
    await composer().pressSequentially('Thanks @han');
    const options = page().getByTestId('suggestions').getByRole('option');
    await expect.poll(() => options.first().textContent()).toContain('Hana Sato');
    await expect.poll(() => composer().getAttribute('aria-activedescendant')).toBeTruthy();
    await screenshot(page(), 'compose-autocomplete');
    await expectSerious('autocomplete');
    await composer().press('Enter');
    expect(await composer().inputValue()).toBe('Thanks @**Hana Sato** ');
    await composer().pressSequentially('for lunch :tad');
    await expect.poll(() => options.first().textContent()).toContain(':tada:');
    await composer().press('Tab');
    expect(await composer().inputValue()).toBe('Thanks @**Hana Sato** for lunch :tada: ');
    // The organization's custom emoji, offered with its image.
    await composer().pressSequentially(':party_p');
    const parrot = options.filter({ hasText: ':party_parrot:' });
    await expect.poll(() => parrot.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await composer().press('Tab');
    expect(await composer().inputValue()).toBe('Thanks @**Hana Sato** for lunch :tada: :party_parrot: ');
    // A topic of the channel named, asked of main for that channel alone.
    await composer().pressSequentially('in #**general>welc');
    await expect.poll(() => options.first().textContent()).toContain('welcome');
    await composer().press('Enter');
    expect(await composer().inputValue()).toBe('Thanks @**Hana Sato** for lunch :tada: :party_parrot: in #**general>welcome** ');
    await composer().press('Enter');
    await expect.poll(() => feedMessage('for lunch').textContent()).toContain('@Hana Sato');
    expect(await feedMessage('for lunch').textContent()).toContain('welcome');
    handlers['conversations.list'] = listing;
    // The sidebar's own refresh may list them (refresh: true); the compose box does not.
    expect(listed).not.toContainEqual({ refresh: false });
  });

  it('completes a command as the first word, and a /poll sent shows as a poll', async () => {
    await composer().pressSequentially('/po');
    const options = page().getByTestId('suggestions').getByRole('option');
    await expect.poll(() => options.allTextContents()).toEqual([expect.stringContaining('/poll')]);
    expect(await options.first().textContent()).toContain('the question, then one option per line');
    await composer().press('Enter');
    expect(await composer().inputValue()).toBe('/poll ');
    await composer().pressSequentially('Which day for the retro?');
    await composer().press('Shift+Enter');
    await composer().pressSequentially('Thursday');
    await composer().press('Shift+Enter');
    await composer().pressSequentially('Friday');
    await composer().press('Enter');
    const poll = page().locator('section.conversation [data-testid=poll]').filter({ hasText: 'Which day for the retro?' });
    await expect.poll(() => poll.locator('.option').allTextContents(), { timeout: 10_000 }).toEqual(['Thursday', 'Friday']);
  });

  it('previews the message as the server renders it, back to writing with the text kept, and sends from the preview', async () => {
    const preview = () => page().getByTestId('compose-preview');
    const button = page().getByTestId('preview');
    expect(await button.isDisabled()).toBe(true);
    await composer().fill('A **bold** plan:\n\n- first\n- second');
    await button.click();
    await expect.poll(() => preview().locator('strong').textContent()).toBe('bold');
    expect(await preview().locator('li').allTextContents()).toEqual(['first', 'second']);
    expect(await composer().isHidden()).toBe(true);
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    await screenshot(page(), 'compose-preview');
    await expectSerious('compose-preview');

    await button.click();
    expect(await preview().count()).toBe(0);
    expect(await composer().inputValue()).toBe('A **bold** plan:\n\n- first\n- second');
    await expect.poll(() => composer().evaluate((box) => box === document.activeElement)).toBe(true);

    await button.click();
    await preview().waitFor();
    await page().getByTestId('send').click();
    await expect.poll(() => feedMessage('A bold plan').count()).toBe(1);
    expect(await preview().count()).toBe(0);
    expect(await composer().inputValue()).toBe('');
  });

  it('inserts a saved snippet from the compose menu, edits snippets in a dialog, and sends later through the scheduling form', async () => {
    await page().getByTestId('snippets-toggle').click();
    const panel = page().locator('#snippet-panel');
    await panel.getByRole('button', { name: 'New snippet…' }).click();
    const editor = page().getByTestId('snippet-editor');
    await editor.getByLabel('Title').fill('Standup');
    await editor.getByLabel('Content').fill('Yesterday / today / blockers');
    await screenshot(page(), 'compose-snippet-editor');
    await expectSerious('snippet editor');
    // The dialog's Save is in view, not under the status bar.
    expect(await editor.getByRole('button', { name: 'Create' }).isVisible()).toBe(true);
    await editor.getByRole('button', { name: 'Create' }).click();
    await panel.getByRole('button', { name: 'Insert Standup' }).waitFor();
    await screenshot(page(), 'compose-snippets');
    await panel.getByRole('button', { name: 'Insert Standup' }).click();
    await expect.poll(() => composer().inputValue()).toBe('Yesterday / today / blockers');

    await page().getByRole('button', { name: 'Send later…' }).click();
    const later = page().getByTestId('send-later');
    await expect.poll(() => later.locator('#sf-content').inputValue()).toBe('Yesterday / today / blockers');
    // Still in the lunch group's conversation: its two other people are the recipients.
    expect(await later.getByLabel('Direct message').isChecked()).toBe(true);
    await expect.poll(() => later.getByTestId('picked-person').count()).toBe(2);
    await screenshot(page(), 'compose-send-later');
    await later.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => later.count()).toBe(0);
    expect(await composer().inputValue()).toBe('Yesterday / today / blockers');
    await composer().fill('');
  });

  it('queues a message sent offline, shows it sending, and shows it once after reconnecting', async () => {
    await screenshot(page(), 'compose-conversation');
    await world.stopService();
    await expect.poll(() => page().getByTestId('offline-banner').count(), { timeout: 15_000 }).toBe(1);
    await composer().fill('Written on the train');
    await composer().press('Enter');
    await expect.poll(() => pendingMessage('Written on the train').textContent()).toContain('sending…');
    expect(await composer().inputValue()).toBe('');
    await screenshot(page(), 'compose-offline-sending');

    await world.startServiceAgain();
    await feedMessage('Written on the train').waitFor({ timeout: 20_000 });
    await expect.poll(() => pendingMessage('Written on the train').count()).toBe(0);
    expect(await feedMessage('Written on the train').count()).toBe(1);
  });

  it('shows a message written offline and refused on reconnect as failed with the reason; edited, it is resent', async () => {
    await newTopic('leadership', 'Board', 'Agenda to follow');
    await feedMessage('Agenda to follow').waitFor();
    // The administrator leaves the private channel (the app has not heard yet), and the message
    // is written offline: on reconnect the server refuses it.
    world.service.db.prepare('UPDATE subscriptions SET active = 0 WHERE user_id = ? AND stream_id = 5').run(adminId);
    await world.stopService();
    await expect.poll(() => page().getByTestId('offline-banner').count(), { timeout: 15_000 }).toBe(1);
    await composer().fill('Budget draft attached');
    await composer().press('Enter');
    const failed = pendingMessage('Budget draft attached');
    await expect.poll(() => failed.getAttribute('data-state')).toBe('sending');
    await world.startServiceAgain();
    await expect.poll(() => failed.getAttribute('data-state'), { timeout: 15_000 }).toBe('failed');
    expect(await failed.textContent()).toMatch(/failed: .*(does not exist|Not authorized)/i);
    await screenshot(page(), 'compose-failed');
    await expectSerious('failed message');

    world.service.db.prepare('UPDATE subscriptions SET active = 1 WHERE user_id = ? AND stream_id = 5').run(adminId);
    await failed.getByRole('button', { name: 'Edit' }).click();
    await expect.poll(() => composer().inputValue()).toBe('Budget draft attached');
    await composer().fill('Budget draft attached, v2');
    await composer().press('Enter');
    await feedMessage('Budget draft attached, v2').waitFor({ timeout: 15_000 });
    await expect.poll(() => page().getByTestId('pending-message').count()).toBe(0);
    expect(await feedMessage('Budget draft attached, v2').count()).toBe(1);
  });

  it('does not bring a sent message back as its draft when the send answers after the draft would have been saved (send at once, draft save due at 300 ms, answer after 600 ms)', async () => {
    await newTopic('general', 'Slow send', 'Opening a slow topic');
    await feedMessage('Opening a slow topic').waitFor();
    // Every answer of the server now takes 600 ms: the send is still out when the draft save typing armed comes due.
    world.service.faults.latencyMs = 600;
    try {
      await composer().fill('Sent, never a draft');
      await composer().press('Enter');
      await feedMessage('Sent, never a draft').waitFor();
    } finally {
      world.service.faults.latencyMs = 0;
    }
    expect(await composer().inputValue()).toBe('');
    expect(await asCalled(world.app.core.handlers)['drafts.get']({ conversation: 'channel:1:Slow send' })).toBeNull();
    await openDrafts();
    expect(await page().getByTestId('draft').filter({ hasText: 'Sent, never a draft' }).count()).toBe(0);
    const channel = page().locator('nav.sidebar [data-row="channel:1"]');
    if ((await channel.getAttribute('aria-expanded')) === 'false') await channel.click();
    await page().locator('nav.sidebar [data-conversation="channel:1:Slow send"]').click();
    await conversation('channel:1:Slow send').waitFor();
    expect(await composer().inputValue()).toBe('');
  });

  it('sends a second message typed before main answered the first: both arrive, each once', async () => {
    await newTopic('general', 'Quick succession', 'Opening a quick topic');
    await feedMessage('Opening a quick topic').waitFor();
    const handlers = world.app.core.handlers;
    const send = handlers['messages.send'];
    // A busy main process: the first send is queued (and delivered) but its answer is held until
    // the second message has been sent from the box.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    handlers['messages.send'] = async (args) => {
      const value = await send(args);
      await held;
      return value;
    };
    const onServer = (content: string) => Number(world.service.db.prepare('SELECT count(*) FROM messages WHERE content = ?').pluck().get(content));
    try {
      await composer().fill('First, quickly');
      await composer().press('Enter');
      await expect.poll(() => onServer('First, quickly')).toBe(1);
      await composer().fill('Second, right after');
      await composer().press('Enter');
      await expect.poll(() => onServer('Second, right after')).toBe(1);
    } finally {
      release();
      handlers['messages.send'] = send;
    }
    await feedMessage('Second, right after').waitFor();
    expect([onServer('First, quickly'), onServer('Second, right after')]).toEqual([1, 1]);
  });

  it('takes a draft along when someone resolves its topic while it is not open', async () => {
    const opening = Number(world.service.db.prepare("SELECT id FROM messages WHERE topic = 'Second topic' ORDER BY id LIMIT 1").pluck().get());
    const owner = world.service.accounts.find((a) => a.role === 100)!;
    expect((await clientFor(world.service.url, owner).patch(`/messages/${opening}`, { topic: '✔ Second topic', propagate_mode: 'change_all' })).status).toBe(200);
    await openDrafts();
    const moved = page().getByTestId('draft').filter({ hasText: 'Draft in the second topic' });
    await expect.poll(() => moved.locator('.draft-title').textContent()).toBe('#general › ✔ Second topic');
    expect(await page().getByTestId('draft').count()).toBe(1);
    await moved.getByRole('button').first().click();
    await conversation('channel:1:✔ Second topic').waitFor();
    await expect.poll(() => composer().inputValue()).toBe('Draft in the second topic');
    await composer().fill('');
  });
});
