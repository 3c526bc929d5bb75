// Conversations as the mirror knows them: the cached messages grouped by conversation key.
import type { MirrorDatabase } from './database';
import { prepared } from './keyed-table';
import type { ConversationKey, StoredMessage } from './messages';

export interface CachedConversation {
  conversation: ConversationKey;
  last: StoredMessage;
  last_message_id: number;
  unread: number;
}

/** Every conversation with a cached message, the most recently active first. */
export function cachedConversations(db: MirrorDatabase): CachedConversation[] {
  const rows = prepared(
    db,
    `SELECT m.conversation, m.message_id, m.flags, m.json, c.unread FROM messages m
     JOIN (SELECT conversation, MAX(message_id) AS last_id,
             SUM(CASE WHEN flags LIKE '%"read"%' THEN 0 ELSE 1 END) AS unread
           FROM messages GROUP BY conversation) c ON m.message_id = c.last_id
     ORDER BY m.message_id DESC`,
  ).all() as { conversation: string; message_id: number; flags: string; json: string; unread: number }[];
  return rows.map((row) => ({
    conversation: row.conversation,
    last_message_id: row.message_id,
    unread: row.unread,
    last: { message: JSON.parse(row.json) as StoredMessage['message'], flags: JSON.parse(row.flags) as string[] },
  }));
}

export function cachedMessageCount(db: MirrorDatabase, conversation: ConversationKey): number {
  return (prepared(db, 'SELECT COUNT(*) AS n FROM messages WHERE conversation = ?').get(conversation) as { n: number }).n;
}
