// A message's text for one line of preview (the Inbox, desktop notifications): the words of its
// HTML as a person reads them, each Unicode emoji as its glyph (not the `:tada:` the server's span
// holds for clients without emoji), the organization's own emoji by their `:name:`.
import { emojiPresentation } from '../../shared/emoji/unicode';
import { htmlText } from './search-index';

/** A Unicode emoji as the server renders it: `<span ... class="emoji emoji-1f389" ...>:tada:</span>`. */
const UNICODE_EMOJI = /<span\b[^>]*\bclass="[^"]*\bemoji-([0-9a-f]+(?:-[0-9a-f]+)*)\b[^"]*"[^>]*>[^<]*<\/span>/g;
/** A custom emoji: `<img alt=":name:" class="emoji" ...>`. */
const IMAGE_EMOJI = /<img\b[^>]*\balt="(:[^"<>]*:)"[^>]*>/g;
/**
 * Markup within a line of text (bold, a link, a mention, code): it goes without a trace, so that
 * `<strong>done</strong>:` reads "done:", not "done :". Any other tag parts words (paragraphs,
 * list items, line breaks).
 */
const INLINE_TAG = /<\/?(?:a|abbr|b|code|del|em|i|kbd|mark|s|small|span|strong|sub|sup|time|u)\b[^>]*>/g;

export function previewText(html: string): string {
  const glyphs = html.replace(UNICODE_EMOJI, (span, code: string) => emojiPresentation(code) ?? span).replace(IMAGE_EMOJI, (_, name: string) => name);
  return htmlText(glyphs.replace(INLINE_TAG, '')).replace(/\s+/g, ' ').trim();
}
