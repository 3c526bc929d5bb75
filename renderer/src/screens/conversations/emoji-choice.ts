// An emoji as the picker offers it and a reaction names it, and one entry of a message's menu.
import type { ReactionType } from '../../../../shared/api/records';
import { unicodeGlyph } from '../../../../shared/emoji/unicode';
import type { EmojiRef } from '../../../../shared/ipc';

export interface EmojiChoice extends EmojiRef {
  /** The character(s) of a Unicode emoji; custom ones show their name. */
  glyph: string | undefined;
}

/** One entry of a message's actions menu. */
export interface MenuItem {
  label: string;
  testid: string;
  run: () => void;
  /** Why it cannot be used now; undefined when it can. */
  disabledReason?: string | undefined;
}

/** An emoji's identity: two names of one emoji are the same reaction. */
export const emojiKey = (emoji: Pick<EmojiRef, 'reaction_type' | 'emoji_code'>): string => `${emoji.reaction_type}:${emoji.emoji_code}`;

export function choice(emoji_name: string, emoji_code: string, reaction_type: ReactionType): EmojiChoice {
  return { emoji_name, emoji_code, reaction_type, glyph: reaction_type === 'unicode_emoji' ? unicodeGlyph(emoji_code) : undefined };
}
