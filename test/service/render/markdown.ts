// The family's Markdown dialect on markdown-it: CommonMark with tables, strikethrough (<del>),
// autolinked URLs and line breaks kept, minus what real servers leave out (underscore emphasis,
// backslash escapes, <url> autolinks, reference links, image syntax, setext headings, raw HTML),
// plus their extensions: mentions, channel and topic links, emoji, maths, time mentions,
// fenced quotes, spoilers and highlighted code (fences.ts), and inline image previews.
import markdownIt from 'markdown-it';
import type { MarkdownIt, StateBlock, StateCore, StateInline, Token } from 'markdown-it';
import { escapeHtml } from './escape';
import { codeBlockHtml, PLACEHOLDER } from './fences';
import { emojiHtml, unicodeEmojiHtml, UNICODE_EMOJI_SEQUENCE } from './emoji';
import { channelLinkHtml } from './links';
import { previewsFor } from './previews';
import { firstLinkifierMatch, type Linkifier } from './linkifiers';
import { isoUtc, parseTimeMention } from './time';
import { renderTex } from './tex';
import type { RenderEnv } from './types';

type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;
type InlineRule = (state: StateInline, silent: boolean) => boolean;

const WILDCARDS: Readonly<Record<string, 'stream' | 'topic'>> = { all: 'stream', everyone: 'stream', channel: 'stream', stream: 'stream', topic: 'topic' };

function envOf(state: { env: unknown }): RenderEnv {
  return state.env as RenderEnv;
}

function pushHtml(state: StateInline, html: string): void {
  state.push('zulip_html', '', 0).content = html;
}

/** A rule that recognizes `pattern` at the cursor and turns the match into HTML (or declines with null). */
function inlineRule(marker: string, pattern: RegExp, html: (match: RegExpExecArray, state: StateInline) => string | null): InlineRule {
  const code = marker.charCodeAt(0);
  return (state, silent) => {
    if (state.src.charCodeAt(state.pos) !== code) return false;
    pattern.lastIndex = state.pos;
    const match = pattern.exec(state.src);
    if (match === null || match.index !== state.pos) return false;
    const produced = html(match, state);
    if (produced === null) return false;
    if (!silent) pushHtml(state, produced);
    state.pos += match[0].length;
    return true;
  };
}

const mention = inlineRule('@', /@(_?)\*\*([^*]+)\*\*/y, (match, state) => {
  const env = envOf(state);
  const silent = match[1] === '_' || env.quoteDepth > 0;
  const prefix = silent ? '' : '@';
  const silentClass = silent ? ' silent' : '';
  const text = match[2] ?? '';
  const wildcard = WILDCARDS[text];
  if (wildcard === 'topic') {
    if (!silent) env.mentions.wildcard = 'topic';
    return `<span class="topic-mention${silentClass}">${prefix}${escapeHtml(text)}</span>`;
  }
  if (wildcard === 'stream') {
    if (!silent) env.mentions.wildcard ??= 'stream';
    return `<span class="user-mention channel-wildcard-mention${silentClass}" data-user-id="*">${prefix}${escapeHtml(text)}</span>`;
  }
  const byId = /^(.*)\|(\d+)$/.exec(text);
  const user = byId === null ? env.context.userByName(text) : env.context.userById(Number(byId[2]));
  if (user === undefined) return null;
  if (!silent) env.mentions.users.add(user.user_id);
  return `<span class="user-mention${silentClass}" data-user-id="${user.user_id}">${prefix}${escapeHtml(user.full_name)}</span>`;
});

const groupMention = inlineRule('@', /@(_?)\*([^*]+)\*/y, (match, state) => {
  const env = envOf(state);
  const group = env.context.groupByName(match[2] ?? '');
  if (group === undefined) return null;
  const silent = match[1] === '_' || env.quoteDepth > 0;
  if (!silent) env.mentions.groups.add(group.id);
  return `<span class="user-group-mention${silent ? ' silent' : ''}" data-user-group-id="${group.id}">${silent ? '' : '@'}${escapeHtml(group.name)}</span>`;
});

