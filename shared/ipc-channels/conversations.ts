// Messaging: conversations (channel topics and direct-message groups) from the mirror, their
// messages page by page, composing with typing notifications, flags, reaction removal, topic
// preferences and deletion, and the narrow-match check.
import { z } from 'zod';
import { REACTION_TYPES } from '../api/limits';
import type { Message, SavedSnippet } from '../api/records';
import { conversationKey } from '../conversation';
import { channel, id } from './define';
import type { Deferred } from './outbox';
import { messageContent, type PendingMessage, type SendResult } from './send-queue';

export interface ConversationSummary {
  conversation: string;
  kind: 'channel' | 'direct';
  /** The channel and topic of a channel conversation. */
  stream_id?: number;
  channel_name?: string;
  topic?: string;
  /** The participants of a direct conversation, the user included. */
  user_ids?: number[];
  title: string;
  last_message_id: number;
  last_timestamp: number;
  unread: number;
  /** The user's topic preference (0 none, 1 muted, 2 unmuted, 3 followed). */
  visibility_policy: number;
}

export interface ConversationListing {
  user_id: number;
  /** Administrators (and owners) may delete topics. */
  is_admin: boolean;
  conversations: ConversationSummary[];
}

/** The conversation a pane opens: its summary (null when none of its messages is cached) and who is looking. */
export interface OpenedConversation {
  user_id: number;
  is_admin: boolean;
  conversation: ConversationSummary | null;
  /** The conversation's channel's name as the mirror knows it (one not subscribed to included); null for a direct conversation or a channel it does not know. */
  channel_name: string | null;
  /** The conversation's channel is archived: its messages can be read, no new ones sent. */
  is_archived: boolean;
  /**
   * The conversation's channel, when the user is not subscribed to it (opened from a link or a
   * search): its new messages, replies to the user's included, do not reach them until they are.
   */
  unsubscribed_channel: { invite_only: boolean } | null;
  /** The others in a direct conversation who are deactivated: the server takes no message to them. */
  deactivated_user_ids: number[];
}

export interface MessageView {
  message: Message;
  flags: string[];
}

/** Where a feed opens: at its newest messages, or at its first unread one (with a few read ones above it). */
export type FeedAnchor = 'newest' | 'first_unread';

export interface MessagePage {
  messages: MessageView[];
  /** No older messages exist (as far as the server said, or the cache when offline). */
  found_oldest: boolean;
  /** No newer messages exist: the page reaches the newest. */
  found_newest: boolean;
  /** This conversation's messages waiting in the outbox, in send order. */
  pending: PendingMessage[];
}

/** What changed in an open conversation since its view last read it. */
export interface MessageUpdate {
  /** The messages asked for that are still in the conversation, and those newer than `after`, oldest first. */
  messages: MessageView[];
  /** Asked for and no longer in the conversation: deleted, or moved out. */
  removed: number[];
  /** More messages are newer than `after` than one answer holds: read the page again instead. */
  truncated: boolean;
  /** This conversation's messages waiting in the outbox, in send order. */
  pending: PendingMessage[];
}

/** A page of a feed: at its anchor, or around the message `near`, or older than `before`, or newer than `after`. */
export const feedPage = {
  anchor: z.enum(['newest', 'first_unread']).default('newest'),
  /** Opened at this message (a link, a search result, a notification): read ones above it, the rest after. */
  near: id.optional(),
  before: id.optional(),
  after: id.optional(),
  limit: z.number().int().min(1).max(500).default(50),
  /** Read the mirror only (after a change notice), without asking the server. */
  cached: z.boolean().default(false),
};

const flagOp = z.enum(['add', 'remove']);
const topic = z.string().max(600);

export const conversationChannels = {
  'conversations.list': channel<ConversationListing>()(z.object({ refresh: z.boolean().default(false) })),
  'conversations.get': channel<OpenedConversation>()(z.object({ conversation: conversationKey })),
  'messages.page': channel<MessagePage>()(z.object({ conversation: conversationKey, ...feedPage })),
  /**
   * The conversation a message is in now (a link to it names where it was: its topic may have been
   * moved or resolved since); from the mirror, else the server's; null when neither has it.
   */
  'messages.locate': channel<{ conversation: string } | null>()(z.object({ message_id: id })),
  /** The messages a change notice named, and those newer than the newest shown, from the mirror. */
  'messages.update': channel<MessageUpdate>()(
    z.object({ conversation: conversationKey, after: z.number().int().min(0), message_ids: z.array(id).max(1_000) }),
  ),
  /** Queued in the outbox, the draft cleared with it, and answered at once; sent in order by the queue, online or on reconnect. */
  'messages.send': channel<SendResult>()(
    z.object({ conversation: conversationKey, content: messageContent.min(1), local_id: z.string().min(1).max(100).optional() }),
  ),
  /** A read, starred or collapsed flag on messages: waits in the outbox offline. */
  'messages.flag': channel<Deferred<null>>()(
    z.object({ messages: z.array(id).min(1).max(1_000), op: flagOp, flag: z.enum(['read', 'starred', 'collapsed']) }),
  ),
  'messages.removeReaction': channel<Deferred<null>>()(
    z.object({
      message_id: id,
      emoji_name: z.string().min(1).max(200),
      emoji_code: z.string().min(1).max(200),
      reaction_type: z.enum(REACTION_TYPES),
    }),
  ),
  /** The user edits the draft of a conversation: typing `start` (repeated) and `stop` per the protocol. */
  'compose.activity': channel<null>()(z.object({ conversation: conversationKey })),
  'compose.stop': channel<null>()(z.object({ conversation: conversationKey })),
  /** Who is typing in a conversation now; later changes come as 'typing' notices. */
  'typing.current': channel<{ user_ids: number[] }>()(z.object({ conversation: conversationKey })),
  'topics.setPreference': channel<Deferred<null>>()(z.object({ stream_id: id, topic, visibility_policy: z.number().int() })),
  /**
   * Messages moved to another topic (renaming a topic, resolving it: its name with "✔ ") or channel:
   * the one named, it and the later ones of its topic, or all of them. Needs the connection.
   */
  'topics.move': channel<null>()(
    z.object({
      message_id: id,
      topic: topic.optional(),
      stream_id: id.optional(),
      propagate_mode: z.enum(['change_one', 'change_later', 'change_all']),
      send_notification_to_old_thread: z.boolean().default(false),
      send_notification_to_new_thread: z.boolean().default(true),
    }),
  ),
  /** One pass of topic deletion; the caller repeats it until `complete`. */
  'topics.delete': channel<{ complete: boolean; remaining_cached: number }>()(z.object({ stream_id: id, topic_name: topic })),
  'snippets.list': channel<SavedSnippet[]>()(z.undefined()),
  'snippets.create': channel<{ saved_snippet_id: number }>()(z.object({ title: z.string().trim().min(1).max(200), content: z.string().min(1).max(100_000) })),
  'snippets.edit': channel<Deferred<null>>()(
    z.object({ saved_snippet_id: id, title: z.string().trim().min(1).max(200).optional(), content: z.string().min(1).max(100_000).optional() }),
  ),
  'snippets.delete': channel<null>()(z.object({ saved_snippet_id: id })),
} as const;
