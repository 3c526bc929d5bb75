// Messages sent through the outbox: pending in their conversation, edited while they wait,
// resent or discarded (outbox.retry, outbox.discard); a scheduled message that came due offline
// sent now or given a new time.
import { z } from 'zod';
import { channel, id } from './define';

export const messageContent = z.string().max(100_000);

/** A message waiting in the outbox, shown in its conversation after the sent ones, in send order. */
export interface PendingMessage {
  outbox_id: number;
  /** The client-generated id the server echoes back as `local_message_id`. */
  local_id: string;
  content: string;
  /**
   * Waiting or on its way; refused (or given up on); taken by the server, until its event files it;
   * or given up on when it may have been sent (its send went out, no answer or lookup said what
   * became of it): checked, sent anyway or discarded by the user.
   */
  state: 'sending' | 'failed' | 'sent' | 'unknown';
  /** Its id on the server, once sent. */
  message_id: number | null;
  /** The server's reason for a refusal, or why sending gave up. */
  error_msg: string | null;
  created_at: number;
  /** The conversation's messages dated after it was written: a failed one sent now lands after them. */
  newer: number;
}

/** What sending a message answers, once it is queued: its place in the outbox and the local id the server will echo. */
export interface SendResult {
  outbox_id: number;
  local_id: string;
}

export const sendQueueChannels = {
  /** Changes the text of a queued message that is failed or not yet sent. */
  'messages.editQueued': channel<null>()(z.object({ outbox_id: id, content: messageContent.min(1) })),
  /** A scheduled message the server refused (it came due offline) goes out now as a message, through the same queue. */
  'scheduling.sendNow': channel<SendResult>()(z.object({ outbox_id: id })),
  /** The same refused scheduled message, given a new delivery time. */
  'scheduling.reschedule': channel<null>()(z.object({ outbox_id: id, scheduled_delivery_timestamp: z.number().int().positive() })),
} as const;
