// What Recent conversations shows: the conversations the mirror holds messages of, newest activity
// first, a page at a time. Plain JSON, as main reads it from the mirror.
import type { ConversationKey } from './conversation';

export interface RecentParticipant {
  user_id: number;
  full_name: string;
}

export interface RecentConversation {
  conversation: ConversationKey;
  /** "#channel > topic", or the other participants' names of a direct conversation. */
  title: string;
  last_message_id: number;
  last_timestamp: number;
  unread: number;
  /** The latest distinct senders, newest first, at most four. */
  participants: RecentParticipant[];
}

export interface RecentPage {
  conversations: RecentConversation[];
  /** Whether older conversations follow: ask again with `before` the last one's last_message_id. */
  more: boolean;
}

export const RECENT_PARTICIPANTS = 4;
