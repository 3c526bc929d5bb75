// Scheduled messages: the list (with what still waits in the outbox), create, edit, delete.
import { z } from 'zod';
import type { ScheduledMessage } from '../api/records';
import { channel, id } from './define';
import type { Deferred, OutboxItemView } from './outbox';

export interface ScheduledMessageView extends ScheduledMessage {
  /** '#channel' or the recipients' names, from the mirror (ids where not cached). */
  recipient_label: string;
  /** Edits taken offline wait in the outbox: the fields shown are their new values. */
  pending?: boolean;
}

export interface ScheduledListing {
  messages: ScheduledMessageView[];
  /** Creations and edits taken offline (or refused on replay), not yet on the server. */
  waiting: OutboxItemView[];
}

/** The app's two kinds; main sends the spelling the server's feature level understands. */
export const scheduledKind = z.enum(['channel', 'direct']);
export type ScheduledKind = z.infer<typeof scheduledKind>;

const to = z.union([id, z.array(id).min(1).max(1000)]);
const timestamp = z.number().int().positive();

export const scheduledCreate = z.object({
  kind: scheduledKind,
  to,
  topic: z.string().max(10_000).optional(),
  content: z.string().min(1).max(1_000_000),
  scheduled_delivery_timestamp: timestamp,
});

export const scheduledEdit = z.object({
  scheduled_message_id: id,
  kind: scheduledKind.optional(),
  to: to.optional(),
  topic: z.string().max(10_000).optional(),
  content: z.string().min(1).max(1_000_000).optional(),
  scheduled_delivery_timestamp: timestamp.optional(),
});

export const schedulingChannels = {
  'scheduled.list': channel<ScheduledListing>()(z.undefined()),
  'scheduled.create': channel<Deferred<{ scheduled_message_id: number }>>()(scheduledCreate),
  'scheduled.edit': channel<Deferred<null>>()(scheduledEdit),
  'scheduled.delete': channel<null>()(z.object({ scheduled_message_id: id })),
} as const;
