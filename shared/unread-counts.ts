// What the sidebar, the Inbox and the badge show of the unread state, as main reads it from the
// mirror. Plain JSON.

export interface UnreadConversation {
  /** The conversation key (channel:<stream_id>:<topic> or direct:<user ids>). */
  conversation: string;
  stream_id: number | null;
  topic: string | null;
  unread: number;
  mentions: number;
  newest_message_id: number;
  /** In a muted channel (and not unmuted or followed there) or a muted topic: shown dimmed, not counted. */
  muted: boolean;
  followed: boolean;
}

export interface UnreadCounts {
  /** Every conversation with unread messages, newest unread first. */
  conversations: UnreadConversation[];
  /** What the badge and the window title show: unread messages outside muted conversations. */
  total: number;
  mentions: number;
}