const channelLink = inlineRule('#', /#\*\*([^*>]+)(?:>([^*]*?)(?:@(\d+))?)?\*\*/y, (match, state) => {
  const { context } = envOf(state);
  const channel = context.channelByName(match[1] ?? '');
  if (channel === undefined) return null;
  const topic = match[2];
  const messageId = match[3] === undefined ? undefined : Number(match[3]);
  return channelLinkHtml(channel, topic, messageId, topic === undefined || messageId !== undefined ? undefined : context.firstMessageInTopic(channel.stream_id, topic));
});

const emoji = inlineRule(':', /:([\w+-]+):/y, (match, state) => emojiHtml(match[1] ?? '', envOf(state).context));

const tex = inlineRule('$', /\$\$([^\n_$](?:\\\$|[^$\n])*)\$\$(?!\$)/y, (match, state) => {
  if (state.src.charCodeAt(state.pos - 1) === 0x24) return null;
  const body = match[1] ?? '';
  return renderTex(body, false) ?? `<span class="tex-error">${escapeHtml(match[0])}</span>`;
});

const timeMention = inlineRule('<', /<time:([^>]*?)>/y, (match) => {
  const text = match[1] ?? '';
  const date = parseTimeMention(text);
  return date === null ? `<span class="timestamp-error">Invalid time format: ${escapeHtml(text)}</span>` : `<time datetime="${isoUtc(date)}">${escapeHtml(text)}</time>`;
});

/** `~~text~~` strikes through, spaces inside allowed, but not as part of a longer run of tildes. */
const strikethrough: InlineRule = (state, silent) => {
  if (state.src.charCodeAt(state.pos) !== 0x7e || state.src.charCodeAt(state.pos - 1) === 0x7e) return false;
  const match = /~~([^~\n]+?)~~(?!~)/y;
  match.lastIndex = state.pos;
  const found = match.exec(state.src);
  if (found === null || state.pos + found[0].length > state.posMax) return false;
  const start = state.pos + 2;
  const end = start + (found[1] ?? '').length;
  if (!silent) {
    state.push('s_open', 'del', 1);
    const max = state.posMax;
    state.pos = start;
    state.posMax = end;
    state.md.inline.tokenize(state);
    state.posMax = max;
    state.push('s_close', 'del', -1);
  }
  state.pos = end + 2;
  return true;
};

/** `![alt](url)` is not an image: its `![` is text (the URL is then autolinked). */
const imageMarker: InlineRule = (state, silent) => {
  if (state.src.charCodeAt(state.pos) !== 0x21 || state.src.charCodeAt(state.pos + 1) !== 0x5b) return false;
  if (!silent) state.pending += '![';
  state.pos += 2;
  return true;
};

/** Underscores never emphasize: a run of them is text. */
const underscores: InlineRule = (state, silent) => {
  if (state.src.charCodeAt(state.pos) !== 0x5f) return false;
  let end = state.pos;
  while (state.src.charCodeAt(end) === 0x5f) end += 1;
  if (!silent) state.pending += state.src.slice(state.pos, end);
  state.pos = end;
  return true;
};

/** A line holding a finished block from fences.ts becomes that HTML. */
const placeholder: BlockRule = (state, startLine, _endLine, silent) => {
  const line = state.src.slice(state.bMarks[startLine]! + state.tShift[startLine]!, state.eMarks[startLine]);
  const match = PLACEHOLDER.exec(line);
  if (match === null) return false;
  if (!silent) {
    const token = state.push('zulip_block', '', 0);
    token.content = envOf(state).blocks[Number(match[1])] ?? '';
    token.map = [startLine, startLine + 1];
  }
  state.line = startLine + 1;
  return true;
};

/** A `>` alone, with nothing quoted after it, is text, not an empty quote. */
function loneMarkerIsText(blockquote: BlockRule): BlockRule {
  return (state, startLine, endLine, silent) => {
    const line = state.src.slice(state.bMarks[startLine]! + state.tShift[startLine]!, state.eMarks[startLine]).trim();
    if (line === '>' && (startLine + 1 >= endLine || state.isEmpty(startLine + 1))) return false;
    return blockquote(state, startLine, endLine, silent);
  };
}

