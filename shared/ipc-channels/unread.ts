// The unread state and offline search: counts for the sidebar, the Inbox and the badge, and the
// cached messages matching what the user types.
import { z } from 'zod';
import type { MessageView } from './conversations';
import type { UnreadCounts } from '../unread-counts';
import { channel } from './define';

export type { UnreadConversation, UnreadCounts } from '../unread-counts';

/** What one search may ask for: a line of words, not a document. */
const SEARCH_TEXT_MAX = 500;

export const unreadChannels = {
  'unread.counts': channel<UnreadCounts>()(z.undefined()),
  'messages.searchCached': channel<MessageView[]>()(z.object({ text: z.string().max(SEARCH_TEXT_MAX), limit: z.number().int().min(1).max(200).optional() })),
} as const;
