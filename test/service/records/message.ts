// The message object: sender, recipient display, reactions, submessages, per-user flags, topic as `subject`.
import type { Db } from '../db/schema';
import type { MessageRow, ReactionRow, RealmRow, UserRow } from '../db/rows';
import { dmParticipants, getStream, getUser } from '../access';
import { wireReactionType, type Dialect } from '../dialect';
import { topicLinks } from '../linkify';
import { submessagesOf } from '../submessages/store';
import { shownTopic } from '../topics';
import { apiEmail, avatarUrl } from './user';

export const FLAG = {
  read: 1,
  starred: 2,
  collapsed: 4,
  mentioned: 8,
  stream_wildcard_mentioned: 16,
  topic_wildcard_mentioned: 32,
  has_alert_word: 64,
  historical: 128,
} as const;
export type FlagName = keyof typeof FLAG;

export function flagNames(bits: number): string[] {
  const names: string[] = Object.entries(FLAG).filter(([, bit]) => (bits & bit) !== 0).map(([name]) => name);
  // Deprecated, but still sent: either wildcard kind.
  if ((bits & (FLAG.stream_wildcard_mentioned | FLAG.topic_wildcard_mentioned)) !== 0) names.push('wildcard_mentioned');
  return names;
}

export interface MessageView {
  realm: RealmRow;
  applyMarkdown: boolean;
  allowEmptyTopic: boolean;
  dialect: Dialect;
}

function realmString(realm: RealmRow): string {
  return realm.host.split('.')[0] ?? realm.host;
}

function reactionRecords(db: Db, messageId: number, dialect: Dialect): Record<string, unknown>[] {
  const rows = db.prepare('SELECT * FROM reactions WHERE message_id = ? ORDER BY rowid').all(messageId) as ReactionRow[];
  return rows.map((row) => ({ emoji_name: row.emoji_name, emoji_code: row.emoji_code, reaction_type: wireReactionType(dialect, row.reaction_type), user_id: row.user_id }));
}

function submessageRecords(db: Db, messageId: number): Record<string, unknown>[] {
  return submessagesOf(db, messageId).map((row) => ({ id: row.id, message_id: row.message_id, sender_id: row.sender_id, msg_type: row.msg_type, content: row.content }));
}

function displayRecipient(db: Db, message: MessageRow, realm: RealmRow): string | Record<string, unknown>[] {
  if (message.type === 'stream') return message.stream_id === null ? '' : (getStream(db, message.stream_id)?.name ?? '');
  return dmParticipants(message)
    .map((id) => getUser(db, id))
    .filter((user): user is UserRow => user !== undefined)
    .map((user) => ({ id: user.user_id, email: apiEmail(user, realm.host), full_name: user.full_name, is_mirror_dummy: false }));
}

/** A message whose content starts with `/me ` is shown as an action of its sender. */
export function isMeMessage(content: string): boolean {
  return /^\/me\s/.test(content);
}

export function messageRecord(db: Db, message: MessageRow, view: MessageView): Record<string, unknown> {
  const sender = getUser(db, message.sender_id);
  const record: Record<string, unknown> = {
    id: message.id,
    type: message.type,
    sender_id: message.sender_id,
    sender_email: sender === undefined ? '' : apiEmail(sender, view.realm.host),
    sender_full_name: sender?.full_name ?? '',
    sender_realm_str: realmString(view.realm),
    avatar_url: sender === undefined ? null : avatarUrl(sender),
    client: message.client,
    content: view.applyMarkdown ? message.rendered_content : message.content,
    rendered_content: message.rendered_content,
    content_type: view.applyMarkdown ? 'text/html' : 'text/x-markdown',
    display_recipient: displayRecipient(db, message, view.realm),
    recipient_id: message.recipient_id,
    subject: message.type === 'stream' ? shownTopic(message.topic, view.realm.empty_topic_display_name, view.allowEmptyTopic) : '',
    is_me_message: isMeMessage(message.content),
    timestamp: message.timestamp,
    reactions: reactionRecords(db, message.id, view.dialect),
    submessages: submessageRecords(db, message.id),
    topic_links: message.type === 'stream' ? topicLinks(db, message.topic) : [],
  };
  if (message.stream_id !== null) record['stream_id'] = message.stream_id;
  if (typeof message.last_edit_timestamp === 'number') record['last_edit_timestamp'] = message.last_edit_timestamp;
  if (typeof message.last_moved_timestamp === 'number') record['last_moved_timestamp'] = message.last_moved_timestamp;
  return record;
}

/** The viewer's flags; a message they never received but may read is `historical` and read. */
export function viewerFlags(db: Db, viewerId: number, messageId: number): string[] {
  const row = db.prepare('SELECT flags FROM user_messages WHERE user_id = ? AND message_id = ?').get(viewerId, messageId) as { flags: number } | undefined;
  return flagNames(row?.flags ?? FLAG.read | FLAG.historical);
}
