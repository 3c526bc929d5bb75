// Desktop notifications and badges: what main tells the window (or the OS) to show, and what the
// window tells main about where the user is looking. Plain JSON.

/** One notification: a message, or several that arrived together in one conversation. */
export interface DesktopNotice {
  account_id: string;
  /** The conversation key (shared/conversation.ts). */
  conversation: string;
  /** The message to open the conversation at: the first of those the notification is about. */
  anchor: number;
  title: string;
  body: string;
}

/** What the window shows, and whether the window has the focus. */
export interface Viewing {
  /** The conversation in view (null: none). */
  conversation: string | null;
  /** The channel whose feed of all topics is in view (null: none). */
  channel: number | null;
  focused: boolean;
}

/**
 * Whether every message of a channel notifies (not only mentions): the subscription's own
 * desktop_notifications where it has one, else the user's enable_stream_desktop_notifications.
 */
export function channelNotifiesAll(desktop_notifications: boolean | null | undefined, userDefault: boolean): boolean {
  return desktop_notifications ?? userDefault;
}

export interface NotificationSettings {
  /** Silences notifications (never counts); kept across restarts. */
  do_not_disturb: boolean;
}

/** An account's unread messages outside muted conversations, from its mirror; null when it has none yet. */
export interface AccountUnread {
  account_id: string;
  unread: number | null;
}
