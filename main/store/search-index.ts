// The offline search index (message_search, migration 5) is written by the message writes
// themselves, in their transaction, from the message as already parsed: triggers that extracted
// the topic and text again from the stored JSON, and called back into JavaScript for the HTML,
// held message ingest under half its rate without them (issue 12, messages.ingest_per_s).
import type { Message } from '../../shared/api/records';
import type { MirrorDatabase } from './database';
import { writer } from './statements';

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The words of rendered HTML: tags dropped (their names and attributes are not what people search for). */
export function htmlText(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? ' ');
}

/** Indexes a message newly cached: its topic, and the words of its text as rendered when the server sent HTML. */
export function indexMessage(db: MirrorDatabase, message: Message): void {
  writer(db, 'INSERT INTO message_search (rowid, topic, content) VALUES (?, ?, ?)').run(
    message.id,
    message.subject,
    htmlText(message.rendered_content ?? message.content),
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
