// Recent conversations: newest activity first, paged by the last_message_id of the previous page;
// narrowed as the family's clients narrow it (unread ones, those the user wrote in, muted ones
// included or not).
import { z } from 'zod';
import type { RecentPage } from '../recent';
import { channel, id } from './define';

export type { RecentConversation, RecentPage, RecentParticipant } from '../recent';

export const recentChannels = {
  'recent.list': channel<RecentPage>()(
    z.object({
      before: id.optional(),
      limit: z.number().int().min(1).max(100).default(30),
      /** Only conversations with unread messages. */
      unread: z.boolean().default(false),
      /** Only conversations the user has written in. */
      participated: z.boolean().default(false),
      /** Muted channels and topics too (left out otherwise, as the family's clients leave them). */
      include_muted: z.boolean().default(false),
    }),
  ),
} as const;
