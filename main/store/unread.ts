// Unread messages as the server counts them, cached or not: replaced from registration's
// unread_msgs, kept current by message, flag, deletion and move events, and counted per
// conversation with channel and topic mutes applied as the server defines them.
import type { UnreadDetail, UnreadMessages } from '../../shared/api/unread';
import type { UnreadConversation, UnreadCounts } from '../../shared/unread-counts';
import { z } from 'zod';
import { channelTopicConversation, directConversation, type ConversationKey } from '../../shared/conversation';
import type { MirrorDatabase, ReadOnlyMirror } from './database';
import { feedWhere, type Feed } from './feeds';
import { messagePreview, submessagesOf } from './message-text';
import { jsonColumn, reader, writer } from './statements';
import { isFollowedTopic, isMutedTopic } from '../../shared/topic-visibility';
import { topicMuting } from './topic-visibility';

export interface UnreadPlace {
  conversation: ConversationKey;
  stream_id: number | null;
  topic: string | null;
}

export const channelPlace = (stream_id: number, topic: string): UnreadPlace => ({ conversation: channelTopicConversation(stream_id, topic), stream_id, topic });
export const directPlace = (user_ids: readonly number[]): UnreadPlace => ({ conversation: directConversation(user_ids), stream_id: null, topic: null });

export function addUnread(db: MirrorDatabase, message_id: number, place: UnreadPlace, mentioned: boolean): void {
  // Deleted and inserted again, so the per-conversation counts' triggers see a move as one of each.
  writer(db, 'DELETE FROM unread_messages WHERE message_id = ?').run(message_id);
  writer(db, 'INSERT INTO unread_messages (message_id, conversation, stream_id, topic, mentioned) VALUES (?, ?, ?, ?, ?)').run(
    message_id,
    place.conversation,
    place.stream_id,
    place.topic,
    Number(mentioned),
  );
}

const unreadRow = z.object({ conversation: z.string(), stream_id: z.number().nullable(), topic: z.string().nullable(), mentioned: z.number() });

/** An unread message's mention as an edit left it (the server reads mentions again); returns whether it changed. */
export function setUnreadMention(db: MirrorDatabase, message_id: number, mentioned: boolean): boolean {
  const row = reader(db, 'SELECT conversation, stream_id, topic, mentioned FROM unread_messages WHERE message_id = ?', unreadRow).get(message_id);
  if (row === undefined || (row.mentioned !== 0) === mentioned) return false;
  addUnread(db, message_id, { conversation: row.conversation, stream_id: row.stream_id, topic: row.topic }, mentioned);
  return true;
}

/** The mirror's unread state becomes the server's, as registration reports it. */
export function replaceUnread(db: MirrorDatabase, unread: UnreadMessages, own_user_id: number): void {
  markAllRead(db);
  const mentions = new Set(unread.mentions);
  const add = (ids: readonly number[], place: UnreadPlace): void => {
    for (const id of ids) addUnread(db, id, place, mentions.has(id));
  };
  for (const entry of unread.streams) add(entry.unread_message_ids, channelPlace(entry.stream_id, entry.topic));
  for (const entry of unread.pms) add(entry.unread_message_ids, directPlace([entry.other_user_id ?? entry.sender_id ?? own_user_id, own_user_id]));
  for (const entry of unread.huddles) add(entry.unread_message_ids, directPlace(entry.user_ids_string.split(',').map(Number)));
}

/** Returns the IDs that were unread. */
export function markRead(db: MirrorDatabase, message_ids: readonly number[]): number[] {
  const statement = writer(db, 'DELETE FROM unread_messages WHERE message_id = ?');
  return message_ids.filter((id) => statement.run(id).changes > 0);
}

/** Channels the user left: the server counts none of their unread messages any more (reference: unread_msgs); returns whether any were. */
export function forgetChannelUnread(db: MirrorDatabase, stream_ids: readonly number[]): boolean {
  const statement = writer(db, 'DELETE FROM unread_messages WHERE stream_id = ?');
  return stream_ids.map((stream_id) => statement.run(stream_id).changes).some((deleted) => deleted > 0);
}

export function markAllRead(db: MirrorDatabase): void {
  // The counts go first, so the per-message delete trigger finds nothing left to count down.
  writer(db, 'DELETE FROM unread_conversations').run();
  writer(db, 'DELETE FROM unread_messages').run();
}

export function unreadPlaceOf(detail: UnreadDetail, own_user_id: number): UnreadPlace {
  return detail.type === 'stream' ? channelPlace(detail.stream_id, detail.topic) : directPlace([...detail.user_ids, own_user_id]);
}

const channelUnreadRow = z.object({ stream_id: z.number(), topic: z.string(), mentioned: z.number() });

