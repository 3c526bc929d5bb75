// How a conversation is named, one rule wherever one is (its header, the sidebar, Drafts, Recent,
// the Inbox, search results, notifications): `#channel › topic`, the empty topic read as the
// service names it; a direct conversation by the others' names, one's own when alone with oneself.
import { NO_TOPIC } from './api/limits';
import type { Conversation } from './conversation';

/** Where the names come from: main's mirror, or the renderer's account state. */
export interface ConversationNames {
  channel(stream_id: number): string;
  user(user_id: number): string;
}

export const topicLabel = (topic: string): string => topic || NO_TOPIC;

export const channelTopicTitle = (channel: string, topic: string): string => `#${channel} › ${topicLabel(topic)}`;

export function directTitle(user_ids: readonly number[], own_user_id: number, user: (user_id: number) => string): string {
  const others = user_ids.filter((id) => id !== own_user_id);
  return (others.length > 0 ? others : user_ids).map(user).join(', ');
}

export function conversationTitle(conversation: Conversation, own_user_id: number, names: ConversationNames): string {
  if (conversation.kind === 'channel') return channelTopicTitle(names.channel(conversation.stream_id), conversation.topic);
  return directTitle(conversation.user_ids, own_user_id, (id) => names.user(id));
}
