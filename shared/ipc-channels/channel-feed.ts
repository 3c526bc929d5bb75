// A channel's feed: every topic of one channel interleaved, newest at the bottom (the channel
// view), paged and brought up to date as a conversation's feed is, offline from the mirror too;
// and the messages waiting in the outbox for any of its topics.
import { z } from 'zod';
import type { ConversationKey } from '../conversation';
import type { EmptyTopicUse } from '../empty-topic';
import type { MessageView } from './conversations';
import { feedPage } from './conversations';
import { channel, id } from './define';
import type { PendingMessage } from './send-queue';

export interface ChannelPage {
  messages: MessageView[];
  found_oldest: boolean;
  found_newest: boolean;
  /** The messages waiting in the outbox, per topic of the channel (by conversation key), in send order. */
  pending: Record<ConversationKey, PendingMessage[]>;
}

export interface ChannelUpdate {
  /** The messages asked for that are still in the channel, and those newer than `after`, oldest first. */
  messages: MessageView[];
  /** Asked for and no longer in the channel: deleted, or moved to another channel. */
  removed: number[];
  /** More messages are newer than `after` than one answer holds: read the page again instead. */
  truncated: boolean;
  pending: Record<ConversationKey, PendingMessage[]>;
}

/** The channel a feed shows. Not subscribed to, the feed is a preview: no events bring its new messages. */
export interface ChannelAbout {
  stream_id: number;
  name: string;
  subscribed: boolean;
  is_archived: boolean;
  /** Private: only subscribers see its messages, so a preview shows none. */
  invite_only: boolean;
  /** The user's mute of it (false when not subscribed). */
  is_muted: boolean;
  /** Whether a message may go to the empty topic (emptyTopicUse). */
  empty_topic: EmptyTopicUse;
  /** The channel's description as the server rendered it ('' when it has none). */
  rendered_description: string;
  /** As written (Markdown), for editing it. */
  description: string;
  /** Whether the user may rename and describe it: an organization administrator, or in its can_administer_channel_group. */
  may_administer: boolean;
  /** Every message of it notifies on the desktop, not only mentions (the channel's choice, else the user's default). */
  notifies_all: boolean;
}

export const channelFeedChannels = {
  /** The channel from the mirror; null when the mirror does not know it. */
  'channel.about': channel<ChannelAbout | null>()(z.object({ stream_id: id })),
  'channel.page': channel<ChannelPage>()(z.object({ stream_id: id, ...feedPage })),
  'channel.update': channel<ChannelUpdate>()(z.object({ stream_id: id, after: z.number().int().min(0), message_ids: z.array(id).max(1_000) })),
} as const;
