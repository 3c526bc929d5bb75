// What a feed of messages reads of the mirror: one conversation (a topic, a direct-message group)
// or a channel's every topic interleaved (the channel view; migration 10 files each message under
// its channel). Pages are ranges over an index either way, oldest first as the screen lists them.
import type { ConversationKey } from '../../shared/conversation';
import type { ReadOnlyMirror } from './database';
import { messageRow, storedMessage, type StoredMessage } from './messages';
import { reader } from './statements';

export type Feed = { conversation: ConversationKey } | { stream_id: number };

/** The column and value that select a feed's rows, in `messages` and `unread_messages` alike. */
export function feedFilter(feed: Feed): { column: 'conversation' | 'stream_id'; value: string | number } {
  return 'conversation' in feed ? { column: 'conversation', value: feed.conversation } : { column: 'stream_id', value: feed.stream_id };
}

/**
 * A page of a feed's cached messages, oldest first: the newest `limit` before `before` (exclusive;
 * the newest of all without it), or with `after`, the oldest `limit` after it (exclusive).
 */
export function feedMessages(db: ReadOnlyMirror, feed: Feed, page: { before?: number | undefined; after?: number | undefined; limit: number }): StoredMessage[] {
  const { column, value } = feedFilter(feed);
  if (page.after !== undefined) {
    return reader(db, `SELECT flags, json FROM messages WHERE ${column} = ? AND message_id > ? ORDER BY message_id LIMIT ?`, messageRow)
      .all(value, page.after, page.limit)
      .map(storedMessage);
  }
  const rows = reader(db, `SELECT flags, json FROM messages WHERE ${column} = ? AND message_id < ? ORDER BY message_id DESC LIMIT ?`, messageRow).all(
    value,
    page.before ?? Number.MAX_SAFE_INTEGER,
    page.limit,
  );
  return rows.reverse().map(storedMessage);
}

/**
 * An open feed's view brought up to date: of the messages it shows, those named (still here, or
 * `removed`: deleted or moved out), and up to `limit` newer than `after`, oldest first.
 */
export function feedUpdate(
  db: ReadOnlyMirror,
  feed: Feed,
  after: number,
  message_ids: readonly number[],
  limit: number,
): { messages: StoredMessage[]; removed: number[]; truncated: boolean } {
  const { column, value } = feedFilter(feed);
  const newer = reader(db, `SELECT flags, json FROM messages WHERE ${column} = ? AND message_id > ? ORDER BY message_id LIMIT ?`, messageRow).all(value, after, limit + 1);
  const named = reader(
    db,
    `SELECT flags, json FROM messages WHERE ${column} = ? AND message_id <= ? AND message_id IN (SELECT value FROM json_each(?)) ORDER BY message_id`,
    messageRow,
  ).all(value, after, JSON.stringify(message_ids));
  const messages = [...named, ...newer.slice(0, limit)].map(storedMessage);
  const found = new Set(messages.map((stored) => stored.message.id));
  return { messages, removed: message_ids.filter((id) => id <= after && !found.has(id)), truncated: newer.length > limit };
}
