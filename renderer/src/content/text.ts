// A message's words as plain text (search snippets): each word once, emoji as glyphs, maths as
// its TeX source, times as the sender wrote them, images by their names.
import type { Block, Inline } from './nodes';

function inlineText(inline: Inline): string {
  switch (inline.kind) {
    case 'text':
    case 'invalid':
    case 'time':
      return inline.text;
    case 'break':
      return ' ';
    case 'code':
      return inline.text;
    case 'mention':
      return inline.text;
    case 'emoji':
      return inline.unicode;
    case 'image-emoji':
      return `:${inline.name}:`;
    case 'image':
      return inline.alt;
    case 'math':
      return inline.tex;
    default:
      return inline.children.map(inlineText).join('');
  }
}

function blockText(block: Block): string[] {
  switch (block.kind) {
    case 'paragraph':
    case 'heading':
      return [block.children.map(inlineText).join('')];
    case 'list':
      return block.items.flatMap((item) => item.flatMap(blockText));
    case 'quote':
    case 'unknown':
      return block.children.flatMap(blockText);
    case 'code-block':
      return [block.tokens.map((token) => token.text).join('')];
    case 'table':
      return [...block.head, ...block.rows.flat()].map((cell) => cell.children.map(inlineText).join(''));
    case 'math-block':
      return [block.tex];
    case 'spoiler':
      return [...block.header.flatMap(blockText), ...block.content.flatMap(blockText)];
    case 'images':
      return block.images.flatMap((image) => (image.title ? [image.title] : []));
    case 'video':
    case 'embed-video':
      return block.title ? [block.title] : [];
    case 'embed':
      return [block.title, block.description].filter((part): part is string => part !== null);
    case 'rule':
      return [];
  }
}

export function contentText(blocks: readonly Block[]): string {
  return blocks.flatMap(blockText).join(' ').replace(/\s+/g, ' ').trim();
}
