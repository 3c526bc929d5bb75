// A message's text for one line of preview (the Inbox, desktop notifications): the words of its
// HTML as a person reads them, each Unicode emoji as its glyph (not the `:tada:` the server's span
// holds for clients without emoji), the organization's own emoji by their `:name:`; a widget's
// summary instead of the command that made it.
import { z } from 'zod';
import { emojiPresentation } from '../../shared/emoji/unicode';
import { widgetSubmessageSchema, type WidgetSubmessage } from '../../shared/widgets/submessages';
import { widgetSummaryOf } from '../../shared/widgets/summary';
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

/** The line that previews a message: its widget's summary where it has one, else its text. */
export function messagePreview(message: { html: string; sender_id: number; submessages: readonly WidgetSubmessage[] }): string {
  return widgetSummaryOf(message) ?? previewText(message.html);
}

const storedSubmessages = z.array(widgetSubmessageSchema);

/** A stored message's submessages (its JSON's `submessages`); none where they are not in a widget's form. */
export function submessagesOf(json: string | null): WidgetSubmessage[] {
  if (json === null || json === '[]') return [];
  // SQLite's json_extract wrote it: JSON always, in the form asked not always.
  return storedSubmessages.safeParse(JSON.parse(json)).data ?? [];
}
