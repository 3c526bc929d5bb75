// What the sidebar lists, as main reads it from the mirror: the subscribed channels grouped by
// channel folder, a channel's topics and the direct-message conversations. Plain JSON.
import type { EmptyTopicUse } from './empty-topic';

export interface SidebarFolder {
  channel_folder_id: number;
  name: string;
}

export interface SidebarChannel {
  stream_id: number;
  name: string;
  /** null when in no folder (or in one the mirror does not know). */
  folder_id: number | null;
  /** The subscription's mute: its topics are dimmed and not counted unless unmuted or followed. */
  is_muted: boolean;
  /** Private: marked with a lock where a public channel has its #, as in the family's clients. */
  invite_only: boolean;
  /** Whether a message may go to the empty topic (emptyTopicUse). */
  empty_topic: EmptyTopicUse;
}

export interface SidebarChannels {
  /** Not archived, in the organization's order. */
  folders: SidebarFolder[];
  /** The channels the user is subscribed to (not archived), in name order. */
  channels: SidebarChannel[];
}

export interface SidebarTopic {
  topic: string;
  conversation: string;
  last_message_id: number;
  /** The user's topic preference (0 none, 1 muted, 2 unmuted, 3 followed). */
  visibility_policy: number;
}

export interface SidebarDirect {
  conversation: string;
  /** The participants, the user included. */
  user_ids: number[];
  /** The others' names (the user's own for a conversation with oneself). */
  title: string;
  last_message_id: number;
}
