// The Inbox: every unread conversation outside muted ones, grouped as the sidebar orders them.
import { z } from 'zod';
import type { Inbox } from '../inbox';
import { channel } from './define';

export type { Inbox, InboxConversation, InboxGroup } from '../inbox';

export const inboxChannels = {
  'inbox.list': channel<Inbox>()(z.undefined()),
} as const;
