/// <reference lib="dom" />
// Every case of the real server's rendered Markdown (../shared/reference/real/rendered-markdown.json)
// shown through the app's content components in Chromium, with the app's styles and CSP (browser
// mode serves the page). For each, what a person sees is read off the page and compared with what
// the server's HTML says is there: its words, and each element it writes (headings, lists, quotes,
// code with its language and tokens, tables, mentions, emoji, maths, times, spoilers, previews).
// Then how they look: code highlighted, quotes with their bar, tables with borders, mentions as
// pills, maths drawn by KaTeX once, spoilers closed, times in words.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../main/app/core';
import type { IpcHandlers } from '../../main/handlers/dispatch';
import { startBrowserMode, type BrowserMode } from '../../main/browser/server';
import { CapturingLogger, launchChromium } from './harness';

interface Case {
  name: string;
  input: string;
  rendered: string;
}

const cases: Case[] = (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'shared', 'reference', 'real', 'rendered-markdown.json'), 'utf8')) as { cases: Case[] }).cases;

/** A 1x1 PNG, for every image of the organization the page asks main for. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let outDir: string;
let served: BrowserMode;
let browser: Browser;
let page: Page;
const logger = new CapturingLogger();

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'content-harness-'));
  await build({
    root: join(import.meta.dirname, 'content-harness'),
    configFile: false,
    logLevel: 'warn',
    plugins: [svelte()],
    build: { outDir, emptyOutDir: true, assetsInlineLimit: 0 },
  });
  const handlers = { 'security.cspViolation': (report: unknown) => (logger.warn('csp', { report }), null) } as unknown as IpcHandlers;
  const core: AppCore = {
    handlers,
    onNotice: () => () => undefined,
    serverImage: async () => ({ status: 200, headers: { 'content-type': 'image/png' }, body: PIXEL }),
    download: async () => ({ status: 404, headers: {}, body: new Uint8Array() }),
    networkChanged: () => undefined,
    shutdown: async () => undefined,
  };
  served = await startBrowserMode({ core, rendererDir: outDir, logger });
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(served.url);
  await page.waitForFunction(() => 'renderContent' in window);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await served?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

/** What a piece of content holds, as a person would list it. */
interface Summary {
  text: string;
  paragraphs: number;
  headings: string[];
  lists: string[];
  quotes: number;
  code: { language: string | null; text: string; tokens: string[] }[];
  inlineCode: string[];
  tables: { head: string[]; rows: number; cells: number }[];
  emphasis: { strong: number; em: number; del: number };
  links: string[];
  mentions: string[];
  emoji: string[];
  imageEmoji: string[];
  math: string[];
  times: string[];
  invalid: string[];
  spoilers: { header: string; content: string }[];
  previews: number;
  embeds: number;
}

/**
 * Runs in the page: the summary of the server's HTML (parsed inert, never shown) and of what the
 * page shows, and the ways the shown content does not look as it should.
 */