/** Emphasis and strikethrough stay on one line: a pair split by a line break is left as text. */
function noPairsAcrossLines(state: StateInline): void {
  const lists = [state.delimiters, ...state.tokens_meta.map((meta) => meta?.delimiters ?? [])];
  for (const delimiters of lists) {
    for (const opener of delimiters) {
      if (opener.end < 0) continue;
      const closer = delimiters[opener.end];
      if (closer === undefined) continue;
      const between = state.tokens.slice(opener.token, closer.token);
      if (between.some((token) => token.type === 'softbreak' || token.type === 'hardbreak')) opener.end = -1;
    }
  }
}

/**
 * On real servers, the item of a list that holds a list of the other kind (numbered in bulleted,
 * or the reverse), and every item after it, have their text in paragraphs, as in a loose list.
 */
function looseFromOtherKind(state: StateCore): void {
  const { tokens } = state;
  tokens.forEach((open, start) => {
    if (open.type !== 'bullet_list_open' && open.type !== 'ordered_list_open') return;
    const closeType = open.type.replace('_open', '_close');
    const otherKind = open.type === 'bullet_list_open' ? 'ordered_list_open' : 'bullet_list_open';
    const items: Token[][] = [];
    for (let index = start + 1; index < tokens.length && !(tokens[index]!.type === closeType && tokens[index]!.level === open.level); index += 1) {
      const token = tokens[index]!;
      if (token.type === 'list_item_open' && token.level === open.level + 1) items.push([]);
      else if (token.level === open.level + 2) items[items.length - 1]?.push(token);
    }
    const first = items.findIndex((item) => item.some((token) => token.type === otherKind));
    if (first < 0) return;
    for (const token of items.slice(first).flat()) if (token.type === 'paragraph_open' || token.type === 'paragraph_close') token.hidden = false;
  });
}

/** Parses each inline run knowing whether it sits in a quote (where mentions are silent). */
function inlineWithQuoteDepth(state: StateCore): void {
  const env = envOf(state);
  let depth = 0;
  for (const token of state.tokens) {
    if (token.type === 'blockquote_open') depth += 1;
    else if (token.type === 'blockquote_close') depth -= 1;
    else if (token.type === 'inline') {
      env.quoteDepth = depth;
      state.md.inline.parse(token.content, state.md, state.env, token.children ?? (token.children = []));
    }
  }
  env.quoteDepth = 0;
}

/** The index of the next token at or after `from` that is not empty text (emphasis leaves some). */
function meaningful(children: Token[], from: number): number {
  let index = from;
  while (children[index]?.type === 'text' && children[index]?.content === '') index += 1;
  return index;
}

/** `***x***` nests strong outside emphasis, as real servers write it. */
function strongOutside(children: Token[]): void {
  for (let index = 0; index < children.length; index += 1) {
    const inner = meaningful(children, index + 1);
    if (children[index]?.type !== 'em_open' || children[inner]?.type !== 'strong_open') continue;
    let depth = 0;
    for (let close = inner + 1; close < children.length; close += 1) {
      const type = children[close]?.type;
      if (type === 'strong_open') depth += 1;
      if (type !== 'strong_close' || depth-- > 0) continue;
      const outer = meaningful(children, close + 1);
      if (children[outer]?.type === 'em_close') {
        for (const [at, swapped, tag] of [[index, 'strong_open', 'strong'], [inner, 'em_open', 'em'], [close, 'em_close', 'em'], [outer, 'strong_close', 'strong']] as const) {
          const token = children[at];
          if (token === undefined) continue;
          token.type = swapped;
          token.tag = tag;
        }
      }
      break;
    }
  }
}

/**
 * Links into the organization's own views (`<its URL>/#narrow/…`) become relative, as real
 * servers write them (`rewrite_local_links_to_relative`), so they open in the app. Real servers do
 * the same to links to its uploads; here those keep their full address.
 */
function localLinks(children: Token[], realmUrl: string): void {
  if (realmUrl === '') return;
  const local = `${realmUrl}/#`;
  for (const token of children) {
    const href = token.type === 'link_open' ? String(token.attrGet('href') ?? '') : '';
    if (href.startsWith(local)) token.attrSet('href', href.slice(realmUrl.length + 1));
  }
}

