// Sending a message: checking where it goes, storing it with each recipient's flags (and the widget
// its first word asks for), and the `message` events. Used by POST /messages, scheduled delivery
// and outgoing-webhook replies.
import { canAccessChannelContent, getStream, getStreamByName, getUser, isSubscribed, subscriberIds, userByApiEmail } from '../access';
import type { Sim } from '../context';
import { nowSeconds } from '../context';
import type { Db } from '../db/schema';
import type { MessageRow, StreamRow, UserRow } from '../db/rows';
import { ApiError, badRequest, channelDoesNotExist, missingArgument } from '../http/errors';
import { FLAG, flagNames, messageRecord } from '../records/message';
import { renderMessage, type Mentions, type Rendered } from '../render';
import { storeSubmessage } from '../submessages/store';
import { widgetContent } from '../submessages/widget';
import { messageTopic } from '../topics';
import { mutedBy } from '../areas/mutedUsers';
import { contentFlags } from './contentFlags';
import { renderContext } from './renderContext';

export const MAX_MESSAGE_LENGTH = 10_000;
const TRUNCATED = '\n[message truncated]';

// Recipient ids live in three ranges: a user's own id for one-on-one conversations, then channels,
// then group conversations.
const CHANNEL_RECIPIENT_BASE = 1_000_000;
const GROUP_RECIPIENT_BASE = 2_000_000;

export type Destination = { type: 'stream'; stream: StreamRow; topic: string } | { type: 'private'; userIds: number[] };

export function messageType(type: string): 'stream' | 'private' {
  if (type === 'stream' || type === 'channel') return 'stream';
  if (type === 'direct' || type === 'private') return 'private';
  throw badRequest('Invalid message type');
}

/** The channel of a channel message: by ID (or a list of one ID), or by name. */
export function resolveChannel(sim: Sim, sender: UserRow, to: unknown): StreamRow {
  const target = Array.isArray(to) && to.length === 1 ? (to as unknown[])[0] : to;
  let stream: StreamRow | undefined;
  if (typeof target === 'number' && Number.isInteger(target)) {
    stream = getStream(sim.db, target);
    if (stream === undefined) throw channelDoesNotExist(target);
  } else if (typeof target === 'string' && target !== '') {
    stream = getStreamByName(sim.db, target);
    if (stream === undefined) throw new ApiError(400, 'STREAM_DOES_NOT_EXIST', `Channel '${target}' does not exist`, { stream: target });
  } else {
    throw badRequest('Invalid channel ID');
  }
  if (stream.is_archived === 1 || !canAccessChannelContent(sim.db, sender, stream)) {
    // An inaccessible private channel answers as if it did not exist, like real servers.
    if (stream.invite_only === 1 && !isSubscribed(sim.db, sender.user_id, stream.stream_id)) throw channelDoesNotExist(stream.stream_id);
    throw badRequest(`Not authorized to send to channel '${stream.name}'`);
  }
  return stream;
}

/** Direct-message recipients: user IDs (or emails), all existing and active. */
export function resolveDirectRecipients(sim: Sim, to: unknown): number[] {
  const list = Array.isArray(to) ? (to as unknown[]) : [to];
  if (list.length === 0) throw badRequest('Message must have recipients');
  const ids = list.map((item) => {
    let user: UserRow | undefined;
    if (typeof item === 'number' && Number.isInteger(item)) {
      user = getUser(sim.db, item);
      if (user === undefined) throw badRequest(`Invalid user ID ${item}`);
    } else if (typeof item === 'string') {
      user = userByApiEmail(sim.db, sim.realm().host, item);
      if (user === undefined) throw badRequest(`Invalid email '${item}'`);
    } else {
      throw badRequest('Invalid recipient');
    }
    if (user.is_active !== 1) throw badRequest(`'${user.email}' is no longer using this organization.`);
    return user.user_id;
  });
  return [...new Set(ids)];
}

/** The topic a channel accepts under its topics_policy (the organization allows the empty topic). */
export function checkTopicPolicy(stream: StreamRow, topic: string): void {
  if (stream.topics_policy === 'disable_empty_topic' && topic === '') {
    throw badRequest('Sending messages to the general chat is not allowed in this channel.');
  }
  if (stream.topics_policy === 'empty_topic_only' && topic !== '') {
    throw badRequest('Only the general chat topic is allowed in this channel.');
  }
}

export function destinationFor(sim: Sim, sender: UserRow, type: string, to: unknown, topic: string | undefined): Destination {
  if (messageType(type) === 'private') return { type: 'private', userIds: resolveDirectRecipients(sim, to) };
  const stream = resolveChannel(sim, sender, to);
  if (topic === undefined) throw missingArgument('topic');
  const normalized = messageTopic(topic, sim.realm().empty_topic_display_name);
  checkTopicPolicy(stream, normalized);
  return { type: 'stream', stream, topic: normalized };
}

/** Trailing whitespace and leading blank lines go (leading spaces stay: they may start a code block). */
export function normalizeContent(content: string): string {
  const trimmed = content.replace(/^(?:[ \t]*\n)+/, '').trimEnd();
  if (trimmed.trim() === '') throw badRequest('Message must not be empty');
  return trimmed.length > MAX_MESSAGE_LENGTH ? trimmed.slice(0, MAX_MESSAGE_LENGTH - TRUNCATED.length) + TRUNCATED : trimmed;
}

export function renderWithMentions(sim: Sim, content: string): Rendered {
  return renderMessage(content, renderContext(sim));
}

export function renderContent(sim: Sim, content: string): string {
  return renderWithMentions(sim, content).html;
}

export const channelRecipientId = (streamId: number): number => CHANNEL_RECIPIENT_BASE + streamId;

