/// <reference lib="dom" />
// A conversation reads like a chat (issue 24 §2): it opens at the first unread message under a
// "New messages" divider, marks messages read as they come into view (not all at once), lets the
// reader jump to the newest, groups a sender's run of messages under one avatar and name, and puts
// a divider on each day. Looked at in the light and dark themes with axe.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceAccount } from '../service/index';
import { clientFor } from '../service/testing/client';
import { checkScreen } from './a11y';
import { chooseTheme, openWorld, signInThroughScreen, waitFor, type World } from './harness';

const TOPIC = 'feed';
const CONVERSATION = `channel:1:${TOPIC}`;
const DAY = 86_400;
/** Read by the reader: ten three days ago, ten yesterday. Unread: forty today. */
const OLD = 10;
const YESTERDAY = 10;
const TODAY = 40;

/** Real server HTML for the first unread ones, so the screenshots show rich content. */
const RICH = [
  '<p>The fix, for review:</p>\n<div class="codehilite" data-code-language="Python"><pre><span></span><code><span class="k">def</span> <span class="nf">total</span><span class="p">(</span><span class="n">xs</span><span class="p">):</span>\n    <span class="k">return</span> <span class="nb">sum</span><span class="p">(</span><span class="n">xs</span><span class="p">)</span>\n</code></pre></div>',
  '<blockquote>\n<p>Can we ship it today?</p>\n</blockquote>\n<p>Yes <span aria-label="tada" class="emoji emoji-1f389" role="img" title="tada">:tada:</span> once <code>make test</code> passes.</p>',
];

let world: World;
let page: Page;
let reader: ServiceAccount;
/** Message ids, oldest first. */
const ids: number[] = [];
const firstUnread = () => ids[OLD + YESTERDAY]!;
const newest = () => ids.at(-1)!;
/** The reader's (member@demo.example's) profile zone, in which the feed names the days. */
const READER_ZONE = 'America/Los_Angeles';

/** Seconds since midnight in `zone` at `seconds` (UNIX). */
function secondsIntoDay(zone: string, seconds: number): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(seconds * 1000);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 3600 + part('minute') * 60 + part('second');
}

/** A message's row in the feed: the dividers above it and the message. */
const row = (id: number) => page.locator(`section.conversation .message-list div[data-message-id="${id}"]:has(> [data-testid=message])`);
const shown = (id: number) => page.locator(`section.conversation [data-testid=message][data-message-id="${id}"]`);

async function unreadTotal(): Promise<number> {
  return Number(((await page.getByTestId('unread-total').textContent()) ?? '').replace(/\D+/g, '') || 0);
}

async function inView(id: number): Promise<boolean> {
  return shown(id).evaluate((element) => {
    const list = element.closest('.message-list')!.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return box.top >= list.top - 1 && box.top < list.bottom;
  });
}

async function openTopic(): Promise<void> {
  const channel = page.locator('nav.sidebar [data-row="channel:1"]');
  if ((await channel.getAttribute('aria-expanded')) === 'false') await channel.click();
  await page.locator(`nav.sidebar [data-conversation="${CONVERSATION}"]`).click();
  await page.locator(`section.conversation[data-conversation="${CONVERSATION}"] [data-testid=message]`).first().waitFor();
}

/** Scrolls the conversation up, less than a screen at a time (so no row is skipped), until something shows. */
async function scrollUpTo(target: ReturnType<Page['locator']>): Promise<void> {
  await page.locator('section.conversation .message-list').hover();
  await expect
    .poll(async () => {
      if ((await target.count()) > 0) return true;
      await page.mouse.wheel(0, -400);
      return false;
    }, { timeout: 10_000 })
    .toBe(true);
  await target.scrollIntoViewIfNeeded();
}

