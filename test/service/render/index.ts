// Message rendering as real servers of the family do it: extended Markdown to the HTML clients
// show (`rendered_content`), and the mentions it contains, which set the recipients' flags.
import { processFences } from './fences';
import { shapeBlocks } from './blocks';
import { markdown } from './markdown';
import type { Mentions, RenderContext, RenderEnv } from './types';

export type { MentionTarget, Mentions, RenderContext } from './types';
export { escapeHtml } from './escape';
export { thumbnailUrl, UPLOAD_PREFIX } from './previews';

export interface Rendered {
  html: string;
  mentions: Mentions;
}

/** Rendering where no name resolves: descriptions and profile fields. */
export const NO_CONTEXT: RenderContext = {
  userByName: () => undefined,
  userById: () => undefined,
  groupByName: () => undefined,
  channelByName: () => undefined,
  firstMessageInTopic: () => undefined,
  realmUrl: '',
  realmEmoji: () => undefined,
  extraEmojiName: 'zulip',
  linkifiers: () => [],
  upload: () => undefined,
};

/**
 * Words, spaces and sentence punctuation, no line starting like a list, quote, heading or code:
 * such a message renders to its paragraphs without the Markdown parser, which most messages
 * need not pay for.
 */
const PLAIN_LINE = /^(?![\p{N}\s])(?:[\p{L}\p{N} ,;!?'"()]|\.(?=\s|$)|(?<=\p{L})-(?=\p{L}))*$/u;

function plainParagraphs(content: string): string | null {
  const lines = content.split('\n');
  if (!lines.every((line) => line === '' || PLAIN_LINE.test(line))) return null;
  return content
    .split(/\n{2,}/)
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${paragraph.split('\n').map((line) => markdown.utils.escapeHtml(line.trimEnd())).join('<br>\n')}</p>`)
    .join('\n');
}

function normalize(content: string): string {
  // Tabs to four-column stops, and lines of only spaces emptied, before anything reads the text.
  return content
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => {
      let expanded = '';
      for (const char of line) expanded += char === '\t' ? ' '.repeat(4 - (expanded.length % 4)) : char;
      return expanded.trim() === '' ? '' : expanded;
    })
    .join('\n')
    .replace(/^\n+/, '')
    .trimEnd();
}

/** Rendering through the Markdown parser, whatever the message (the plain-text shortcut skipped). */
export function renderWithParser(content: string, context: RenderContext): Rendered {
  const mentions: Mentions = { users: new Set(), groups: new Set(), wildcard: null };
  const { lines, blocks } = processFences(normalize(content));
  const shaped = shapeBlocks(lines);
  const env: RenderEnv = { context, mentions, blocks, listStarts: shaped.starts, quoteDepth: 0 };
  return { html: markdown.render(shaped.lines.join('\n'), env).trimEnd(), mentions };
}

/**
 * The text real servers look for alert words in: their Markdown preprocessors' output, where fenced
 * code and maths are already placeholders and fenced quotes `> ` lines.
 */
export function preprocessedText(content: string): string {
  return processFences(normalize(content)).lines.join('\n');
}

export function renderMessage(content: string, context: RenderContext): Rendered {
  // Any text may hold a linkifier's match, so only organizations without linkifiers take the shortcut.
  const plain = context.linkifiers().length === 0 ? plainParagraphs(normalize(content)) : null;
  if (plain !== null) return { html: plain, mentions: { users: new Set(), groups: new Set(), wildcard: null } };
  return renderWithParser(content, context);
}

export function renderMarkdown(content: string, context: RenderContext = NO_CONTEXT): string {
  return renderMessage(content, context).html;
}
