// Whether a message mentions its reader, from its content: a mention of them, of a group they are
// in, or a wildcard (everyone in the channel or topic, which the reader receives). Silent mentions
// notify nobody, and so do not count.
import type { Block, Inline } from './nodes';

function* inlinesOf(blocks: readonly Block[]): Generator<Inline> {
  for (const block of blocks) {
    switch (block.kind) {
      case 'paragraph':
      case 'heading':
        yield* walkInlines(block.children);
        break;
      case 'list':
        for (const item of block.items) yield* inlinesOf(item);
        break;
      case 'quote':
      case 'unknown':
        yield* inlinesOf(block.children);
        break;
      case 'spoiler':
        yield* inlinesOf(block.header);
        yield* inlinesOf(block.content);
        break;
      case 'table':
        for (const cell of [...block.head, ...block.rows.flat()]) yield* walkInlines(cell.children);
        break;
    }
  }
}

function* walkInlines(inlines: readonly Inline[]): Generator<Inline> {
  for (const inline of inlines) {
    yield inline;
    if ('children' in inline) yield* walkInlines(inline.children);
  }
}

/** Who reads a message: their user id and the groups they are in. */
export interface Reader {
  me: number;
  groups: ReadonlySet<number>;
}

/** Whether one mention reaches the reader. */
export function mentionReaches(mention: Extract<Inline, { kind: 'mention' }>, reader: Reader): boolean {
  if (mention.silent) return false;
  if (mention.mention === 'user') return mention.id === reader.me;
  if (mention.mention === 'group') return mention.id !== null && reader.groups.has(mention.id);
  return true;
}

/** True when `blocks` mention the reader `me`, a member of the groups `myGroups`. */
export function mentionsReader(blocks: readonly Block[], me: number, myGroups: ReadonlySet<number>): boolean {
  const reader = { me, groups: myGroups };
  for (const inline of inlinesOf(blocks)) if (inline.kind === 'mention' && mentionReaches(inline, reader)) return true;
  return false;
}