beforeAll(async () => {
  world = await openWorld('feed');
  page = world.page;
  page.setDefaultTimeout(10_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const accounts = world.service.accounts;
  reader = accounts.find((a) => a.role === 400)!;
  const senders = [accounts.find((a) => a.role === 200)!, accounts.find((a) => a.role === 100)!];
  // Days as the reader's profile zone counts them: near its midnight, "today" is short, and ten
  // minutes back from now, or a day back, would fall on another day.
  if (secondsIntoDay(READER_ZONE, Date.now() / 1000) <= TODAY + 1) await new Promise((resolve) => setTimeout(resolve, (TODAY + 2) * 1000));
  const now = Math.floor(Date.now() / 1000);
  const into = secondsIntoDay(READER_ZONE, now);
  const noon = (daysBack: number) => now - into - daysBack * DAY + DAY / 2;
  const spacing = Math.max(1, Math.min(15, Math.floor((into - 1) / TODAY)));
  const timestamps = [
    ...Array.from({ length: OLD }, (_, i) => noon(3) + i * 60),
    ...Array.from({ length: YESTERDAY }, (_, i) => noon(1) + i * 60),
    ...Array.from({ length: TODAY }, (_, i) => now - (TODAY - i) * spacing),
  ];
  for (const [index, timestamp] of timestamps.entries()) {
    // Old ones from one sender a minute apart (one run); today's in runs of three.
    const sender = index < OLD ? senders[0]! : senders[Math.floor(index / 3) % 2]!;
    const reply = await clientFor(world.service.url, sender).post('/messages', { type: 'stream', to: 'general', topic: TOPIC, content: `message ${index + 1}` });
    const id = Number(reply.body['id']);
    ids.push(id);
    world.service.db.prepare('UPDATE messages SET timestamp = ? WHERE id = ?').run(timestamp, id);
    if (index < OLD + YESTERDAY) world.service.db.prepare('UPDATE user_messages SET flags = flags | 1 WHERE user_id = ? AND message_id = ?').run(reader.user_id, id);
    const rich = RICH[index - OLD - YESTERDAY];
    if (rich !== undefined) world.service.db.prepare('UPDATE messages SET rendered_content = ? WHERE id = ?').run(rich, id);
  }
  await signInThroughScreen(page, world.service.url, reader);
  await page.bringToFront();
}, 60_000);

afterAll(() => world?.close());

describe('a conversation that reads like a chat', () => {
  let before = 0;

  it('opens at the first unread message under a New messages divider, the newest out of view', async () => {
    await waitFor(async () => (await unreadTotal()) >= TODAY, 'the unread count');
    before = await unreadTotal();
    await openTopic();
    const divider = page.getByTestId('new-messages');
    await divider.waitFor();
    expect(await divider.evaluate((element) => element.parentElement?.getAttribute('data-message-id'))).toBe(String(firstUnread()));
    expect(await row(firstUnread()).getByTestId('day-divider').textContent()).toBe('Today');
    await expect.poll(() => inView(firstUnread())).toBe(true);
    expect(await shown(newest()).count()).toBe(0);
    expect(await page.getByTestId('jump-newest').isVisible()).toBe(true);
  });

  it('marks read what came into view, and the count follows, not all at once', async () => {
    await expect.poll(() => unreadTotal()).toBeLessThan(before);
    await expect.poll(() => shown(firstUnread()).getAttribute('data-unread')).toBeNull();
    // Those below the window are still unread.
    expect(await unreadTotal()).toBeGreaterThan(before - TODAY);
  });

  it('groups a sender’s run under one name, with a divider for each day', async () => {
    // The read ones above: three days ago (one run of ten from one sender) and yesterday.
    await scrollUpTo(page.getByText('The beginning of the conversation.'));
    expect(await row(ids[0]!).getByTestId('day-divider').textContent()).toMatch(/\d{4}/);
    expect(await row(ids[1]!).getByTestId('day-divider').count()).toBe(0);
    expect(await Promise.all(ids.slice(0, OLD).map((id) => shown(id).count()))).toEqual(Array(OLD).fill(1));
    const oldRun = await Promise.all(ids.slice(0, OLD).map((id) => shown(id).getByTestId('sender').count()));
    expect(oldRun).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    await row(ids[OLD]!).scrollIntoViewIfNeeded();
    expect(await row(ids[OLD]!).getByTestId('day-divider').textContent()).toBe('Yesterday');
    expect(await shown(ids[OLD]!).getByTestId('sender').count()).toBe(1);
  });

  it('jumps to the newest message, which is then seen and read', async () => {
    await page.getByTestId('jump-newest').click();
    await expect.poll(() => shown(newest()).count()).toBe(1);
    await expect.poll(() => inView(newest())).toBe(true);
    await expect.poll(() => shown(newest()).getAttribute('data-unread')).toBeNull();
    await expect.poll(() => page.getByTestId('jump-newest').count()).toBe(0);
  });

  it('looks right in the light and the dark theme, with nothing serious for axe', async () => {
    await scrollUpTo(page.locator(`[data-message-id="${firstUnread()}"] .code-block`));
    await checkScreen(page, 'feed-light');
    await chooseTheme(page, 'Dark');
    await openTopic();
    await scrollUpTo(page.locator(`[data-message-id="${firstUnread()}"] .code-block`));
    await checkScreen(page, 'feed-dark');
  });
});

describe('topic actions a member may take', () => {
  const header = () => page.locator('section.conversation header.conversation-header');

  it('resolves the topic (its name with ✔) and unresolves it, following it each time', async () => {
    await page.getByTestId('resolve-topic').click();
    await expect.poll(() => header().locator('h2').textContent()).toBe('#general › ✔ feed');
    expect(await page.locator('section.conversation').getAttribute('data-conversation')).toBe('channel:1:✔ feed');
    await page.getByTestId('resolve-topic').click();
    await expect.poll(() => header().locator('h2').textContent()).toBe('#general › feed');
  });

  it('moves the topic under a new name, without a channel choice the organization does not give members', async () => {
    await page.getByTestId('move-topic-open').click();
    const form = page.getByTestId('move-messages');
    expect(await form.getByTestId('move-channel').count()).toBe(0);
    expect(await form.getByTestId('move-mode').inputValue()).toBe('change_all');
    await form.getByTestId('move-topic').fill('feed, moved');
    await checkScreen(page, 'topic-move');
    await form.getByRole('button', { name: 'Move', exact: true }).click();
    await expect.poll(() => header().locator('h2').textContent()).toBe('#general › feed, moved');
    // The server's notice follows the topic: where it came from, and who moved it.
    await page.locator('section.conversation [data-testid=message]', { hasText: 'This topic was moved here from #general > feed by' }).waitFor();
    const topics = await world.service.db.prepare('SELECT DISTINCT topic FROM messages WHERE id >= ? AND id <= ?').pluck().all(ids[0], newest());
    expect(topics).toEqual(['feed, moved']);
  });

  it('moves one message, chosen from its menu, to another topic, the rest staying', async () => {
    // The newest message written (the server's notice of the rename comes after it).
    const id = ids.at(-1)!;
    const last = shown(id);
    await last.hover();
    await last.getByTestId('more-actions').click();
    await page.getByRole('menuitem', { name: 'Move…' }).click();
    const form = page.getByTestId('move-messages');
    expect(await form.getByTestId('move-mode').inputValue()).toBe('change_one');
    await form.getByTestId('move-topic').fill('one of them');
    await form.getByRole('button', { name: 'Move', exact: true }).click();
    await expect.poll(() => shown(id).count()).toBe(0);
    expect(await page.locator('section.conversation').getAttribute('data-conversation')).toBe('channel:1:feed, moved');
    expect(world.service.db.prepare('SELECT topic FROM messages WHERE id = ?').pluck().get(id)).toBe('one of them');
    expect(world.service.db.prepare("SELECT COUNT(*) FROM messages WHERE topic = 'feed, moved' AND client != 'Internal'").pluck().get()).toBe(ids.length - 1);
  });
});

describe('the keys of a conversation', () => {
  const section = () => page.locator('section.conversation');
  const focusedMessage = () => page.evaluate(() => document.activeElement?.getAttribute('data-message-id') ?? null);

  it('? lists the keys, j and k move between messages, r goes to the compose box', async () => {
    await section().locator('[data-testid=message] .rendered').last().click();
    await page.keyboard.press('?');
    const help = page.getByTestId('keys-help');
    await help.waitFor();
    expect(await help.locator('dt').allTextContents()).toEqual(['n', 'r', 'c', 'j', 'k', 'i', ':', 'e', 'Shift+U', '?', '↑', 'Esc']);
    await checkScreen(page, 'feed-keys-help');
    await page.keyboard.press('Escape');
    await expect.poll(() => help.count()).toBe(0);
    // A click selects the message; k and j go from it.
    const clicked = section().locator('[data-testid=message]').last();
    const last = Number(await clicked.getAttribute('data-message-id'));
    await clicked.locator('.rendered').click();
    await page.keyboard.press('k');
    await expect.poll(async () => Number(await focusedMessage())).toBeLessThan(last);
    const previous = Number(await focusedMessage());
    await page.keyboard.press('j');
    await expect.poll(async () => Number(await focusedMessage())).toBe(last);
    await page.keyboard.press('k');
    await expect.poll(async () => Number(await focusedMessage())).toBe(previous);
    // i opens the selected message's menu, : its reaction picker; Escape closes each.
    await page.keyboard.press('i');
    await shown(previous).getByTestId('message-menu').waitFor();
    await page.keyboard.press('Escape');
    await shown(previous).getByTestId('message-menu').waitFor({ state: 'detached' });
    await page.keyboard.press(':');
    await shown(previous).getByTestId('emoji-picker').waitFor();
    await page.keyboard.press('Escape');
    await shown(previous).getByTestId('emoji-picker').waitFor({ state: 'detached' });
    await page.keyboard.press('r');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('composer');
  });

  it('↑ in the empty compose box opens your last message for editing, and so does e on it', async () => {
    await page.getByTestId('composer').fill('mine, to edit');
    await page.getByTestId('composer').press('Enter');
    const mine = section().locator('[data-testid=message]', { hasText: 'mine, to edit' });
    await mine.waitFor();
    // Filed by its event, out of the outbox: a message of yours in the conversation.
    await expect.poll(() => page.getByTestId('pending').count()).toBe(0);
    // Found by id: open for editing, its text is in the editor's box rather than the message.
    const id = Number(await mine.getAttribute('data-message-id'));
    await page.getByTestId('composer').press('ArrowUp');
    await expect.poll(() => shown(id).getByRole('textbox', { name: 'Edit message' }).inputValue()).toBe('mine, to edit');
    // e on the message selected opens it for editing too.
    await page.getByRole('textbox', { name: 'Edit message' }).press('Escape');
    await shown(id).getByRole('textbox', { name: 'Edit message' }).waitFor({ state: 'detached' });
    await shown(id).locator('.rendered').click();
    await page.keyboard.press('e');
    await expect.poll(() => shown(id).getByRole('textbox', { name: 'Edit message' }).inputValue()).toBe('mine, to edit');
  });

  it('c starts a new topic, n goes to the next unread topic', async () => {
    await page.getByRole('textbox', { name: 'Edit message' }).press('Escape');
    await section().locator('[data-testid=message] .rendered').last().click();
    await page.keyboard.press('c');
    await page.getByTestId('new-topic-topic').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('new-topic-topic').count()).toBe(0);
    const here = await section().getAttribute('data-conversation');
    await section().locator('[data-testid=message] .rendered').last().click();
    await page.keyboard.press('n');
    await expect.poll(() => section().getAttribute('data-conversation')).not.toBe(here);
  });

  it('quotes a message into the compose box from its menu', async () => {
    const last = section().locator('[data-testid=message]').last();
    const id = Number(await last.getAttribute('data-message-id'));
    const sender = await world.service.db.prepare('SELECT u.full_name FROM messages m JOIN users u ON u.user_id = m.sender_id WHERE m.id = ?').pluck().get(id);
    await last.hover();
    await last.getByTestId('more-actions').click();
    await page.getByRole('menuitem', { name: 'Quote and reply' }).click();
    await expect.poll(() => page.getByTestId('composer').inputValue()).toMatch(new RegExp(`^@_\\*\\*${String(sender)}\\|\\d+\\*\\* \\[said\\]\\(.*/#narrow/near/${id}\\):\\n\`\`\`quote\\n`));
  });
});


