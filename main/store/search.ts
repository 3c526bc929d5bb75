// Offline message search: an FTS5 index over the cached messages' topics and text, kept current
// by the message writes in their own transaction (search-index.ts). Results come newest first.
import { z } from 'zod';
import type { ReadOnlyMirror } from './database';
import { storedMessage, type StoredMessage } from './messages';
import { htmlText } from './search-index';
import { reader } from './statements';

const matchRow = z.object({ flags: z.string(), json: z.string() });

/** html_text() in SQL: migration 5 fills the index with it. */
export function registerSearchFunctions(db: ReadOnlyMirror): void {
  db.function('html_text', { deterministic: true }, (html: unknown) => (typeof html === 'string' ? htmlText(html) : ''));
}

/**
 * What the user typed as an FTS5 query: every word must match as the start of a word (so
 * "deploy" finds "deploys", and a word still being typed finds something). Quotes keep
 * operators and punctuation from meaning anything; any text makes a valid query.
 */
export function searchQuery(text: string): string | null {
  // A control character ends a word: FTS5 reads the query as a C string, which a NUL would cut.
  const words = text.split(/[\s\p{Cc}]+/u).map((word) => word.replace(/"/g, '')).filter((word) => /[\p{L}\p{N}]/u.test(word));
  if (words.length === 0) return null;
  return words.map((word) => `"${word}"*`).join(' AND ');
}

/** The newest cached messages matching every word of `text`, in their topic or text. */
export function searchCachedMessages(db: ReadOnlyMirror, text: string, limit = 50): StoredMessage[] {
  const query = searchQuery(text);
  if (query === null) return [];
  return reader(
    db,
    `SELECT m.flags, m.json FROM message_search s JOIN messages m ON m.message_id = s.rowid
     WHERE message_search MATCH ? ORDER BY s.rowid DESC LIMIT ?`,
    matchRow,
  )
    .all(query, limit)
    .map(storedMessage);
}

/** The newest cached messages carrying any of `flags` (the Mentions and Starred views). */
export function flaggedMessages(db: ReadOnlyMirror, flags: readonly string[], limit = 50): StoredMessage[] {
  return reader(
    db,
    `SELECT flags, json FROM messages WHERE EXISTS (SELECT 1 FROM json_each(messages.flags) WHERE value IN (SELECT value FROM json_each(?)))
     ORDER BY message_id DESC LIMIT ?`,
    matchRow,
  )
    .all(JSON.stringify(flags), limit)
    .map(storedMessage);
}
