// What the Inbox shows: every conversation with unread messages outside muted ones, grouped
// (direct messages first, then each channel in the sidebar's order), newest unread first inside a
// group. Plain JSON, as main reads it from the mirror.
import type { ConversationKey } from './conversation';

export interface InboxConversation {
  conversation: ConversationKey;
  /** The topic, or the other participants' names of a direct conversation. */
  title: string;
  unread: number;
  mentions: number;
  followed: boolean;
  newest_message_id: number;
  /** The newest unread message, when it is cached (the background fetch brings it). */
  newest: { sender_full_name: string; preview: string; timestamp: number } | null;
}

export interface InboxGroup {
  /** 'direct', or the channel's stream_id. */
  key: 'direct' | number;
  /** "Direct messages", or the channel's name. */
  name: string;
  unread: number;
  mentions: number;
  conversations: InboxConversation[];
}

export interface Inbox {
  groups: InboxGroup[];
}