/** The recipient of a direct message: the other person, oneself, or the group conversation. */
export function dmRecipientId(db: Db, participants: readonly number[], senderId: number): number {
  const others = participants.filter((id) => id !== senderId);
  if (others.length <= 1) return others[0] ?? senderId;
  const dmKey = participants.join(',');
  db.prepare('INSERT OR IGNORE INTO dm_groups (dm_key) VALUES (?)').run(dmKey);
  return GROUP_RECIPIENT_BASE + (db.prepare('SELECT id FROM dm_groups WHERE dm_key = ?').pluck().get(dmKey) as number);
}

export interface SendOptions {
  client: string;
  readBySender: boolean;
  /** Others who receive it read: the user whose action a notice reports (the family's `mark_as_read`). */
  readBy?: readonly number[];
  /** The only ones who receive it unread, all others read (the family's `limit_unread_user_ids`). */
  unreadOnlyFor?: ReadonlySet<number>;
  /** The sender's event queue and the local id it sent: that queue's message event carries it as local_message_id. */
  echo?: { queueId: string; localId: string };
}

export function sendMessage(sim: Sim, sender: UserRow, destination: Destination, rawContent: string, options: SendOptions): MessageRow {
  const content = normalizeContent(rawContent);
  const { html: rendered, mentions } = renderWithMentions(sim, content);
  let recipients: number[];
  let row: Omit<MessageRow, 'id'>;
  const base = { sender_id: sender.user_id, content, rendered_content: rendered, timestamp: nowSeconds(), client: options.client };
  if (destination.type === 'stream') {
    const { stream, topic } = destination;
    // Real servers give a sender who is not subscribed no copy of the message (no event, not among
    // their messages): the channel's history has it.
    recipients = subscriberIds(sim.db, stream.stream_id);
    row = { ...base, type: 'stream', stream_id: stream.stream_id, dm_key: null, recipient_id: channelRecipientId(stream.stream_id), topic };
  } else {
    recipients = [...new Set([...destination.userIds, sender.user_id])].sort((a, b) => a - b);
    row = { ...base, type: 'private', stream_id: null, dm_key: recipients.join(','), recipient_id: dmRecipientId(sim.db, recipients, sender.user_id), topic: '' };
  }

  const flags = recipientFlags(sim, sender, row, recipients, mentions, options);
  const message = sim.db.transaction((): MessageRow => {
    const { lastInsertRowid } = sim.db
      .prepare(
        `INSERT INTO messages (sender_id, type, stream_id, dm_key, recipient_id, topic, content, rendered_content, timestamp, client)
         VALUES (@sender_id, @type, @stream_id, @dm_key, @recipient_id, @topic, @content, @rendered_content, @timestamp, @client)`,
      )
      .run(row);
    const id = Number(lastInsertRowid);
    const insert = sim.db.prepare('INSERT INTO user_messages (user_id, message_id, flags) VALUES (?, ?, ?)');
    for (const [userId, bits] of flags) insert.run(userId, id, bits);
    const widget = widgetContent(content);
    if (widget !== null) storeSubmessage(sim.db, { message_id: id, sender_id: sender.user_id, msg_type: 'widget', content: widget });
    return { ...row, id };
  })();

  publishMessage(sim, message, flags, options.echo);
  for (const hook of sim.messageSentHooks) hook(message, mentions);
  return message;
}

function recipientFlags(sim: Sim, sender: UserRow, row: Omit<MessageRow, 'id'>, recipients: number[], mentions: Mentions, options: SendOptions): Map<number, number> {
  const flags = contentFlags(sim.db, row, mentions, recipients);
  if (options.readBySender && recipients.includes(sender.user_id)) flags.set(sender.user_id, (flags.get(sender.user_id) ?? 0) | FLAG.read);
  for (const user_id of options.readBy ?? []) if (recipients.includes(user_id)) flags.set(user_id, (flags.get(user_id) ?? 0) | FLAG.read);
  const unreadOnlyFor = options.unreadOnlyFor;
  if (unreadOnlyFor) for (const user_id of recipients) if (!unreadOnlyFor.has(user_id)) flags.set(user_id, (flags.get(user_id) ?? 0) | FLAG.read);
  // Those who muted the sender receive it read, as real servers send it.
  for (const user_id of mutedBy(sim, sender.user_id)) if (recipients.includes(user_id)) flags.set(user_id, (flags.get(user_id) ?? 0) | FLAG.read);
  return flags;
}

function publishMessage(sim: Sim, message: MessageRow, flags: Map<number, number>, echo: SendOptions['echo']): void {
  const realm = sim.realm();
  const records = new Map<boolean, Record<string, unknown>>();
  const recordFor = (applyMarkdown: boolean): Record<string, unknown> => {
    let record = records.get(applyMarkdown);
    if (record === undefined) {
      record = messageRecord(sim.db, message, { realm, applyMarkdown, allowEmptyTopic: true, dialect: sim.config.dialect });
      records.set(applyMarkdown, record);
    }
    return record;
  };
  // Queues registered with all_public_streams also follow public channels they are not in.
  const stream = message.stream_id === null ? undefined : getStream(sim.db, message.stream_id);
  const watchers = stream !== undefined && stream.invite_only === 0 ? sim.queues.connectedUserIds() : [];
  sim.queues.publish([...flags.keys(), ...watchers], (queue) => {
    const bits = flags.get(queue.userId);
    if (bits === undefined && !queue.options.allPublicStreams) return null;
    const local = echo !== undefined && queue.id === echo.queueId ? { local_message_id: echo.localId } : {};
    return { type: 'message', message: recordFor(queue.options.applyMarkdown), flags: bits === undefined ? [] : flagNames(bits), ...local };
  });
}
