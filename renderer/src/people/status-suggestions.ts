// The statuses offered with one click, as the family's web client offers them (its default status
// messages and their emoji), each emoji found by name in the family's catalog.
import { UNICODE_EMOJI_NAMES } from '../../../shared/emoji/unicode';
import type { EmojiRef } from '../../../shared/ipc';

const SUGGESTED: readonly { status_text: string; emoji_name: string }[] = [
  { status_text: 'Busy', emoji_name: 'working_on_it' },
  { status_text: 'In a meeting', emoji_name: 'calendar' },
  { status_text: 'Commuting', emoji_name: 'bus' },
  { status_text: 'Out sick', emoji_name: 'hurt' },
  { status_text: 'Vacationing', emoji_name: 'palm_tree' },
  { status_text: 'Working remotely', emoji_name: 'house' },
  { status_text: 'At the office', emoji_name: 'office' },
];

export interface StatusSuggestion {
  status_text: string;
  emoji: EmojiRef;
}

export const STATUS_SUGGESTIONS: readonly StatusSuggestion[] = SUGGESTED.flatMap(({ status_text, emoji_name }) => {
  const found = UNICODE_EMOJI_NAMES.find((emoji) => emoji.emoji_name === emoji_name);
  return found ? [{ status_text, emoji: { emoji_name, emoji_code: found.emoji_code, reaction_type: 'unicode_emoji' as const } }] : [];
});
