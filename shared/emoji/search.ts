// One way to find an emoji by what was typed, for every box that offers emoji (the reaction
// picker, compose's `:` completion): each Unicode emoji is found by its name and by every alias
// the family's catalog gives it ("thumbs" finds 👍, whose name is +1); custom emoji by their name.
import { UNICODE_EMOJI_NAMES } from './unicode';

interface Named {
  emoji_name: string;
  emoji_code: string;
  reaction_type?: string;
}

const NAMES_BY_CODE = new Map<string, string[]>();
for (const { emoji_name, emoji_code } of UNICODE_EMOJI_NAMES) NAMES_BY_CODE.set(emoji_code, [...(NAMES_BY_CODE.get(emoji_code) ?? []), emoji_name]);

/** Every name an emoji answers to: a Unicode one's aliases too. */
export function emojiNames(emoji: Named): readonly string[] {
  if (emoji.reaction_type !== undefined && emoji.reaction_type !== 'unicode_emoji') return [emoji.emoji_name];
  const names = NAMES_BY_CODE.get(emoji.emoji_code) ?? [];
  return names.includes(emoji.emoji_name) ? names : [emoji.emoji_name, ...names];
}

/** What was typed, as names are spelled: lower case, without the colons around it, spaces and colons inside as underscores. */
export function emojiQuery(typed: string): string {
  return typed.trim().toLowerCase().replace(/^:+|:+$/g, '').replace(/[\s:]+/g, '_');
}

/** The emoji one of whose names has what was typed: those with a name starting with it first, each group in the order given. */
export function findEmoji<T extends Named>(emoji: readonly T[], typed: string): T[] {
  const query = emojiQuery(typed);
  if (query === '') return [...emoji];
  const starting: T[] = [];
  const having: T[] = [];
  for (const candidate of emoji) {
    const names = emojiNames(candidate);
    if (names.some((name) => name.startsWith(query))) starting.push(candidate);
    else if (names.some((name) => name.includes(query))) having.push(candidate);
  }
  return [...starting, ...having];
}
