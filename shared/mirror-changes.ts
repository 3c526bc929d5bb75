// What changed in the mirror after one batch of events, one reconcile or one action: pushed to
// the UI, which re-reads only what it shows of these records and conversations. Plain JSON.
import type { ConversationKey } from './conversation';
import type { PendingMessage } from './ipc-channels/send-queue';

export type MirrorKind =
  | 'users'
  | 'user_status'
  /** Who is active, idle or offline, by user id. */
  | 'presence'
  | 'channels'
  | 'subscriptions'
  | 'channel_folders'
  | 'saved_snippets'
  | 'scheduled_messages'
  | 'custom_profile_fields'
  | 'linkifiers'
  | 'user_topics'
  /** A channel's topics as its server listed them, by stream_id. */
  | 'topic_history'
  /** Cached messages, by id: new, edited, flagged, reacted to, moved or deleted. */
  | 'messages'
  /** Unread counts (the sidebar, the Inbox, the badge): one key, 'counts'. */
  | 'unread'
  | 'realm'
  /** Actions waiting in the outbox, by the record key of what they change (`saved_snippets:7`, a conversation's messages...). */
  | 'outbox'
  /** Drafts (keyed by conversation): a send cleared one, say. */
  | 'drafts';

/** The unread messages outside muted conversations, and those mentioning the user. */
export interface UnreadTotals {
  total: number;
  mentions: number;
}

/** Per kind, the keys of the changed records; `all: true` when the whole mirror was replaced. */
export interface MirrorChanges {
  all: boolean;
  changed: Partial<Record<MirrorKind, (number | string)[]>>;
  /** Conversations that gained, lost or moved messages, or whose messages waiting in the outbox changed. */
  conversations: ConversationKey[];
  /** The unread totals after this change, when it may have changed them: counted once, in main. */
  unread?: UnreadTotals;
  /** Each conversation whose messages waiting in the outbox changed, with those messages now, in send order. */
  pending?: Record<ConversationKey, PendingMessage[]>;
}
