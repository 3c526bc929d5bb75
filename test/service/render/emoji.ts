// Emoji in message HTML: `:name:` and Unicode emoji as a span carrying the code point (its title
// the name with spaces), custom emoji and the server's extra emoji as an image.
import { CODEPOINT_TO_NAME, NAME_TO_CODEPOINT } from './emojiTable';
import { escapeHtml } from './escape';
import type { RenderContext } from './types';

/**
 * One emoji as typed: a pictograph (or keycap base, or a pair of regional indicators) with its
 * variation selectors and skin tones, and any zero-width-joined continuation.
 */
export const UNICODE_EMOJI_SEQUENCE =
  /(?:[\u{1F1E6}-\u{1F1FF}]{2}|[#*0-9]\uFE0F?\u20E3|\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})*)(?:\u200D\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})*)*\uFE0F?/gu;

function spanHtml(name: string, code: string): string {
  const title = escapeHtml(name.replace(/_/g, ' '));
  return `<span aria-label="${title}" class="emoji emoji-${code}" role="img" title="${title}">:${escapeHtml(name)}:</span>`;
}

export function emojiHtml(name: string, context: RenderContext): string | null {
  const custom = context.realmEmoji(name);
  const title = escapeHtml(name.replace(/_/g, ' '));
  if (custom !== undefined) return `<img alt=":${escapeHtml(name)}:" class="emoji" src="${escapeHtml(custom.source_url)}" title="${title}">`;
  const code = NAME_TO_CODEPOINT.get(name);
  if (code !== undefined) return spanHtml(name, code);
  if (name === context.extraEmojiName) {
    return `<img alt=":${escapeHtml(name)}:" class="emoji" src="/static/generated/emoji/images/emoji/unicode/${escapeHtml(name)}.png" title="${title}">`;
  }
  return null;
}

/** The span for a Unicode emoji sequence, or null when the family has no emoji for it. */
export function unicodeEmojiHtml(sequence: string): string | null {
  const code = [...sequence]
    .map((char) => char.codePointAt(0) ?? 0)
    .filter((point) => point !== 0xfe0f)
    .map((point) => point.toString(16).padStart(4, '0'))
    .join('-');
  const name = CODEPOINT_TO_NAME.get(code);
  return name === undefined ? null : spanHtml(name, code);
}
