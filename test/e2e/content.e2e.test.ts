/// <reference lib="dom" />
// A conversation holding every kind of message content, as the real server renders it (the HTML
// of ../shared/reference/real/rendered-markdown.json, with the simulator's people and groups where
// a case names someone): looked at in the light and dark themes with axe, a spoiler opened and
// closed from the keyboard, the lightbox opened, moved through, zoomed and left with the keyboard,
// the mention of the reader standing out, and links followed (issue 26 item 13: no link opens a
// page carrying the app's token; links to the organization open in the app).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceAccount } from '../service/index';
import { clientFor } from '../service/testing/client';
import { checkScreen } from './a11y';
import { chooseTheme, openWorld, signInThroughScreen, waitFor, type World } from './harness';

const recorded = new Map(
  (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'shared', 'reference', 'real', 'rendered-markdown.json'), 'utf8')) as { cases: { name: string; rendered: string }[] }).cases.map(
    (c) => [c.name, c.rendered],
  ),
);
const real = (name: string): string => recorded.get(name) ?? '';

const TOPIC = 'everything';
const CONVERSATION = `channel:1:${TOPIC}`;
/**
 * Sent by Mark Member, read by Adam Admin (user 2), who is in the Support team (group 9). Priya (7)
 * and Hana (9) uploaded avatars, which stand in for uploaded images (served with credentials).
 */
const MESSAGES: { content: string; rendered: string }[] = [
  { content: 'code', rendered: `${real('codeblock_hilite_python')}\n<p>Run <code>make test</code> first.</p>` },
  { content: 'quote, list and table', rendered: `${real('fenced_normal_quote')}\n${real('list_complexly_nested')}\n${real('tables')}` },
  {
    content: 'mentions',
    rendered:
      '<p><span class="user-mention" data-user-id="2">@Adam Admin</span> could you look? cc <span class="user-group-mention" data-user-group-id="9">@Support team</span>, ' +
      '<span class="user-mention silent" data-user-id="9">Hana Sato</span> and <span class="user-mention channel-wildcard-mention" data-user-id="*">@all</span></p>',
  },
  { content: 'mention of someone else', rendered: '<p>Thanks <span class="user-mention" data-user-id="9">@Hana Sato</span>!</p>' },
  {
    content: 'emoji',
    rendered: `${real('new_emoji_test')}\n<p>Custom: <img alt=":priya:" class="emoji" src="/user_avatars/7.png" title="priya"> and ${real('star_emoji').replace(/^<p>|<\/p>$/g, '')}</p>`,
  },
  { content: 'maths', rendered: `${real('tex_inline')}\n${real('tex_fenced_math')}` },
  { content: 'spoiler', rendered: real('spoilers_fenced_spoiler') },
  { content: 'time', rendered: real('timestamp_unix') },
  {
    content: 'images',
    rendered:
      '<p>Two photos</p>\n<div class="message_inline_image"><a href="/user_avatars/7.png" title="priya.png"><img src="/user_avatars/7.png"></a></div>' +
      '<div class="message_inline_image"><a href="/user_avatars/9.png" title="hana.png"><img src="/user_avatars/9.png"></a></div>',
  },
  {
    content: 'video and preview',
    rendered:
      `${real('only_inline_video')}\n` +
      '<div class="message_embed"><a class="message_embed_image" href="https://example.com/about" style="background-image: url(&quot;/user_avatars/9.png&quot;)"></a><div class="data-container"><div class="message_embed_title"><a href="https://example.com/about" title="About us">About us</a></div><div class="message_embed_description">All about the example company.</div></div></div>',
  },
  { content: '/me waves', rendered: '<p>/me waves</p>' },
  {
    content: 'links',
    rendered:
      '<p>See <a class="stream-topic" data-stream-id="1" href="#narrow/channel/1-general/topic/lunch.20plans">#general &gt; lunch plans</a>, ' +
      '<a href="/#narrow/channel/1-general/topic/welcome">the welcome</a>, <a href="/user_uploads/2/ab/notes.txt">notes.txt</a> and <a href="https://example.com/docs">the docs</a>.</p>',
  },
  { content: 'heading', rendered: '<h2>Release notes</h2>\n<p>Old plan: <del>Friday</del></p>\n<hr>\n<p>New plan: Monday</p>' },
];

let world: World;
let page: Page;
let admin: ServiceAccount;
let token: string;