/** `[](url)` and `[  ](url)` show the URL as their text. */
function emptyLinkText(state: StateCore, children: Token[]): void {
  for (let index = 0; index < children.length; index += 1) {
    if (children[index]!.type !== 'link_open') continue;
    let close = index + 1;
    while (close < children.length && children[close]!.type !== 'link_close') close += 1;
    const inner = children.slice(index + 1, close);
    if (inner.every((token) => token.type === 'text' && token.content.trim() === '')) {
      const text = new state.Token('text', '', 0);
      text.content = String(children[index]!.attrGet('href') ?? '');
      children.splice(index + 1, inner.length, text);
    }
  }
}

/** Unicode emoji in text become the same spans as their `:name:`. */
function unicodeEmoji(state: StateCore, children: Token[]): void {
  for (let index = 0; index < children.length; index += 1) {
    const token = children[index]!;
    if (token.type !== 'text' || !/\P{ASCII}/u.test(token.content)) continue;
    const parts: Token[] = [];
    let last = 0;
    for (const match of token.content.matchAll(UNICODE_EMOJI_SEQUENCE)) {
      const html = unicodeEmojiHtml(match[0]);
      if (html === null) continue;
      if (match.index > last) {
        const text = new state.Token('text', '', 0);
        text.content = token.content.slice(last, match.index);
        parts.push(text);
      }
      const span = new state.Token('zulip_html', '', 0);
      span.content = html;
      parts.push(span);
      last = match.index + match[0].length;
    }
    if (parts.length === 0) continue;
    if (last < token.content.length) {
      const text = new state.Token('text', '', 0);
      text.content = token.content.slice(last);
      parts.push(text);
    }
    children.splice(index, 1, ...parts);
    index += parts.length - 1;
  }
}

/** Linkifier matches in text outside links become links. */
function linkifierLinks(state: StateCore, children: Token[], linkifiers: readonly Linkifier[]): void {
  let linkDepth = 0;
  for (let index = 0; index < children.length; index += 1) {
    const token = children[index]!;
    if (token.type === 'link_open') linkDepth += 1;
    if (token.type === 'link_close') linkDepth -= 1;
    if (token.type !== 'text' || linkDepth > 0) continue;
    const parts: Token[] = [];
    let last = 0;
    for (let match = firstLinkifierMatch(token.content, linkifiers, 0); match !== null; match = firstLinkifierMatch(token.content, linkifiers, last)) {
      const before = new state.Token('text', '', 0);
      before.content = token.content.slice(last, match.start);
      const open = new state.Token('link_open', 'a', 1);
      open.attrs = [['href', match.url]];
      const text = new state.Token('text', '', 0);
      text.content = token.content.slice(match.start, match.end);
      parts.push(before, open, text, new state.Token('link_close', 'a', -1));
      last = match.end;
    }
    if (parts.length === 0) continue;
    const rest = new state.Token('text', '', 0);
    rest.content = token.content.slice(last);
    parts.push(rest);
    children.splice(index, 1, ...parts);
    index += parts.length - 1;
  }
}

function inlineFixes(state: StateCore): void {
  const linkifiers = envOf(state).context.linkifiers();
  for (const token of state.tokens) {
    if (token.type === 'inline' && token.children !== null) {
      strongOutside(token.children);
      localLinks(token.children, envOf(state).context.realmUrl);
      emptyLinkText(state, token.children);
      if (linkifiers.length > 0) linkifierLinks(state, token.children, linkifiers);
      unicodeEmoji(state, token.children);
    }
    // Real servers write table alignment as `text-align: left;`.
    const style = token.attrGet('style');
    if (style !== null) token.attrSet('style', String(style).replace(/^text-align:(\w+)$/, 'text-align: $1;'));
  }
}

