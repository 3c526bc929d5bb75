// Desktop notifications (do not disturb, where the user is looking) and each account's unread count.
import { z } from 'zod';
import { conversationKey } from '../conversation';
import type { AccountUnread, NotificationSettings } from '../notifications';
import { channel } from './define';

export type { AccountUnread, DesktopNotice, NotificationSettings, Viewing } from '../notifications';

export const notificationChannels = {
  'notifications.settings': channel<NotificationSettings>()(z.undefined()),
  'notifications.setDoNotDisturb': channel<NotificationSettings>()(z.object({ do_not_disturb: z.boolean() })),
  /** The window reports what it shows; no notification comes for the conversation, or the channel's feed, the user is looking at. */
  'notifications.viewing': channel<null>()(z.object({ conversation: conversationKey.nullable(), channel: z.number().int().positive().nullable(), focused: z.boolean() })),
  /** Every signed-in account's unread total, for the account switcher. */
  'accounts.unread': channel<AccountUnread[]>()(z.undefined()),
} as const;
