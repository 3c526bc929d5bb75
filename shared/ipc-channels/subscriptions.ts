// The user's subscriptions: joining and leaving a channel, muting one and choosing its desktop
// notifications. Each is filed in the mirror from the server's subscription event (the settings
// at once too, and offline they wait in the outbox as a topic's preference does).
import { z } from 'zod';
import type { Deferred } from '../outbox-records';
import { channel, id } from './define';

export const subscriptionChannels = {
  /**
   * Creates a channel, the user subscribed to it, and answers its id once the server has (the
   * mirror files it from the server's events). A name a channel the mirror knows has is refused.
   */
  'channels.create': channel<{ stream_id: number }>()(z.object({ name: z.string().max(1000), description: z.string().max(10_000), invite_only: z.boolean() })),
  /** Renames or describes a channel (what is given); the server's stream update events then show it. */
  'channels.edit': channel<null>()(z.object({ stream_id: id, name: z.string().max(1000).optional(), description: z.string().max(10_000).optional() })),
  /** Subscribes the user to a channel the mirror knows; the server's subscription event then shows it in the sidebar. */
  'channels.subscribe': channel<null>()(z.object({ stream_id: id })),
  /** Leaves a channel; the server's remove event then takes it, and its unread counts, out of the sidebar and the Inbox. */
  'channels.unsubscribe': channel<null>()(z.object({ stream_id: id })),
  /** A muted channel is dimmed in the sidebar and its topics are not counted unless unmuted or followed. */
  'channels.setMuted': channel<Deferred<null>>()(z.object({ stream_id: id, muted: z.boolean() })),
  /** Every message of the channel notifies on the desktop (true), or only mentions (false); waits in the outbox offline. */
  'channels.setNotifications': channel<Deferred<null>>()(z.object({ stream_id: id, notify_all: z.boolean() })),
} as const;
