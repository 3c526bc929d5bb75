// Actions taken offline that wait in the outbox: listed (to show them pending in place, or
// refused with the server's message), retried or discarded by the user.
import { z } from 'zod';
import { channel, id } from './define';

export interface OutboxItemView {
  outbox_id: number;
  /** The operation, by its name in the client (editSavedSnippet, updateUserTopic...). */
  kind: string;
  /** The mirrored record it changes, e.g. `saved_snippets:7`, `messages:100`, `scheduled_messages:new`. */
  record_key: string;
  payload: Record<string, unknown>;
  state: 'pending' | 'failed';
  error_code: string | null;
  error_msg: string | null;
  created_at: number;
}

/** What a deferrable action answers: done now, or waiting in the outbox. */
export type Deferred<R> = { pending: false; value: R } | { pending: true; outbox_id: number };

export const outboxChannels = {
  'outbox.list': channel<OutboxItemView[]>()(z.undefined()),
  'outbox.retry': channel<null>()(z.object({ outbox_id: id })),
  'outbox.discard': channel<null>()(z.object({ outbox_id: id })),
} as const;
