// Conversations as the mirror knows them: cached messages grouped by conversation key, and for the
// sidebar the conversations known from their unread messages alone (and a channel's topics from the
// server's topic history) too; Recent conversations pages
// through the cached ones with their latest senders.
import { channelKeyPrefix, channelTopicConversation, DIRECT_KEY_PREFIX, parseConversation } from '../../shared/conversation';
import { conversationTitle, directTitle, type ConversationNames } from '../../shared/conversation-title';
import { RECENT_PARTICIPANTS, type RecentConversation, type RecentPage } from '../../shared/recent';
import type { SidebarDirect, SidebarTopic } from '../../shared/sidebar';
import { channelsTable } from './channels';
import type { ReadOnlyMirror } from './database';
import { z } from 'zod';
import { storedMessage, type ConversationKey, type StoredMessage } from './messages';
import { topicPreferences } from './personal';
import { getRecord } from './keyed-table';
import { emptyTopicOf, mutedUserIdsOf } from './realm';
import { reader } from './statements';
import { topicHistory } from './topic-history';
import { notMutedCondition } from './topic-visibility';
import { userName } from './users';

export interface CachedConversation {
  conversation: ConversationKey;
  last: StoredMessage;
  last_message_id: number;
  unread: number;
}

/** Every conversation with a cached message, the most recently active first. */
export function cachedConversations(db: ReadOnlyMirror): CachedConversation[] {
  const rows = reader(
    db,
    `SELECT m.conversation, m.message_id, m.flags, m.json, c.unread FROM messages m
     JOIN (SELECT conversation, MAX(message_id) AS last_id,
             SUM(CASE WHEN flags LIKE '%"read"%' THEN 0 ELSE 1 END) AS unread
           FROM messages GROUP BY conversation) c ON m.message_id = c.last_id
     ORDER BY m.message_id DESC`,
    z.object({ conversation: z.string(), message_id: z.number(), flags: z.string(), json: z.string(), unread: z.number() }),
  ).all();
  return rows.map((row) => ({
    conversation: row.conversation,
    last_message_id: row.message_id,
    unread: row.unread,
    last: storedMessage(row),
  }));
}

/** One conversation's newest cached message and unread count; undefined when none of its messages is cached. */
export function cachedConversation(db: ReadOnlyMirror, conversation: ConversationKey): CachedConversation | undefined {
  const row = reader(
    db,
    `SELECT message_id, flags, json, (SELECT count(*) FROM messages WHERE conversation = ? AND flags NOT LIKE '%"read"%') AS unread
     FROM messages WHERE conversation = ? ORDER BY message_id DESC LIMIT 1`,
    z.object({ message_id: z.number(), flags: z.string(), json: z.string(), unread: z.number() }),
  ).get(conversation, conversation);
  return row && { conversation, last_message_id: row.message_id, unread: row.unread, last: storedMessage(row) };
}

export function cachedMessageCount(db: ReadOnlyMirror, conversation: ConversationKey): number {
  return reader(db, 'SELECT COUNT(*) AS n FROM messages WHERE conversation = ?', z.object({ n: z.number() })).get(conversation)?.n ?? 0;
}

const keyRow = z.object({ conversation: z.string(), last_message_id: z.number() });

/** Conversations whose key starts with `prefix`, cached or only unread, the most recently active first. */
function conversationsByPrefix(db: ReadOnlyMirror, prefix: string, limit: number): z.infer<typeof keyRow>[] {
  // The prefixes hold no GLOB wildcard, so both scans are ranges over the conversation indexes.
  const pattern = `${prefix}*`;
  return reader(
    db,
    `SELECT conversation, max(message_id) AS last_message_id FROM (
       SELECT conversation, message_id FROM messages WHERE conversation GLOB ?
       UNION ALL SELECT conversation, message_id FROM unread_messages WHERE conversation GLOB ?)
     GROUP BY conversation ORDER BY last_message_id DESC LIMIT ?`,
    keyRow,
  ).all(pattern, pattern, limit);
}

/**
 * A channel's topics the mirror knows of (cached, unread, or in the server's topic history), newest
 * first, with the user's preference. A topic cached under another case is the cached one.
 */
export function channelTopics(db: ReadOnlyMirror, stream_id: number, limit: number): SidebarTopic[] {
  const policies = new Map(topicPreferences(db, stream_id).map((p) => [p.topic_name, p.visibility_policy]));
  const known = new Map<string, { topic: string; conversation: ConversationKey; last_message_id: number }>();
  for (const { conversation, last_message_id } of conversationsByPrefix(db, channelKeyPrefix(stream_id), limit)) {
    const target = parseConversation(conversation);
    if (target?.kind === 'channel') known.set(target.topic.toLowerCase(), { topic: target.topic, conversation, last_message_id });
  }
  // Each list holds its newest `limit`, so the newest `limit` of both are among them.
  for (const { topic, max_id } of topicHistory(db, stream_id, limit)) {
    const cached = known.get(topic.toLowerCase());
    if (cached) cached.last_message_id = Math.max(cached.last_message_id, max_id);
    else known.set(topic.toLowerCase(), { topic, conversation: channelTopicConversation(stream_id, topic), last_message_id: max_id });
  }
  return [...known.values()]
    .sort((a, b) => b.last_message_id - a.last_message_id)
    .slice(0, limit)
    .map((entry) => ({ ...entry, visibility_policy: policies.get(entry.topic) ?? 0 }));
}

