// What changed in the mirror after one batch of events or one reconcile: pushed to the UI,
// which refreshes only what it shows of these kinds. Plain JSON.

export type MirrorKind =
  | 'users'
  | 'user_status'
  | 'channels'
  | 'subscriptions'
  | 'channel_folders'
  | 'saved_snippets'
  | 'scheduled_messages'
  | 'custom_profile_fields'
  | 'linkifiers'
  | 'user_topics'
  | 'messages'
  /** Unread counts (the sidebar, the Inbox, the badge): one key, 'counts'. */
  | 'unread'
  | 'realm'
  /** Items waiting in the outbox (keyed by outbox_id): added, refused, sent or discarded. */
  | 'outbox'
  /** Drafts (keyed by conversation): a send cleared one, say. */
  | 'drafts';

/** Per kind, the keys of the changed records; `all: true` when the whole kind was replaced. */
export interface MirrorChanges {
  all: boolean;
  changed: Partial<Record<MirrorKind, (number | string)[]>>;
}
