// Conversations as the mirror knows them: the cached messages grouped by conversation key.
import type { MirrorDatabase } from './database';
import { z } from 'zod';
import { storedMessage, type ConversationKey, type StoredMessage } from './messages';
import { reader } from './statements';

export interface CachedConversation {
  conversation: ConversationKey;
  last: StoredMessage;
  last_message_id: number;
  unread: number;
}

/** Every conversation with a cached message, the most recently active first. */
export function cachedConversations(db: MirrorDatabase): CachedConversation[] {
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

export function cachedMessageCount(db: MirrorDatabase, conversation: ConversationKey): number {
  return reader(db, 'SELECT COUNT(*) AS n FROM messages WHERE conversation = ?', z.object({ n: z.number() })).get(conversation)?.n ?? 0;
}
