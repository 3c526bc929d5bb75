// Where a feed's messages come from: one conversation (a topic, a direct-message group), a whole
// channel (every topic interleaved) or a view of messages (the combined feed, Mentions, Starred). The feed pages, updates and follows notices the same way for
// both; only which calls it makes and which conversations are its own differ.
import { channelKeyPrefix, type ConversationKey } from '../../../../shared/conversation';
import type { FeedAnchor, IpcArgs, MessageView, PendingMessage } from '../../../../shared/ipc';
import type { MessageViewName } from '../../../../shared/message-views';
import type { MirrorChanges } from '../../../../shared/mirror-changes';
import { call } from '../../lib/ipc';

/** The messages waiting in the outbox, per conversation of the feed, in send order. */
export type PendingByConversation = Record<ConversationKey, PendingMessage[]>;

export interface FeedPage {
  messages: MessageView[];
  found_oldest: boolean;
  found_newest: boolean;
  pending: PendingByConversation;
}

export interface FeedUpdate {
  messages: MessageView[];
  removed: number[];
  truncated: boolean;
  pending: PendingByConversation;
}

export interface PageRequest {
  anchor?: FeedAnchor;
  near?: number;
  before?: number;
  after?: number;
  limit: number;
  cached: boolean;
}

export interface FeedSource {
  /** Whether a conversation's messages belong in this feed. */
  holds(conversation: ConversationKey): boolean;
  /** What "Mark as unread from here" covers: the conversation, the whole channel, or the view. */
  readonly place: IpcArgs<'unread.markUnreadFrom'>['place'];
  /** Whether a notice changed which messages belong (a mute): the shown window is read again. */
  regroups?(changes: MirrorChanges): boolean;
  page(request: PageRequest): Promise<FeedPage>;
  /** The messages a notice named (still here or not) and those newer than `after`, from the mirror. */
  update(after: number, message_ids: number[]): Promise<FeedUpdate>;
}

/** One conversation's feed. */
export function conversationSource(conversation: ConversationKey): FeedSource {
  return {
    holds: (key) => key === conversation,
    place: { conversation },
    page: async (request) => {
      const page = await call('messages.page', { conversation, ...request });
      return { ...page, pending: { [conversation]: page.pending } };
    },
    update: async (after, message_ids) => {
      const update = await call('messages.update', { conversation, after, message_ids });
      return { ...update, pending: { [conversation]: update.pending } };
    },
  };
}

/** A channel's feed: every topic of it. */
export function channelSource(stream_id: number): FeedSource {
  const prefix = channelKeyPrefix(stream_id);
  return {
    holds: (key) => key.startsWith(prefix),
    place: { stream_id },
    page: (request) => call('channel.page', { stream_id, ...request }),
    update: (after, message_ids) => call('channel.update', { stream_id, after, message_ids }),
  };
}

/**
 * A view of messages (the combined feed, Mentions, Starred): every conversation, main deciding
 * which messages belong. What changes that decision reads the shown window again: a mute (the
 * combined feed), a star set or taken anywhere (Starred).
 */
export function messageViewSource(view: MessageViewName): FeedSource {
  return {
    holds: () => true,
    place: { view },
    regroups: (changes) =>
      view === 'combined' ? changes.changed.user_topics !== undefined || changes.changed.subscriptions !== undefined : view === 'starred' && changes.changed.messages !== undefined,
    page: (request) => call('messageView.page', { view, ...request }),
    update: (after, message_ids) => call('messageView.update', { view, after, message_ids }),
  };
}

/** Messages asked for at a time: the first page, and each older one loaded on scroll. */
export const PAGE = 50;

/** The first page of a feed as it opens, at its first unread message or `near` a message: the mirror's at once, and online the server's after it. */
export interface OpeningPages {
  source: FeedSource;
  mirror: Promise<FeedPage>;
  server: Promise<FeedPage> | undefined;
  near: number | undefined;
}

/** Asked for by the pane as the feed is opened, beside what titles it rather than after it. */
export function openingPages(source: FeedSource, online: boolean, near?: number): OpeningPages {
  const at = { anchor: 'first_unread', ...(near !== undefined && { near }), limit: PAGE } as const;
  const mirror = source.page({ ...at, cached: true });
  const server = online ? source.page({ ...at, cached: false }) : undefined;
  // A refusal is the view's to show; with no view (the conversation is not known) it is dropped.
  for (const page of [mirror, server]) page?.catch(() => undefined);
  return { source, mirror, server, near };
}

/** Every message waiting, in send order (the outbox numbers them as they are queued). */
export function pendingInOrder(pending: PendingByConversation): PendingMessage[] {
  return Object.values(pending)
    .flat()
    .sort((a, b) => a.outbox_id - b.outbox_id);
}
