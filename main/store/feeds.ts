// What a feed of messages reads of the mirror: one conversation (a topic, a direct-message group),
// a channel's every topic interleaved (the channel view; migration 10 files each message under
// its channel), or a view of messages (shared/message-views.ts): the combined feed (every message
// received, muted channels and topics left out, as the family's `in:home` narrow), Mentions or
// Starred (by the message's flags). Pages are ranges over an index, oldest first as the screen
// lists them.
import { MENTION_FLAGS } from '../../shared/api/unread';
import type { ConversationKey } from '../../shared/conversation';
import type { MessageViewName } from '../../shared/message-views';
import type { ReadOnlyMirror } from './database';
import { messageRow, storedMessage, type StoredMessage } from './messages';
import { reader } from './statements';
import { notMutedCondition } from './topic-visibility';

export type Feed = { conversation: ConversationKey } | { stream_id: number } | { view: MessageViewName };

/** The flags that put a message in Mentions or Starred. */
const VIEW_FLAGS: Record<Exclude<MessageViewName, 'combined'>, readonly string[]> = { mentioned: [...MENTION_FLAGS], starred: ['starred'] };

/**
 * The condition that selects a feed's rows of `messages` or `unread_messages` (both have
 * `conversation` and `stream_id`). The combined feed's: what no mute hides (notMutedCondition);
 * messages the user never received (a preview's, flagged historical, never unread) are not the
 * user's feed either, as the server's `in:home` holds only received ones. Mentions and Starred:
 * by the cached message's flags.
 */
export function feedWhere(db: ReadOnlyMirror, feed: Feed, table: 'messages' | 'unread_messages'): { where: string; params: (string | number)[] } {
  if ('conversation' in feed) return { where: 'conversation = ?', params: [feed.conversation] };
  if ('stream_id' in feed) return { where: 'stream_id = ?', params: [feed.stream_id] };
  if (feed.view !== 'combined') {
    const flagged = 'EXISTS (SELECT 1 FROM json_each(messages.flags) WHERE value IN (SELECT value FROM json_each(?)))';
    const where = table === 'messages' ? flagged : `message_id IN (SELECT message_id FROM messages WHERE ${flagged})`;
    return { where, params: [JSON.stringify(VIEW_FLAGS[feed.view])] };
  }
  const notMuted = notMutedCondition(db);
  const received = table === 'messages' ? ` AND flags NOT LIKE '%"historical"%'` : '';
  return { where: `${notMuted.where}${received}`, params: notMuted.params };
}

/**
 * A page of a feed's cached messages, oldest first: the newest `limit` before `before` (exclusive;
 * the newest of all without it), or with `after`, the oldest `limit` after it (exclusive).
 */
export function feedMessages(db: ReadOnlyMirror, feed: Feed, page: { before?: number | undefined; after?: number | undefined; limit: number }): StoredMessage[] {
  const { where, params } = feedWhere(db, feed, 'messages');
  if (page.after !== undefined) {
    return reader(db, `SELECT flags, json FROM messages WHERE ${where} AND message_id > ? ORDER BY message_id LIMIT ?`, messageRow)
      .all(...params, page.after, page.limit)
      .map(storedMessage);
  }
  const rows = reader(db, `SELECT flags, json FROM messages WHERE ${where} AND message_id < ? ORDER BY message_id DESC LIMIT ?`, messageRow).all(
    ...params,
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
  const { where, params } = feedWhere(db, feed, 'messages');
  const newer = reader(db, `SELECT flags, json FROM messages WHERE ${where} AND message_id > ? ORDER BY message_id LIMIT ?`, messageRow).all(...params, after, limit + 1);
  const named = reader(
    db,
    `SELECT flags, json FROM messages WHERE ${where} AND message_id <= ? AND message_id IN (SELECT value FROM json_each(?)) ORDER BY message_id`,
    messageRow,
  ).all(...params, after, JSON.stringify(message_ids));
  const messages = [...named, ...newer.slice(0, limit)].map(storedMessage);
  const found = new Set(messages.map((stored) => stored.message.id));
  return { messages, removed: message_ids.filter((id) => id <= after && !found.has(id)), truncated: newer.length > limit };
}
