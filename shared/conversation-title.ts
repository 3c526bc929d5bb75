// How a conversation is named, one rule wherever one is (its header, the sidebar, Drafts, Recent,
// the Inbox, search results, notifications): `#channel › topic`, the empty topic under the name the
// organization gives it; a direct conversation by the others' names, one's own when alone with oneself.
import { NO_TOPIC } from './api/limits';
import type { Message } from './api/records';
import type { Conversation } from './conversation';

/** Where the names come from: main's mirror, or the renderer's account state. */
export interface ConversationNames {
  channel(stream_id: number): string;
  user(user_id: number): string;
  /** The empty topic's name (emptyTopicName). */
  emptyTopic: string;
}

/**
 * What the empty topic is called: the organization's realm_empty_topic_display_name, as the
 * family's own clients show it ("general chat" on a real server of level 372), else the spec's
 * `(no topic)`.
 */
export function emptyTopicName(announced: Readonly<{ realm_empty_topic_display_name?: unknown }>): string {
  const name = announced.realm_empty_topic_display_name;
  return typeof name === 'string' && name !== '' ? name : NO_TOPIC;
}

export const topicLabel = (topic: string, emptyTopic: string): string => topic || emptyTopic;

export const channelTopicTitle = (channel: string, topic: string, emptyTopic: string): string => `#${channel} › ${topicLabel(topic, emptyTopic)}`;

export function directTitle(user_ids: readonly number[], own_user_id: number, user: (user_id: number) => string): string {
  const others = user_ids.filter((id) => id !== own_user_id);
  return (others.length > 0 ? others : user_ids).map(user).join(', ');
}

export function conversationTitle(conversation: Conversation, own_user_id: number, names: ConversationNames): string {
  if (conversation.kind === 'channel') return channelTopicTitle(names.channel(conversation.stream_id), conversation.topic, names.emptyTopic);
  return directTitle(conversation.user_ids, own_user_id, (id) => names.user(id));
}

/** People's names as a direct message carries them (its display_recipient), else as `fallback` has them. */
export function carriedNames(message: Pick<Message, 'display_recipient'>, fallback: (user_id: number) => string): (user_id: number) => string {
  const carried = new Map(Array.isArray(message.display_recipient) ? message.display_recipient.map((user) => [user.id, user.full_name] as const) : []);
  return (user_id) => carried.get(user_id) ?? fallback(user_id);
}