async function openTopic(): Promise<void> {
  const channel = page.locator('nav.sidebar [data-row="channel:1"]');
  if ((await channel.getAttribute('aria-expanded')) === 'false') await channel.click();
  await page.locator(`nav.sidebar [data-conversation="${CONVERSATION}"]`).click();
  await page.locator(`section.conversation[data-conversation="${CONVERSATION}"]`).waitFor();
  await waitFor(async () => (await page.getByTestId('message').count()) === MESSAGES.length, 'every message shown');
}

/** The id of each message, by its content. */
const ids = new Map<string, number>();
const message = (content: string) => page.locator(`[data-testid=message][data-message-id="${ids.get(content)}"]`);

beforeAll(async () => {
  world = await openWorld('content');
  page = world.page;
  // Tall enough that the conversation shows every message at once.
  await page.setViewportSize({ width: 1280, height: 3400 });
  admin = world.service.accounts.find((a) => a.role === 200)!;
  token = new URL(world.app.browser.url).searchParams.get('token') ?? '';
  const client = clientFor(world.service.url, world.service.accounts.find((a) => a.role === 400)!);
  for (const { content, rendered } of MESSAGES) {
    const reply = await client.post('/messages', { type: 'stream', to: 'general', topic: TOPIC, content });
    const id = Number(reply.body['id']);
    ids.set(content, id);
    // The simulator renders a small Markdown subset: the real server's HTML takes its place.
    world.service.db.prepare('UPDATE messages SET rendered_content = ? WHERE id = ?').run(rendered, id);
  }
  // Elsewhere, a link to the channel itself (it opens the channel's feed of every topic).
  await client.post('/messages', { type: 'stream', to: 'random', topic: 'elsewhere', content: 'channel link' });
  world.service.db
    .prepare("UPDATE messages SET rendered_content = ? WHERE content = 'channel link'")
    .run('<p>Back to <a class="stream" data-stream-id="1" href="/#narrow/channel/1-general">#general</a></p>');
  await signInThroughScreen(page, world.service.url, admin);
  await openTopic();
}, 60_000);

afterAll(() => world?.close());

describe('a conversation holding every kind of content', () => {
  it('reads as the family’s clients show it, in the light and the dark theme, with nothing serious for axe', async () => {
    await page.locator('[data-testid=math] .katex').first().waitFor();
    // Images come through main: wait until each has loaded (or failed) before looking.
    await expect.poll(() => page.evaluate(() => [...document.querySelectorAll<HTMLImageElement>('.rendered img')].every((img) => img.complete && img.naturalWidth > 0))).toBe(true);
    expect(await message('code').locator('.code-block .code-language').textContent()).toBe('Python');
    expect(await message('code').locator('pre .k').first().textContent()).toBe('def');
    expect(await message('maths').locator('.math-block .katex-display').count()).toBe(1);
    expect(await message('time').locator('time.time-mention').getAttribute('datetime')).toBe('2017-06-05T22:30:00.000Z');
    expect(await message('/me waves').getByTestId('me-message').textContent()).toBe('Mark Member waves');
    expect(await message('emoji').locator('img.emoji[alt=":priya:"]').getAttribute('src')).toMatch(/^\/server-image\/[^/]+\/[0-9a-f]{16}\/user_avatars\/7\.png$/);
    // KaTeX's fonts come from the app itself (the CSP allows no other origin), and nothing of the
    // content tripped the CSP.
    expect(await page.evaluate(async () => (await document.fonts.ready).check('16px KaTeX_Main'))).toBe(true);
    expect(await page.evaluate(() => [...document.fonts].some((font) => font.family.includes('KaTeX_Main') && font.status === 'loaded'))).toBe(true);
    await checkScreen(page, 'content-light');
    await chooseTheme(page, 'Dark');
    await openTopic();
    await page.locator('[data-testid=math] .katex').first().waitFor();
    await checkScreen(page, 'content-dark');
    await chooseTheme(page, 'Light');
    await openTopic();
    expect(world.app.browser.cspReports.count, JSON.stringify(world.app.browser.cspReports.latest)).toBe(0);
  });

  it('marks the message that mentions the reader (by name, by group, by wildcard), and only that one', async () => {
    await expect.poll(() => message('mentions').getAttribute('data-mentioned')).toBe('true');
    expect(await message('mention of someone else').getAttribute('data-mentioned')).toBeNull();
    expect(await message('mentions').locator('.mention.to-reader').allTextContents()).toEqual(['@Adam Admin', '@Support team', '@all']);
    expect(await message('mentions').locator('.mention.silent').textContent()).toBe('Hana Sato');
  });

  it('opens and closes a spoiler from the keyboard', async () => {
    const spoiler = message('spoiler').getByTestId('spoiler');
    const toggle = spoiler.getByRole('button', { name: 'Show spoiler' });
    const content = spoiler.getByTestId('spoiler-content');
    expect(await content.isVisible()).toBe(false);
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => content.isVisible()).toBe(true);
    expect(await content.textContent()).toContain('content');
    expect(await spoiler.locator('.spoiler-toggle').getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Space');
    await expect.poll(() => content.isVisible()).toBe(false);
  });

  it('shows an image in the lightbox, moves to the next, zooms, and gives the focus back on Escape', async () => {
    const previews = message('images').getByTestId('image-preview');
    await previews.first().focus();
    await page.keyboard.press('Enter');
    const lightbox = page.getByTestId('lightbox');
    await expect.poll(() => lightbox.isVisible()).toBe(true);
    expect(await lightbox.locator('.lightbox-count').textContent()).toBe('1 of 2');
    expect(await lightbox.getByTestId('lightbox-image').getAttribute('src')).toMatch(/\/user_avatars\/7\.png$/);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => lightbox.locator('.lightbox-count').textContent()).toBe('2 of 2');
    expect(await lightbox.getByTestId('lightbox-image').getAttribute('src')).toMatch(/\/user_avatars\/9\.png$/);
    const zoom = await lightbox.locator('.lightbox-zoom').textContent();
    await page.keyboard.press('+');
    await expect.poll(() => lightbox.locator('.lightbox-zoom').textContent()).not.toBe(zoom);
    await checkScreen(page, 'content-lightbox');
    await page.keyboard.press('Escape');
    await expect.poll(() => lightbox.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open priya.png');
  });
});

