// The server's sanitized HTML read once into typed nodes (nodes.ts), the way the family's mobile
// client reads it: each element the server writes is recognised by its tag and classes; anything
// else becomes an "unknown" node whose text is still shown. Pure: a tree in, nodes out.
import { emojiPresentation } from '../../../shared/emoji/unicode';
import type { HtmlElement, HtmlNode } from '../lib/sanitize';
import { linkTarget, organizationPath } from './links';
import type { Block, CodeToken, Content, ImagePreview, Inline, LinkTarget, MentionKind, TableCell } from './nodes';

/** Elements that start a block of their own; everything else flows in a paragraph. */
const BLOCK_TAGS = new Set(['p', 'div', 'ul', 'ol', 'li', 'blockquote', 'table', 'hr', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'dl', 'section', 'article', 'header', 'footer', 'figure', 'details']);
const HEADINGS: Readonly<Record<string, 1 | 2 | 3 | 4 | 5 | 6>> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
/** Pygments' short token classes (`k`, `nf`, `s2`, `ch`…). */
const TOKEN_CLASS = /^[a-z][a-z0-9]{0,3}$/;
/** `emoji-1f937-200d-2640`: the code points of a Unicode emoji. */
const EMOJI_CODE = /(?:^|\s)emoji-([0-9a-f]+(?:-[0-9a-f]+)*)(?:\s|$)/;
const DIMENSIONS = /^(\d+)x(\d+)$/;
/** A link preview's image, in its style attribute: `background-image: url("...")`. */
const BACKGROUND_URL = /background-image:\s*url\((["']?)(.+?)\1\)/;

const isElement = (node: HtmlNode): node is HtmlElement => node.kind === 'element';
const attr = (element: HtmlElement | undefined, name: string): string | null => element?.attrs.get(name) ?? null;
const classes = (element: HtmlElement): string[] => (attr(element, 'class') ?? '').split(/\s+/).filter(Boolean);
const hasClass = (element: HtmlElement, name: string): boolean => classes(element).includes(name);
const elementChildren = (element: HtmlElement): HtmlElement[] => element.children.filter(isElement);
/** Whitespace between blocks, which a browser does not show either. */
const isBlank = (node: HtmlNode): boolean => node.kind === 'text' && node.text.trim() === '';

function textOf(node: HtmlNode): string {
  return node.kind === 'text' ? node.text : node.children.map(textOf).join('');
}

/** The first element under `root` (depth first) that `test` accepts. */
function find(root: HtmlElement, test: (element: HtmlElement) => boolean): HtmlElement | undefined {
  for (const child of elementChildren(root)) {
    if (test(child)) return child;
    const found = find(child, test);
    if (found) return found;
  }
  return undefined;
}

class Reader {
  hasMath = false;
  constructor(readonly realm: URL | null) {}

  link(href: string | null): LinkTarget {
    return linkTarget(href, this.realm);
  }

  /** An image's path on the organization's server, or null for an image elsewhere. */
  image(src: string | null): string | null {
    return organizationPath(src, this.realm);
  }

  /** Blocks, with runs of inline content outside a block gathered into implicit paragraphs. */
  blocks(nodes: readonly HtmlNode[]): Block[] {
    const out: Block[] = [];
    let run: HtmlNode[] = [];
    const endRun = () => {
      if (run.some((node) => !isBlank(node))) out.push({ kind: 'paragraph', implicit: true, children: this.inlines(trimRun(run)) });
      run = [];
    };
    for (const node of nodes) {
      if (isElement(node) && BLOCK_TAGS.has(node.tag)) {
        endRun();
        this.block(node, out);
      } else {
        run.push(node);
      }
    }
    endRun();
    return mergeImages(out);
  }

  block(element: HtmlElement, out: Block[]): void {
    const tag = element.tag;
    const heading = HEADINGS[tag];
    if (tag === 'p') {
      // Display maths comes inside a paragraph of its own (with a line break after it in a quote).
      const displays = elementChildren(element).filter((child) => hasClass(child, 'katex-display'));
      const onlyMaths = element.children.every((node) => isBlank(node) || (isElement(node) && (hasClass(node, 'katex-display') || node.tag === 'br')));
      if (displays.length > 0 && onlyMaths) {
        for (const display of displays) out.push(this.mathBlock(display));
        return;
      }
      out.push({ kind: 'paragraph', implicit: false, children: this.inlines(element.children) });
    } else if (heading !== undefined) {
      out.push({ kind: 'heading', level: heading, children: this.inlines(element.children) });
    } else if (tag === 'ul' || tag === 'ol') {
      const items = elementChildren(element).map((item) => this.blocks(item.children));
      const start = Number.parseInt(attr(element, 'start') ?? '1', 10);
      out.push({ kind: 'list', ordered: tag === 'ol', start: Number.isFinite(start) ? start : 1, items });
    } else if (tag === 'blockquote') {
      out.push({ kind: 'quote', children: this.blocks(element.children) });
    } else if (tag === 'hr') {
      out.push({ kind: 'rule' });
    } else if (tag === 'table') {
      out.push(this.table(element));
    } else if (tag === 'div' && hasClass(element, 'codehilite')) {
      out.push(this.codeBlock(element));
    } else if (tag === 'div' && hasClass(element, 'spoiler-block')) {
      out.push(this.spoiler(element));
    } else if (tag === 'div' && hasClass(element, 'message_inline_image')) {
      out.push(this.preview(element));
    } else if (tag === 'div' && hasClass(element, 'message_embed')) {
      out.push(this.embed(element));
    } else {
      out.push({ kind: 'unknown', children: this.blocks(element.children) });
    }
  }

  mathBlock(display: HtmlElement): Block {
    const tex = texSource(display);
    if (tex === null) return { kind: 'unknown', children: [{ kind: 'paragraph', implicit: true, children: [{ kind: 'text', text: drawnMathText(display) }] }] };
    this.hasMath = true;
    return { kind: 'math-block', tex };
  }

  codeBlock(element: HtmlElement): Block {
    const code = find(element, (e) => e.tag === 'code') ?? find(element, (e) => e.tag === 'pre') ?? element;
    const tokens: CodeToken[] = [];
    const walk = (node: HtmlNode, token: string | null) => {
      if (node.kind === 'text') tokens.push({ text: node.text, token });
      else {
        // The first class names the standard token type; others are a language's own.
        const own = classes(node).find((name) => TOKEN_CLASS.test(name)) ?? token;
        node.children.forEach((child) => walk(child, own));
      }
    };
    code.children.forEach((child) => walk(child, null));
    // The server ends the code with a newline, which would show as an empty last line.
    const last = tokens.at(-1);
    if (last) last.text = last.text.replace(/\n$/, '');
    return { kind: 'code-block', language: attr(element, 'data-code-language'), tokens: tokens.filter((t) => t.text !== '') };
  }

  table(element: HtmlElement): Block {
    const rowsOf = (section: HtmlElement | undefined) => (section ? elementChildren(section).filter((row) => row.tag === 'tr') : []);
    const cellsOf = (row: HtmlElement): TableCell[] =>
      elementChildren(row)
        .filter((cell) => cell.tag === 'td' || cell.tag === 'th')
        .map((cell) => ({ align: alignment(cell), children: this.inlines(cell.children) }));
    const sections = elementChildren(element);
    const head = rowsOf(sections.find((s) => s.tag === 'thead'))[0];
    const body = sections.filter((s) => s.tag === 'tbody').flatMap(rowsOf);
    const bare = sections.filter((s) => s.tag === 'tr');
    return { kind: 'table', head: head ? cellsOf(head) : [], rows: [...body, ...bare].map(cellsOf) };
  }

  spoiler(element: HtmlElement): Block {
    const parts = elementChildren(element);
    const header = parts.find((part) => hasClass(part, 'spoiler-header'));
    const content = parts.find((part) => hasClass(part, 'spoiler-content'));
    return { kind: 'spoiler', header: header ? this.blocks(header.children) : [], content: content ? this.blocks(content.children) : [] };
  }

  /** `div.message_inline_image`: an image, an uploaded video, or a site's video. */
  preview(element: HtmlElement): Block {
    const anchor = elementChildren(element).find((child) => child.tag === 'a');
    const href = this.link(attr(anchor, 'href'));
    const title = attr(anchor, 'title');
    const video = anchor && find(anchor, (e) => e.tag === 'video');
    if (hasClass(element, 'message_inline_video') || video) return { kind: 'video', href, title };
    const img = anchor && find(anchor, (e) => e.tag === 'img');
    if (!img) return { kind: 'unknown', children: this.blocks(element.children) };
    const src = this.image(attr(img, 'src'));
    if (hasClass(element, 'youtube-video') || hasClass(element, 'embed-video')) return { kind: 'embed-video', href, thumbnail: src, title };
    const size = DIMENSIONS.exec(attr(img, 'data-original-dimensions') ?? '');
    const full = href.kind === 'upload' || href.kind === 'external' ? this.image(href.url) : null;
    const image: ImagePreview = { src, full, href, title, width: size ? Number(size[1]) : null, height: size ? Number(size[2]) : null };
    return { kind: 'images', images: [image] };
  }

  /** `div.message_embed`: a link preview the server made from the page's title, description and image. */
  embed(element: HtmlElement): Block {
    const image = find(element, (e) => hasClass(e, 'message_embed_image'));
    const title = find(element, (e) => hasClass(e, 'message_embed_title'));
    const titleLink = title && find(title, (e) => e.tag === 'a');
    const describing = find(element, (e) => hasClass(e, 'message_embed_description'));
    const description = (describing && textOf(describing).trim()) || null;
    const url = BACKGROUND_URL.exec(attr(image, 'style') ?? '')?.[2]?.replace(/\\(.)/g, '$1') ?? null;
    return {
      kind: 'embed',
      href: this.link(attr(titleLink, 'href') ?? attr(image, 'href')),
      title: (titleLink && textOf(titleLink).trim()) || null,
      description,
      image: this.image(url),
    };
  }

  inlines(nodes: readonly HtmlNode[]): Inline[] {
    return nodes.map((node): Inline => (node.kind === 'text' ? { kind: 'text', text: node.text } : this.inline(node)));
  }

  inline(element: HtmlElement): Inline {
    const tag = element.tag;
    const inner = () => this.inlines(element.children);
    switch (tag) {
      case 'br':
        return { kind: 'break' };
      case 'strong':
      case 'b':
        return { kind: 'strong', children: inner() };
      case 'em':
      case 'i':
        return { kind: 'emphasis', children: inner() };
      case 'del':
      case 's':
        return { kind: 'deleted', children: inner() };
      case 'code':
        return { kind: 'code', text: textOf(element) };
      case 'a':
        return { kind: 'link', target: this.link(attr(element, 'href')), title: attr(element, 'title'), children: inner() };
      case 'time':
        return timeMention(element);
      case 'img':
        if (hasClass(element, 'emoji')) return this.imageEmoji(element);
        return { kind: 'image', src: this.image(attr(element, 'src')), alt: attr(element, 'alt') ?? '' };
      case 'span':
        return this.span(element) ?? { kind: 'unknown', children: inner() };
    }
    return { kind: 'unknown', children: inner() };
  }

  /** A custom emoji (`img.emoji`): the organization's, or one of the family's extra emoji. */
  imageEmoji(element: HtmlElement): Inline {
    const alt = attr(element, 'alt') ?? '';
    const name = (attr(element, 'title') ?? alt).replace(/^:|:$/g, '');
    return { kind: 'image-emoji', name, src: this.image(attr(element, 'src')) };
  }

  span(element: HtmlElement): Inline | undefined {
    const names = classes(element);
    const mention = mentionKind(names);
    if (mention) {
      const id = Number.parseInt(attr(element, mention === 'group' ? 'data-user-group-id' : 'data-user-id') ?? '', 10);
      const known = mention === 'user' || mention === 'group' ? (Number.isFinite(id) ? id : null) : null;
      if ((mention === 'user' || mention === 'group') && known === null) return undefined;
      return { kind: 'mention', mention, id: known, silent: names.includes('silent'), text: textOf(element) };
    }
    const code = EMOJI_CODE.exec(names.join(' '))?.[1];
    if (names.includes('emoji') && code !== undefined) {
      const unicode = emojiPresentation(code);
      const name = attr(element, 'title') ?? attr(element, 'aria-label') ?? textOf(element);
      if (unicode !== undefined) return { kind: 'emoji', name: name.replace(/^:|:$/g, ''), unicode };
    }
    if (names.includes('katex')) {
      const tex = texSource(element);
      // Without its source the maths is shown once, as the server drew it in text.
      if (tex === null) return { kind: 'unknown', children: [{ kind: 'text', text: drawnMathText(element) }] };
      this.hasMath = true;
      return { kind: 'math', tex };
    }
    if (names.includes('tex-error')) return { kind: 'invalid', what: 'math', text: textOf(element) };
    if (names.includes('timestamp-error')) return { kind: 'invalid', what: 'time', text: textOf(element) };
    return undefined;
  }
}

/** The inline runs of a list item or quote lose the newlines around them, as a browser shows them. */
function trimRun(run: HtmlNode[]): HtmlNode[] {
  return run.filter((node, at) => !((at === 0 || at === run.length - 1) && isBlank(node)));
}

/** Consecutive image previews become one row of images. */
function mergeImages(blocks: Block[]): Block[] {
  const out: Block[] = [];
  for (const block of blocks) {
    const previous = out.at(-1);
    if (block.kind === 'images' && previous?.kind === 'images') previous.images.push(...block.images);
    else out.push(block);
  }
  return out;
}

function mentionKind(names: readonly string[]): MentionKind | undefined {
  if (names.includes('user-group-mention')) return 'group';
  if (names.includes('topic-mention')) return 'topic-wildcard';
  if (names.includes('user-mention')) return names.includes('channel-wildcard-mention') ? 'channel-wildcard' : 'user';
  return undefined;
}

/** The server writes a time mention's moment in UTC ISO form (`2017-06-05T22:30:00Z`). */
function timeMention(element: HtmlElement): Inline {
  const text = textOf(element);
  const millis = Date.parse(attr(element, 'datetime') ?? '');
  if (!Number.isFinite(millis)) return { kind: 'invalid', what: 'time', text };
  return { kind: 'time', seconds: millis / 1000, text };
}

/** KaTeX's markup holds the maths twice (MathML and HTML): the HTML's text, once. */
function drawnMathText(katex: HtmlElement): string {
  return textOf(find(katex, (e) => hasClass(e, 'katex-html')) ?? katex);
}

function texSource(katex: HtmlElement): string | null {
  const annotation = find(katex, (e) => e.tag === 'annotation' && attr(e, 'encoding') === 'application/x-tex');
  return annotation ? textOf(annotation) : null;
}

function alignment(cell: HtmlElement): TableCell['align'] {
  const align = /text-align:\s*(left|center|right)/.exec(attr(cell, 'style') ?? '')?.[1] ?? attr(cell, 'align');
  return align === 'left' || align === 'center' || align === 'right' ? align : null;
}

/** The content of sanitized HTML (lib/sanitize.ts) of the organization at `realm`. */
export function parseContent(html: readonly HtmlNode[], realm: URL | null): Content {
  const reader = new Reader(realm);
  const blocks = reader.blocks(html);
  return { blocks, hasMath: reader.hasMath };
}