/** Messages moved to another topic or channel take their unread state along. Returns those moved. */
export function moveUnread(db: MirrorDatabase, message_ids: readonly number[], to: { stream_id?: number; topic?: string }): number[] {
  const read = reader(db, 'SELECT stream_id, topic, mentioned FROM unread_messages WHERE message_id = ? AND stream_id IS NOT NULL', channelUnreadRow);
  return message_ids.filter((id) => {
    const row = read.get(id);
    if (row === undefined) return false;
    addUnread(db, id, channelPlace(to.stream_id ?? row.stream_id, to.topic ?? row.topic), row.mentioned === 1);
    return true;
  });
}

const conversationRow = z.object({
  conversation: z.string(),
  stream_id: z.number().nullable(),
  topic: z.string().nullable(),
  unread: z.number(),
  mentions: z.number(),
  newest_message_id: z.number(),
});

const conversationRows = z.object({ rows: z.string() });

export function unreadCounts(db: ReadOnlyMirror): UnreadCounts {
  // One JSON array from SQLite, parsed at once: for tens of thousands of conversations that is
  // about half the cost of a JS object per row from the driver (bench inbox.open_ms).
  const json = reader(
    db,
    `SELECT json_group_array(json_object('conversation', conversation, 'stream_id', stream_id, 'topic', topic, 'unread', unread,
       'mentions', mentions, 'newest_message_id', newest_message_id)) AS rows
     FROM (SELECT * FROM unread_conversations ORDER BY newest_message_id DESC)`,
    conversationRows,
  ).get();
  const rows = jsonColumn(json?.rows ?? '[]', z.array(conversationRow));
  const { mutedChannels, policies } = topicMuting(db);
  let total = 0;
  let mentions = 0;
  const conversations = rows.map(({ conversation, stream_id, topic, unread, mentions: mentioned, newest_message_id }): UnreadConversation => {
    const policy = policies.get(conversation)?.policy;
    const muted = stream_id !== null && isMutedTopic(policy, mutedChannels.has(stream_id));
    if (!muted) total += unread;
    mentions += mentioned;
    // Built field by field: spreading the row costs as much again as reading it.
    return { conversation, stream_id, topic, unread, mentions: mentioned, newest_message_id, muted, followed: isFollowedTopic(policy) };
  });
  return { conversations, total, mentions };
}

const uncachedRow = z.object({ conversation: z.string(), unread: z.number(), newest_message_id: z.number() });

/** Conversations with unread messages the mirror does not hold yet, newest unread first: what the background fetch brings. */
export function uncachedUnreadConversations(db: ReadOnlyMirror): z.infer<typeof uncachedRow>[] {
  return reader(
    db,
    `SELECT conversation, unread, newest_message_id FROM unread_conversations c
     WHERE EXISTS (SELECT 1 FROM unread_messages u WHERE u.conversation = c.conversation
                   AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.message_id = u.message_id))
     ORDER BY newest_message_id DESC`,
    uncachedRow,
  ).all();
}

const previewRow = z.object({ conversation: z.string(), sender_full_name: z.string(), sender_id: z.number(), html: z.string(), submessages: z.string().nullable(), timestamp: z.number() });

/** How much of a message's text a preview keeps. */
const PREVIEW_CHARACTERS = 200;

/** The newest unread message of each unread conversation where it is cached: its sender and a line of its text. */
export function newestUnreadPreviews(db: ReadOnlyMirror): Map<ConversationKey, { sender_full_name: string; preview: string; timestamp: number }> {
  const rows = reader(
    db,
    `SELECT c.conversation, json_extract(m.json, '$.sender_full_name') AS sender_full_name, coalesce(m.sender_id, json_extract(m.json, '$.sender_id')) AS sender_id, m.timestamp,
       json_extract(m.json, '$.submessages') AS submessages,
       coalesce(json_extract(m.json, '$.rendered_content'), json_extract(m.json, '$.content')) AS html
     FROM unread_conversations c JOIN messages m ON m.message_id = c.newest_message_id`,
    previewRow,
  ).all();
  return new Map(
    rows.map(({ conversation, sender_full_name, sender_id, html, submessages, timestamp }) => [
      conversation,
      { sender_full_name, timestamp, preview: messagePreview({ html, sender_id, submessages: submessagesOf(submessages) }).slice(0, PREVIEW_CHARACTERS) },
    ]),
  );
}

const firstRow = z.object({ id: z.number().nullable() });

/** The oldest message of a feed the unread state holds (the server's, cached or not); undefined when all is read. */
export function firstUnread(db: ReadOnlyMirror, feed: Feed): number | undefined {
  const { where, params } = feedWhere(db, feed, 'unread_messages');
  return reader(db, `SELECT min(message_id) AS id FROM unread_messages WHERE ${where}`, firstRow).get(...params)?.id ?? undefined;
}