/** The direct-message conversations the mirror knows of, newest first, named by the others in them. */
export function directConversations(db: ReadOnlyMirror, own_user_id: number, limit: number): SidebarDirect[] {
  return conversationsByPrefix(db, DIRECT_KEY_PREFIX, limit).flatMap(({ conversation, last_message_id }) => {
    const target = parseConversation(conversation);
    if (target?.kind !== 'direct') return [];
    return [{ conversation, user_ids: target.user_ids, title: directTitle(target.user_ids, own_user_id, (id) => userName(db, id)), last_message_id }];
  });
}

const recentRow = z.object({ conversation: z.string(), last_message_id: z.number(), last_timestamp: z.number(), unread: z.number() });
const participantRow = z.object({ user_id: z.number(), full_name: z.string() });

/** Channels and people named as the mirror has them, for conversation titles. */
export function mirrorNames(db: ReadOnlyMirror): ConversationNames {
  return {
    channel: (stream_id) => getRecord(db, channelsTable, stream_id)?.name ?? `channel ${stream_id}`,
    user: (user_id) => userName(db, user_id),
    emptyTopic: emptyTopicOf(db),
  };
}

function titleOf(db: ReadOnlyMirror, conversation: ConversationKey, own_user_id: number): string {
  const target = parseConversation(conversation);
  return target ? conversationTitle(target, own_user_id, mirrorNames(db)) : conversation;
}

/**
 * The conversations with cached messages, the most recently active first, a page of `limit` whose
 * newest message is older than `before`; unread counts are the server's (unread_conversations).
 * Topics of channels the user is not subscribed to (previewed, found by a search) are left out, as
 * the family's own Recent conversations leaves them out, and so are muted ones unless asked for;
 * `unread` keeps those with unread messages, `participated` those the user wrote in.
 */
export function recentConversations(
  db: ReadOnlyMirror,
  own_user_id: number,
  page: { before?: number | undefined; limit: number; unread?: boolean; participated?: boolean; include_muted?: boolean },
): RecentPage {
  const notMuted = page.include_muted ? { where: '1', params: [] } : notMutedCondition(db, 'm');
  const rows = reader(
    db,
    `SELECT c.conversation, c.last_message_id, m.timestamp AS last_timestamp, coalesce(u.unread, 0) AS unread
     FROM (SELECT conversation, max(message_id) AS last_message_id FROM messages GROUP BY conversation) c
     JOIN messages m ON m.message_id = c.last_message_id
     LEFT JOIN unread_conversations u ON u.conversation = c.conversation
     WHERE c.last_message_id < ?
       AND (c.conversation GLOB ? OR json_extract(m.json, '$.stream_id') IN (SELECT stream_id FROM subscriptions))
       AND ${notMuted.where}
       AND (? = 0 OR coalesce(u.unread, 0) > 0)
       AND (? = 0 OR EXISTS (SELECT 1 FROM messages mine WHERE mine.conversation = c.conversation AND mine.sender_id = ?))
     ORDER BY c.last_message_id DESC LIMIT ?`,
    recentRow,
  ).all(page.before ?? Number.MAX_SAFE_INTEGER, `${DIRECT_KEY_PREFIX}*`, ...notMuted.params, Number(page.unread ?? false), Number(page.participated ?? false), own_user_id, page.limit + 1);
  // SQLite takes the bare sender_full_name from the row holding max(message_id): each sender's
  // latest name. People the user muted are not named (shared/muted-users.ts).
  const participants = reader(
    db,
    `SELECT json_extract(json, '$.sender_id') AS user_id, json_extract(json, '$.sender_full_name') AS full_name, max(message_id) AS latest
     FROM messages WHERE conversation = ? AND sender_id NOT IN (SELECT value FROM json_each(?)) GROUP BY user_id ORDER BY latest DESC LIMIT ?`,
    participantRow,
  );
  const muted = JSON.stringify(mutedUserIdsOf(db));
  const conversations = rows.slice(0, page.limit).map(
    (row): RecentConversation => ({
      ...row,
      title: titleOf(db, row.conversation, own_user_id),
      participants: participants.all(row.conversation, muted, RECENT_PARTICIPANTS),
    }),
  );
  return { conversations, more: rows.length > page.limit };
}