/** Image and video links get an inline preview after their paragraph (none inside quotes). */
function inlinePreviews(state: StateCore): void {
  const env = envOf(state);
  const seen = new Set<string>();
  let depth = 0;
  for (let index = 0; index < state.tokens.length; index += 1) {
    const token = state.tokens[index]!;
    if (token.type === 'blockquote_open') depth += 1;
    if (token.type === 'blockquote_close') depth -= 1;
    if (depth > 0 || token.type !== 'inline' || state.tokens[index - 1]?.type !== 'paragraph_open' || token.children === null) continue;
    const html = previewsFor(token.children, env.context, seen);
    if (html === '') continue;
    const preview = new state.Token('zulip_block', '', 0);
    preview.content = html;
    const children = token.children;
    const onlyBareLink = children.length === 3 && children[0]!.type === 'link_open' && children[0]!.markup === 'linkify' && children[2]!.type === 'link_close';
    if (onlyBareLink) state.tokens.splice(index - 1, 3, preview);
    else state.tokens.splice(index + 2, 0, preview);
  }
}

/**
 * Real servers link a bare URL only where it stands apart: after a space, a quote, an opening
 * bracket, a comma or a colon, and before a space or the end (closing punctuation allowed).
 */
function standsAlone(text: string, start: number, end: number): boolean {
  const before = start === 0 ? ' ' : (text[start - 1] ?? ' ');
  return /[\s'"(,:<]/.test(before) && /^[!:;?),.'">]*(?:\s|$)/.test(text.slice(end));
}

function createMarkdown(): MarkdownIt {
  const md = markdownIt('default', { html: false, breaks: true, linkify: true });
  md.disable(['fence', 'reference', 'lheading', 'image', 'escape', 'autolink', 'html_block', 'html_inline', 'strikethrough']);
  // Bare URLs are linked by the text pass alone, which sees what stands around them.
  md.inline.ruler.disable('linkify');
  md.linkify.set({ fuzzyLink: true, fuzzyEmail: true });
  const match = md.linkify.match.bind(md.linkify);
  md.linkify.match = (text) => (match(text) ?? []).filter((link) => standsAlone(text, link.index, link.lastIndex));
  const rules = (md.block.ruler as unknown as { __rules__: { name: string; fn: BlockRule }[] }).__rules__;
  const blockquote = rules.find((rule) => rule.name === 'blockquote')?.fn;
  if (blockquote === undefined) throw new Error('markdown-it has no blockquote rule');
  md.block.ruler.at('blockquote', loneMarkerIsText(blockquote), { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.block.ruler.before('table', 'zulip_placeholder', placeholder);

  md.inline.ruler.before('linkify', 'zulip_tex', tex);
  md.inline.ruler.before('linkify', 'zulip_time', timeMention);
  md.inline.ruler.before('linkify', 'zulip_mention', mention);
  md.inline.ruler.before('linkify', 'zulip_group_mention', groupMention);
  md.inline.ruler.before('linkify', 'zulip_channel_link', channelLink);
  md.inline.ruler.before('linkify', 'zulip_emoji', emoji);
  md.inline.ruler.before('emphasis', 'zulip_underscores', underscores);
  md.inline.ruler.before('emphasis', 'zulip_strikethrough', strikethrough);
  md.inline.ruler.before('link', 'zulip_image_marker', imageMarker);
  md.inline.ruler2.after('balance_pairs', 'zulip_one_line_pairs', (state) => {
    noPairsAcrossLines(state);
    return false;
  });

  md.core.ruler.after('block', 'zulip_list_starts', (state) => {
    const { listStarts } = envOf(state);
    for (const token of state.tokens) {
      const start = token.type === 'ordered_list_open' && token.map !== null ? listStarts.get(token.map[0]) : undefined;
      if (start !== undefined) token.attrSet('start', String(start));
    }
  });
  md.core.ruler.after('zulip_list_starts', 'zulip_loose_lists', looseFromOtherKind);
  md.core.ruler.at('inline', inlineWithQuoteDepth);
  md.core.ruler.after('linkify', 'zulip_inline_fixes', inlineFixes);
  md.core.ruler.after('zulip_inline_fixes', 'zulip_previews', inlinePreviews);

  md.renderer.rules['zulip_html'] = (tokens, index) => tokens[index]!.content;
  md.renderer.rules['zulip_block'] = (tokens, index) => `${tokens[index]!.content}\n`;
  md.renderer.rules['code_block'] = (tokens, index) => `${codeBlockHtml(tokens[index]!.content, undefined)}\n`;
  md.renderer.rules['s_open'] = () => '<del>';
  md.renderer.rules['s_close'] = () => '</del>';
  return md;
}

export const markdown = createMarkdown();
