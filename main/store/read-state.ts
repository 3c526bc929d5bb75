// Messages read and unread: a cached message's read flag and the unread state change together,
// whoever asks (the server's flag events, the user reading as messages scroll into sight, Mark
// read on a topic, a channel or everything, Mark as unread from here), online or offline.
import type { Message } from '../../shared/api/records';
import { MENTION_FLAGS, unreadDetailSchema } from '../../shared/api/unread';
import { channelTopicConversation, directConversation } from '../../shared/conversation';
import type { ChangeSink } from './changes';
import type { MirrorDatabase } from './database';
import { feedWhere, type Feed } from './feeds';
import { conversationOf, getMessage, setFlag } from './messages';
import { ownUserIdOf } from './realm';
import { reader } from './statements';
import { addUnread, markAllRead, markRead, unreadPlaceOf, type UnreadPlace } from './unread';
import { z } from 'zod';

/** Messages read: their read flag set where cached, and their unread state gone. */
export function markMessagesRead(db: MirrorDatabase, message_ids: readonly number[] | 'all', changes: ChangeSink): void {
  setFlag(db, message_ids, 'read', true, changes);
  if (message_ids === 'all') {
    markAllRead(db);
    changes.add('unread', 'counts');
  } else if (markRead(db, message_ids).length > 0) {
    changes.add('unread', 'counts');
  }
}

export const isMention = (flags: readonly string[]): boolean => flags.some((flag) => MENTION_FLAGS.has(flag));

/** Where a message lives, for the unread state. */
export function placeOfMessage(message: Message): UnreadPlace {
  const inChannel = message.type === 'stream';
  return { conversation: conversationOf(message), stream_id: inChannel ? (message.stream_id ?? null) : null, topic: inChannel ? message.subject : null };
}

/** Where a message marked unread again lives: the event's details, else the cached message; else unknown. */
function placeOfUnreadAgain(db: MirrorDatabase, id: number, detail: unknown): { place: UnreadPlace; mentioned: boolean } | undefined {
  const checked = unreadDetailSchema.safeParse(detail);
  if (checked.success) return { place: unreadPlaceOf(checked.data, ownUserIdOf(db)), mentioned: checked.data.mentioned === true };
  const cached = getMessage(db, id);
  if (cached === undefined) return undefined;
  return { place: placeOfMessage(cached.message), mentioned: isMention(cached.flags) };
}

/**
 * Messages marked unread again: their read flag cleared where cached, and counted unread where
 * their place is known (from the server's details, by id, or the cached message).
 */
export function markMessagesUnread(db: MirrorDatabase, message_ids: readonly number[], changes: ChangeSink, details: Readonly<Record<string, unknown>> = {}): void {
  setFlag(db, message_ids, 'read', false, changes);
  let counted = false;
  for (const id of message_ids) {
    const found = placeOfUnreadAgain(db, id, details[String(id)]);
    if (found === undefined) continue;
    addUnread(db, id, found.place, found.mentioned);
    counted = true;
  }
  if (counted) changes.add('unread', 'counts');
}

/** What the user marks read at once: a topic, a channel, a direct conversation, or everything. */
export type ReadScope =
  | { scope: 'topic'; stream_id: number; topic: string }
  | { scope: 'channel'; stream_id: number }
  | { scope: 'direct'; user_ids: number[] }
  | { scope: 'all' };

const unreadIdRow = z.object({ message_id: z.number() });

/** Marks a scope read in the mirror at once, before the server confirms it (or while offline). */
export function markScopeRead(db: MirrorDatabase, target: ReadScope, changes: ChangeSink): void {
  const unreadIn = (where: string, key: string | number) =>
    reader(db, `SELECT message_id FROM unread_messages WHERE ${where} = ?`, unreadIdRow)
      .all(key)
      .map((row) => row.message_id);
  switch (target.scope) {
    case 'topic':
      markMessagesRead(db, unreadIn('conversation', channelTopicConversation(target.stream_id, target.topic)), changes);
      return;
    case 'channel':
      markMessagesRead(db, unreadIn('stream_id', target.stream_id), changes);
      return;
    case 'direct':
      markMessagesRead(db, unreadIn('conversation', directConversation(target.user_ids)), changes);
      return;
    case 'all':
      markMessagesRead(db, 'all', changes);
  }
}

/** Where "Mark as unread from here" applies: one conversation's messages, a whole channel's, or a view's (the combined feed, Mentions, Starred). */
export type UnreadFromPlace = Feed;

/** Marks the cached messages of a place unread from `from` (included) on, at once, before the server confirms it. */
export function markUnreadFrom(db: MirrorDatabase, place: UnreadFromPlace, from: number, changes: ChangeSink): void {
  const isRead = "EXISTS (SELECT 1 FROM json_each(messages.flags) WHERE value = 'read')";
  const { where, params } = feedWhere(db, place, 'messages');
  const ids = reader(db, `SELECT message_id FROM messages WHERE ${where} AND message_id >= ? AND ${isRead} ORDER BY message_id`, unreadIdRow)
    .all(...params, from)
    .map((row) => row.message_id);
  markMessagesUnread(db, ids, changes);
}