describe('links of a message (issue 26 item 13)', () => {
  /** Every page the browser opened beside the app's own. */
  const opened: Page[] = [];
  beforeAll(async () => {
    page.context().on('page', (other) => void opened.push(other));
    // The outside page is answered here: the test machine has no way out.
    await page.context().route('https://example.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'outside' }));
  });

  const conversationShown = () => page.locator('section.conversation').getAttribute('data-conversation');

  it('open the organization’s topics in the app, and no page ever carries the app’s token', async () => {
    const links = message('links');
    await links.getByText('#general > lunch plans').click();
    await expect.poll(conversationShown).toBe('channel:1:lunch plans');
    await page.keyboard.press('Alt+ArrowLeft');
    await expect.poll(conversationShown).toBe(CONVERSATION);
    await links.getByText('the welcome').click();
    await expect.poll(conversationShown).toBe('channel:1:welcome');
    await page.keyboard.press('Alt+ArrowLeft');
    await expect.poll(conversationShown).toBe(CONVERSATION);

    // An uploaded file is saved through main (a download here), its address never a page; an
    // outside page and a topic opened "in a new tab" are pages of the organization's site and
    // elsewhere, in the browser, never of the app.
    const download = page.waitForEvent('download');
    await links.getByTestId('file-card').filter({ hasText: 'notes.txt' }).getByTestId('save-file').click();
    expect((await download).suggestedFilename()).toBe('notes.txt');
    await links.getByText('the docs').click();
    await links.getByText('#general > lunch plans').click({ button: 'middle' });
    await expect.poll(() => opened.length).toBe(2);
    await Promise.all(opened.map((other) => other.waitForLoadState('domcontentloaded')));
    const urls = opened.map((other) => other.url());
    for (const url of urls) {
      expect(url).not.toContain(token);
      expect(url.startsWith(new URL(world.app.browser.url).origin)).toBe(false);
    }
    expect(urls).toEqual(
      expect.arrayContaining([
        'https://example.com/docs',
        `${world.service.url}/#narrow/channel/1-general/topic/lunch.20plans`,
      ]),
    );
    expect(await conversationShown()).toBe(CONVERSATION);
  });

  it('to a channel open its feed of every topic', async () => {
    const channel = page.locator('nav.sidebar [data-row="channel:2"]');
    if ((await channel.getAttribute('aria-expanded')) === 'false') await channel.click();
    await page.locator('nav.sidebar [data-conversation="channel:2:elsewhere"]').click();
    await expect.poll(conversationShown).toBe('channel:2:elsewhere');
    await page.locator('section.conversation').getByText('#general').click();
    const feed = page.locator('section.channel-feed[data-stream="1"]');
    await expect.poll(() => feed.locator('#channel-feed-title').textContent()).toBe('#general');
    await expect.poll(() => feed.getByTestId('topic-header').filter({ hasText: TOPIC }).count()).toBeGreaterThan(0);
  });
});
