// Recent conversations: newest activity first, paged by the last_message_id of the previous page.
import { z } from 'zod';
import type { RecentPage } from '../recent';
import { channel, id } from './define';

export type { RecentConversation, RecentPage, RecentParticipant } from '../recent';

export const recentChannels = {
  'recent.list': channel<RecentPage>()(z.object({ before: id.optional(), limit: z.number().int().min(1).max(100).default(30) })),
} as const;