function readPage(html: string): { expected: Summary; seen: Summary; looks: string[] } {
  const BLOCKS = new Set(['P', 'LI', 'UL', 'OL', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'PRE', 'DIV', 'TABLE', 'TR', 'TD', 'TH', 'THEAD', 'TBODY']);
  const words = (root: Element, skip: string): string => {
    const parts: string[] = [];
    const walk = (node: Node) => {
      if (node.nodeType === 3) parts.push(node.textContent ?? '');
      if (!(node instanceof Element)) return;
      if (node.matches(skip)) return;
      const block = BLOCKS.has(node.tagName) || node.tagName === 'BR';
      if (block) parts.push(' ');
      node.childNodes.forEach(walk);
      if (block) parts.push(' ');
    };
    root.childNodes.forEach(walk);
    return parts.join('').replace(/\s+/g, ' ').trim();
  };
  const text = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
  const all = (root: Element, selector: string) => [...root.querySelectorAll(selector)];
  const glyph = (code: string) => String.fromCodePoint(...code.split('-').map((hex) => parseInt(hex, 16)));
  const noSelector = (selector: string) => selector.replace(/\uFE0F/g, '');

  // Words are compared without what is shown otherwise than as the server's text (maths drawn,
  // times in the reader's zone, emoji as glyphs, images and cards), which the summary lists apart.
  const serverSkip = '.katex, .katex-display, time, span.emoji, img, .message_inline_image, .message_embed';
  const seenSkip = '.code-bar, [data-testid=math], .time-mention, .emoji, img, .image-row, .media-card, .embed, .visually-hidden, .spoiler-placeholder, .spoiler-toggle';
  // The oracle's own parse drops the server's style attributes first: the page's CSP would report
  // each of them (the app's reader never lets the page parse server HTML).
  const unstyled = html.replace(/\sstyle="[^"]*"/g, '');
  const server = new DOMParser().parseFromString(`<div id="root">${unstyled}</div>`, 'text/html').getElementById('root')!;
  const inPreview = '.message_inline_image, .message_embed';
  const expected: Summary = {
    text: words(server, serverSkip),
    paragraphs: all(server, 'p').filter((p) => !p.querySelector(':scope > .katex-display')).length,
    headings: all(server, 'h1, h2, h3, h4, h5, h6').map((h) => `${h.tagName}:${text(h)}`),
    lists: all(server, 'ul, ol').map((list) => `${list.tagName}@${list.getAttribute('start') ?? '1'}:${list.querySelectorAll(':scope > li').length}`),
    quotes: all(server, 'blockquote').length,
    code: all(server, 'div.codehilite').map((block) => ({
      language: block.getAttribute('data-code-language'),
      text: (block.querySelector('code')?.textContent ?? '').replace(/\n$/, ''),
      tokens: [...new Set(all(block, 'code span').map((span) => span.classList[0] ?? '').filter(Boolean))].sort(),
    })),
    inlineCode: all(server, 'code').filter((code) => !code.closest('.codehilite')).map((code) => code.textContent ?? ''),
    tables: all(server, 'table').map((table) => ({ head: all(table, 'th').map(text), rows: all(table, 'tbody tr').length, cells: all(table, 'td').length })),
    emphasis: { strong: all(server, 'strong').length, em: all(server, 'em').length, del: all(server, 'del').length },
    links: all(server, 'a').filter((a) => !a.closest(inPreview)).map(text),
    mentions: all(server, '.user-mention, .user-group-mention, .topic-mention').map((m) => `${text(m)}|${m.classList.contains('silent')}`),
    emoji: all(server, 'span.emoji').map((e) => glyph(/emoji-([0-9a-f-]+)/.exec(e.className)?.[1] ?? '')),
    imageEmoji: all(server, 'img.emoji').map((img) => img.getAttribute('alt') ?? ''),
    math: all(server, '.katex').map((k) => `${k.closest('.katex-display') ? 'display' : 'inline'}:${k.querySelector('annotation')?.textContent ?? ''}`),
    times: all(server, 'time').map((t) => new Date(t.getAttribute('datetime') ?? '').toISOString()),
    invalid: all(server, '.tex-error, .timestamp-error').map(text),
    spoilers: all(server, '.spoiler-block').map((s) => ({ header: words(s.querySelector('.spoiler-header')!, serverSkip), content: words(s.querySelector('.spoiler-content')!, serverSkip) })),
    previews: all(server, '.message_inline_image').length,
    embeds: all(server, '.message_embed').length,
  };

  const shown = document.querySelector('[data-testid=content]')!;
  const inCard = '.image-row, .media-card, .embed';
  const seen: Summary = {
    text: words(shown, seenSkip),
    paragraphs: all(shown, 'p').filter((p) => !p.matches('.spoiler-placeholder, .embed-description')).length,
    headings: all(shown, 'h1, h2, h3, h4, h5, h6').map((h) => `${h.tagName}:${text(h)}`),
    lists: all(shown, 'ul, ol').map((list) => `${list.tagName}@${list.getAttribute('start') ?? '1'}:${list.querySelectorAll(':scope > li').length}`),
    quotes: all(shown, 'blockquote').length,
    code: all(shown, '.code-block').map((block) => ({
      language: block.getAttribute('data-language'),
      text: block.querySelector('pre code')?.textContent ?? '',
      tokens: [...new Set(all(block, 'pre code span').map((span) => span.classList[0] ?? '').filter(Boolean))].sort(),
    })),
    inlineCode: all(shown, 'code').filter((code) => !code.closest('.code-block') && !code.classList.contains('tex-source')).map((code) => code.textContent ?? ''),
    tables: all(shown, 'table').map((table) => ({ head: all(table, 'th').map(text), rows: all(table, 'tbody tr').length, cells: all(table, 'td').length })),
    emphasis: { strong: all(shown, 'strong').length, em: all(shown, 'em').length, del: all(shown, 'del').length },
    links: all(shown, 'a, .link-none').filter((a) => !a.closest(inCard)).map(text),
    mentions: all(shown, '.mention').map((m) => `${text(m)}|${m.classList.contains('silent')}`),
    emoji: all(shown, '.emoji[role=img]').map((e) => noSelector(e.textContent ?? '')),
    imageEmoji: all(shown, 'img.emoji').map((img) => img.getAttribute('alt') ?? ''),
    math: all(shown, '[data-testid=math]').map((m) => `${m.classList.contains('math-block') ? 'display' : 'inline'}:${m.querySelector('annotation')?.textContent ?? ''}`),
    times: all(shown, '.time-mention').map((t) => t.getAttribute('datetime') ?? ''),
    invalid: all(shown, '.invalid').map(text),
    spoilers: all(shown, '.spoiler').map((s) => ({ header: words(s.querySelector('.spoiler-header')!, seenSkip), content: words(s.querySelector('.spoiler-content')!, seenSkip) })),
    previews: all(shown, '.image-row > *').length + all(shown, '.media-card').filter((card) => !card.closest('.image-row')).length,
    embeds: all(shown, '.embed').length,
  };
  expected.emoji = expected.emoji.map(noSelector);

  const looks: string[] = [];
  const style = (element: Element) => getComputedStyle(element);
  const transparent = (colour: string) => colour === 'rgba(0, 0, 0, 0)' || colour === 'transparent';
  for (const block of all(shown, '.code-block')) {
    const pre = block.querySelector('pre')!;
    if (transparent(style(block).backgroundColor)) looks.push('a code block has no background');
    if (!block.querySelector('.code-bar .copy-code')) looks.push('a code block has no copy button');
    const tokens = all(pre, 'span').filter((span) => (span.textContent ?? '').trim() !== '');
    if (tokens.length > 0 && !tokens.some((span) => style(span).color !== style(pre).color)) looks.push('a code block is not highlighted');
  }
  for (const quote of all(shown, 'blockquote')) if (parseFloat(style(quote).borderLeftWidth) < 3) looks.push('a quote has no bar');
  for (const th of all(shown, 'th')) if (parseFloat(style(th).borderTopWidth) < 1 || Number(style(th).fontWeight) < 600) looks.push('a table header has no border or weight');
  for (const td of all(shown, 'td')) if (parseFloat(style(td).borderTopWidth) < 1) looks.push('a table cell has no border');
  for (const mention of all(shown, '.mention')) if (transparent(style(mention).backgroundColor)) looks.push('a mention is not a pill');
  for (const math of all(shown, '[data-testid=math]')) {
    const katex = math.querySelector('.katex');
    if (!katex) looks.push('maths is not drawn');
    else {
      if (!style(katex).fontFamily.includes('KaTeX_Main')) looks.push("maths lacks KaTeX's fonts");
      // One rendering: the MathML is for screen readers only, the drawing is hidden from them.
      const mathml = katex.querySelector('.katex-mathml');
      if (!mathml || style(mathml).position !== 'absolute' || mathml.getBoundingClientRect().width > 1) looks.push('maths shows twice');
      if (katex.querySelector('.katex-html')?.getAttribute('aria-hidden') !== 'true') looks.push('maths is read twice');
    }
  }
  for (const spoiler of all(shown, '.spoiler')) {
    if (spoiler.querySelector('.spoiler-content')?.checkVisibility()) looks.push('a spoiler shows its content before it is opened');
    if (!spoiler.querySelector('.spoiler-head')?.checkVisibility()) looks.push("a spoiler's header is hidden");
  }
  for (const time of all(shown, '.time-mention')) if (/\d{4}-\d\d-\d\dT/.test(time.textContent ?? '')) looks.push('a time is shown raw');
  for (const emoji of all(shown, '.emoji[role=img]')) if (/^[\x20-\x7e]*$/.test(emoji.textContent ?? '')) looks.push('an emoji is shown as text');
  return { expected, seen, looks };
}

async function render(html: string): Promise<void> {
  await page.evaluate((source) => (window as unknown as { renderContent: (html: string) => void }).renderContent(source), html);
  await page.locator('[data-testid=content]').waitFor();
  // KaTeX loads once; maths stands as its source until drawn.
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=content] .tex-source').length === 0);
}

describe('every case of the real server rendered HTML', () => {
  it('has the 183 cases recorded', () => {
    expect(cases).toHaveLength(183);
  });

  for (const { name, rendered } of cases) {
    it(name, async () => {
      await render(rendered);
      const { expected, seen, looks } = await page.evaluate(readPage, rendered);
      expect(seen).toEqual(expected);
      expect(looks).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    });
  }

  it('broke no rule of the CSP (KaTeX included)', () => {
    expect(served.cspReports.count, JSON.stringify(served.cspReports.latest)).toBe(0);
  });
});