describe('a link to a message of a conversation', () => {
  // As a search result or a notification does: the conversation opens at that message, however far from its first unread.
  it('opens the conversation at that message, where it is now, selected, the newest out of view', async () => {
    const target = ids[1]!;
    // Where the message is now: a test above moved the topic.
    const topic = String(world.service.db.prepare('SELECT topic FROM messages WHERE id = ?').pluck().get(target));
    expect(topic).not.toBe(TOPIC);
    const author = world.service.accounts.find((a) => a.role === 200)!;
    // A link made before the move names the topic as it was, in the family's hash encoding.
    const link = `#narrow/channel/1-general/topic/${encodeURIComponent(TOPIC).replace(/%/g, '.')}/near/${target}`;
    await clientFor(world.service.url, author).post('/messages', { type: 'stream', to: 'general', topic: 'links', content: `[the start of it](${link})` });
    const channel = page.locator('nav.sidebar [data-row="channel:1"]');
    if ((await channel.getAttribute('aria-expanded')) === 'false') await channel.click();
    await page.locator('nav.sidebar [data-conversation="channel:1:links"]').click();
    await page.getByRole('link', { name: 'the start of it' }).click();
    await expect.poll(() => page.locator('section.conversation').getAttribute('data-conversation')).toBe(`channel:1:${topic}`);
    await expect.poll(() => row(target).getAttribute('class')).toMatch(/\bselected\b/);
    await expect.poll(() => inView(target)).toBe(true);
    expect(await shown(newest()).count()).toBe(0);
  });

  it('sending from there goes to the newest messages, where the one sent shows', async () => {
    await page.getByTestId('composer').fill('sent from an old place');
    await page.getByTestId('composer').press('Enter');
    const sent = page.locator('section.conversation [data-testid=message]', { hasText: 'sent from an old place' });
    await expect.poll(() => sent.count()).toBe(1);
    const id = Number(await sent.getAttribute('data-message-id'));
    await expect.poll(() => inView(id)).toBe(true);
  });

  it('keeps an edit through its message scrolling out of view and back, and hands it to the compose box when someone deletes the message', async () => {
    const mine = page.locator('section.conversation [data-testid=message]', { hasText: 'sent from an old place' });
    // Filed by its event, out of the outbox: a message of yours in the conversation, the compose box empty.
    await expect.poll(() => page.getByTestId('pending').count()).toBe(0);
    expect(await page.getByTestId('composer').inputValue()).toBe('');
    const id = Number(await mine.getAttribute('data-message-id'));
    await page.getByTestId('composer').press('ArrowUp');
    const editor = shown(id).getByRole('textbox', { name: 'Edit message' });
    await expect.poll(() => editor.inputValue()).toBe('sent from an old place');
    // Typed once the editor has the focus, its caret at the end, as a person would.
    await expect.poll(() => editor.evaluate((box) => box === document.activeElement)).toBe(true);
    await editor.fill('sent from an old place, and second thoughts');
    // Far enough up that the list lets the message's row go, then back.
    await page.locator('section.conversation .message-list').hover();
    await expect
      .poll(async () => {
        if ((await shown(id).count()) === 0) return true;
        await page.mouse.wheel(0, -800);
        return false;
      })
      .toBe(true);
    await page.getByTestId('jump-newest').click();
    await expect.poll(() => editor.inputValue()).toBe('sent from an old place, and second thoughts');

    const admin = world.service.accounts.find((a) => a.role === 200)!;
    expect((await clientFor(world.service.url, admin).delete(`/messages/${id}`)).status).toBe(200);
    await expect.poll(() => shown(id).count()).toBe(0);
    await expect.poll(() => page.getByTestId('composer').inputValue()).toBe('sent from an old place, and second thoughts');
    expect(await page.getByTestId('compose-notice').textContent()).toBe('The message you were editing was deleted or moved: what you wrote is here.');
  });

  it('keeps an edit left open while another conversation is read, and puts its text in the draft when someone deletes the message meanwhile', async () => {
    const here = (await page.locator('section.conversation').getAttribute('data-conversation'))!;
    await page.getByTestId('composer').fill('left open while away');
    await page.getByTestId('composer').press('Enter');
    const mine = page.locator('section.conversation [data-testid=message]', { hasText: 'left open while away' });
    await expect.poll(() => page.getByTestId('pending').count()).toBe(0);
    const id = Number(await mine.getAttribute('data-message-id'));
    await page.getByTestId('composer').press('ArrowUp');
    const editor = shown(id).getByRole('textbox', { name: 'Edit message' });
    await expect.poll(() => editor.inputValue()).toBe('left open while away');
    // Typed once the editor has the focus and its caret at the end, as above.
    await expect.poll(() => editor.evaluate((box) => box === document.activeElement)).toBe(true);
    await editor.fill('left open while away, and changed');
    // Another conversation read, then back: the editor is open on the message with what was typed.
    const elsewhere = page.locator('nav.sidebar [data-conversation="channel:1:links"]');
    await elsewhere.click();
    await page.locator('section.conversation[data-conversation="channel:1:links"]').waitFor();
    await page.locator(`nav.sidebar [data-conversation="${here}"]`).click();
    await expect.poll(() => editor.inputValue()).toBe('left open while away, and changed');

    // Left open again, and deleted by someone while nobody shows it: the text is the conversation's draft.
    await page.locator('[data-row="view:drafts"]').click();
    const admin = world.service.accounts.find((a) => a.role === 200)!;
    expect((await clientFor(world.service.url, admin).delete(`/messages/${id}`)).status).toBe(200);
    const draft = page.getByTestId('draft').filter({ hasText: 'left open while away, and changed' });
    await draft.getByRole('button', { name: /left open while away/ }).click();
    await expect.poll(() => page.locator('section.conversation').getAttribute('data-conversation')).toBe(here);
    await expect.poll(() => page.getByTestId('composer').inputValue()).toBe('left open while away, and changed');
    expect(await page.getByTestId('compose-notice').textContent()).toBe('The message you were editing was deleted or moved: what you wrote is here.');
    expect(await shown(id).count()).toBe(0);
  });

  it('says so when an administrator deletes the topic being read, keeping what is typed', async () => {
    const here = (await page.locator('section.conversation').getAttribute('data-conversation'))!;
    const topic = here.split(':').slice(2).join(':');
    await expect.poll(() => page.locator('section.conversation [data-testid=message]').count()).toBeGreaterThan(0);
    const admin = world.service.accounts.find((a) => a.role === 200)!;
    expect((await clientFor(world.service.url, admin).post('/streams/1/delete_topic', { topic_name: topic })).status).toBe(200);
    await expect.poll(() => page.locator('section.conversation .message-list .empty').textContent()).toBe('The messages here were deleted.');
    expect(await page.getByTestId('composer').inputValue()).toBe('left open while away, and changed');
  });
});
