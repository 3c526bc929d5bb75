// The offline search index (message_search, rebuilt by migration 11) is written by the message
// writes themselves, in their transaction, from the message as already parsed: triggers that
// extracted the topic and text again from the stored JSON, and called back into JavaScript for the
// HTML, held message ingest under half its rate without them (issue 12, messages.ingest_per_s).
import type { Message } from '../../shared/api/records';
import type { MirrorDatabase } from './database';
import { emojiCodeText, searchableText } from './search-text';
import { writer } from './statements';

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The words of rendered HTML: tags dropped (their names and attributes are not what people search for). */
export function htmlText(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? ' ');
}

/** The server's emoji span, `<span … class="emoji emoji-1f389" …>:tada:</span>`: its code is the emoji. */
const EMOJI_SPAN = /<span\b[^>]*\bclass="emoji emoji-([0-9a-f]+(?:-[0-9a-f]+)*)"[^>]*>/g;
/** A custom emoji, `<img alt=":party:" class="emoji" …>`: its name is in the alt text. */
const EMOJI_IMAGE = /<img\b[^>]*\bclass="emoji"[^>]*>/g;

/** What the index holds of a message's HTML: its words, each emoji also by its code point, a custom emoji by its name. */
export function indexedHtml(html: string): string {
  const named = html.includes('emoji')
    ? html.replace(EMOJI_SPAN, (_, code: string) => ` ${emojiCodeText(code)} `).replace(EMOJI_IMAGE, (tag) => ` ${/\balt="([^"]*)"/.exec(tag)?.[1] ?? ''} `)
    : html;
  return searchableText(htmlText(named));
}

/** What `has:` asks of a message, read from its HTML as the family's servers set it when rendering. */
export interface ContentKinds {
  has_link: boolean;
  has_image: boolean;
  has_attachment: boolean;
}

export function contentKinds(message: Pick<Message, 'content' | 'rendered_content'>): ContentKinds {
  const html = message.rendered_content ?? message.content;
  return {
    has_link: /<a\s/.test(html),
    has_image: /class="message_inline_image"/.test(html),
    has_attachment: /\bhref="[^"]*\/user_uploads\//.test(html),
  };
}

/** Indexes a message newly cached: its topic, and the words of its text as rendered when the server sent HTML. */
export function indexMessage(db: MirrorDatabase, message: Message): void {
  writer(db, 'INSERT INTO message_search (rowid, topic, content) VALUES (?, ?, ?)').run(
    message.id,
    searchableText(message.subject),
    indexedHtml(message.rendered_content ?? message.content),
  );
}

/** Indexes a cached message again after its topic, text or anything else in it changed. */
export function reindexMessage(db: MirrorDatabase, message: Message): void {
  unindexMessage(db, message.id);
  indexMessage(db, message);
}

export function unindexMessage(db: MirrorDatabase, message_id: number): void {
  writer(db, 'DELETE FROM message_search WHERE rowid = ?').run(message_id);
}
