// A conversation: a channel topic or a direct-message group. Its key (`channel:<stream_id>:<topic>`
// or `direct:<user ids, ascending>`) is how the mirror files messages and how the renderer names a
// conversation over IPC; this module is the only place that writes or reads that key.
import { z } from 'zod';
import type { Message, NarrowTerm } from './api/records';

export type Conversation =
  | { kind: 'channel'; stream_id: number; topic: string }
  | { kind: 'direct'; user_ids: number[] };

/** A conversation's key, as formatted by `formatConversation`. */
export type ConversationKey = string;

export function formatConversation(conversation: Conversation): ConversationKey {
  if (conversation.kind === 'channel') return `channel:${conversation.stream_id}:${conversation.topic}`;
  return `direct:${[...new Set(conversation.user_ids)].sort((a, b) => a - b).join(',')}`;
}

export function channelTopicConversation(stream_id: number, topic: string): ConversationKey {
  return formatConversation({ kind: 'channel', stream_id, topic });
}

export function directConversation(user_ids: readonly number[]): ConversationKey {
  return formatConversation({ kind: 'direct', user_ids: [...user_ids] });
}

/** The conversation a message belongs to: its channel topic, or its sender and recipients. */
export function conversationOf(message: Pick<Message, 'type' | 'stream_id' | 'subject' | 'display_recipient' | 'sender_id'>): ConversationKey {
  if (message.type === 'stream') return channelTopicConversation(message.stream_id ?? -1, message.subject);
  const ids = Array.isArray(message.display_recipient) ? message.display_recipient.map((r) => r.id) : [];
  return directConversation([...ids, message.sender_id]);
}

/** What every key of a channel's topics starts with, so the mirror can scan them as one range. */
export function channelKeyPrefix(stream_id: number): string {
  return `channel:${stream_id}:`;
}

/** What every direct conversation's key starts with. */
export const DIRECT_KEY_PREFIX = 'direct:';

/** The conversation a key names; undefined for anything else. */
export function parseConversation(key: string): Conversation | undefined {
  const channel = /^channel:(\d+):([\s\S]*)$/.exec(key);
  if (channel) return { kind: 'channel', stream_id: Number(channel[1]), topic: channel[2] ?? '' };
  const direct = /^direct:(\d+(?:,\d+)*)$/.exec(key);
  if (direct) return { kind: 'direct', user_ids: (direct[1] ?? '').split(',').map(Number) };
  return undefined;
}

/** A conversation named over IPC, as main's handlers take it: its key (in the one form) and what the key says. */
export interface NamedConversation {
  key: ConversationKey;
  target: Conversation;
}

/** A conversation key crossing IPC: checked and parsed once, where main takes the argument. */
export const conversationKey = z
  .string()
  .max(400)
  .transform((key, context): NamedConversation => {
    const parsed = parseConversation(key);
    if (parsed) {
      // One key, and one reading of it, for the same conversation (a group's ids sorted, each once).
      const normal = formatConversation(parsed);
      return { key: normal, target: parseConversation(normal) ?? parsed };
    }
    context.addIssue({ code: 'custom', message: 'not a conversation' });
    return z.NEVER;
  });

/** The narrow that selects a conversation's messages (the service's channel/topic or dm operators). */
export function conversationNarrow(conversation: Conversation): NarrowTerm[] {
  if (conversation.kind === 'channel') return [{ operator: 'channel', operand: conversation.stream_id }, { operator: 'topic', operand: conversation.topic }];
  return [{ operator: 'dm', operand: conversation.user_ids }];
}
