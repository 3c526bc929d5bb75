// The unread state: counts for the sidebar, the Inbox and the badge, and marking read.
import { z } from 'zod';
import { MESSAGE_VIEWS } from '../message-views';
import type { UnreadCounts } from '../unread-counts';
import { conversationKey } from '../conversation';
import { channel, id } from './define';
import type { Deferred } from './outbox';

export type { UnreadConversation, UnreadCounts } from '../unread-counts';

export const unreadChannels = {
  'unread.counts': channel<UnreadCounts>()(z.undefined()),
  /** Through the flag update over a narrow; waits in the outbox when offline. */
  'unread.markRead': channel<Deferred<{ updated_count: number }>>()(
    z.discriminatedUnion('scope', [
      z.object({ scope: z.literal('topic'), stream_id: id, topic: z.string().max(600) }),
      z.object({ scope: z.literal('channel'), stream_id: id }),
      z.object({ scope: z.literal('direct'), user_ids: z.array(id).min(1).max(100) }),
      z.object({ scope: z.literal('all') }),
    ]),
  ),
  /**
   * "Mark as unread from here": the message and every later one of its conversation (or, in a
   * channel's feed, of the channel; in the combined feed, Mentions or Starred, of that view); in the mirror at once, through the flag update over a
   * narrow, waiting in the outbox when offline.
   */
  'unread.markUnreadFrom': channel<Deferred<{ updated_count: number }>>()(
    z.object({ message_id: id, place: z.union([z.object({ conversation: conversationKey }), z.object({ stream_id: id }), z.object({ view: z.enum(MESSAGE_VIEWS) })]) }),
  ),
} as const;
