// The flags a message's content decides for each of its users: its mentions and their alert words.
// Set when it is sent, and set again from the new content when it is edited, as real servers redo
// them (their update_user_message_flags) before telling the edit. The users' own flags (read,
// starred, collapsed, historical) are theirs alone.
import type { Db } from '../db/schema';
import type { MessageRow } from '../db/rows';
import { FLAG } from '../records/message';
import type { Mentions } from '../render';
import { alertedUsers } from './alertWords';

const CONTENT_FLAGS = FLAG.mentioned | FLAG.stream_wildcard_mentioned | FLAG.topic_wildcard_mentioned | FLAG.has_alert_word;

/**
 * Who a topic wildcard mention (@**topic**) reaches, as real servers decide it: those who sent or
 * reacted to a message of the topic (whatever its case), and the sender.
 */
function topicParticipants(db: Db, message: Pick<MessageRow, 'stream_id' | 'topic' | 'sender_id'>): Set<number> {
  const ids = db
    .prepare(
      `SELECT sender_id FROM messages WHERE type = 'stream' AND stream_id = @stream_id AND topic = @topic COLLATE NOCASE
       UNION SELECT r.user_id FROM reactions r JOIN messages m ON m.id = r.message_id
       WHERE m.type = 'stream' AND m.stream_id = @stream_id AND m.topic = @topic COLLATE NOCASE`,
    )
    .pluck()
    .all({ stream_id: message.stream_id, topic: message.topic }) as number[];
  return new Set([...ids, message.sender_id]);
}

/** Each of `userIds`' content flags, from `mentions` (the render of `message.content`). */
export function contentFlags(db: Db, message: Pick<MessageRow, 'type' | 'content' | 'stream_id' | 'topic' | 'sender_id'>, mentions: Mentions, userIds: readonly number[]): Map<number, number> {
  const mentioned = new Set(mentions.users);
  const groupMembers = db.prepare('SELECT user_id FROM user_group_members WHERE group_id = ?').pluck();
  for (const groupId of mentions.groups) for (const userId of groupMembers.all(groupId) as number[]) mentioned.add(userId);
  const wildcard = message.type === 'stream' ? mentions.wildcard : null;
  const participants = wildcard === 'topic' ? topicParticipants(db, message) : new Set<number>();
  // The sender's own words count too, as on real servers.
  const alerted = alertedUsers(db, message.content, userIds);
  const flags = new Map<number, number>();
  for (const userId of userIds) {
    let bits = 0;
    if (mentioned.has(userId)) bits |= FLAG.mentioned;
    if (wildcard === 'stream') bits |= FLAG.stream_wildcard_mentioned;
    if (wildcard === 'topic' && participants.has(userId)) bits |= FLAG.topic_wildcard_mentioned;
    if (alerted.has(userId)) bits |= FLAG.has_alert_word;
    flags.set(userId, bits);
  }
  return flags;
}

/** After a content edit: each user's content flags follow the new content, the others stay. */
export function refreshContentFlags(db: Db, message: MessageRow, mentions: Mentions): void {
  const userIds = db.prepare('SELECT user_id FROM user_messages WHERE message_id = ?').pluck().all(message.id) as number[];
  const update = db.prepare(`UPDATE user_messages SET flags = (flags & ~${CONTENT_FLAGS}) | ? WHERE message_id = ? AND user_id = ?`);
  db.transaction(() => {
    for (const [userId, bits] of contentFlags(db, message, mentions, userIds)) update.run(bits, message.id, userId);
  })();
}
