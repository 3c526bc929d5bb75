// Actions taken offline that wait in the outbox: listed (to show them pending in place, or
// refused with the server's message), retried or discarded by the user; a message that may have
// been sent checked on the server, or sent anyway.
import { z } from 'zod';
import type { Deferred, OutboxItemView } from '../outbox-records';
import { channel, id } from './define';

export type { Deferred, OutboxItemView };

export const outboxChannels = {
  'outbox.list': channel<OutboxItemView[]>()(z.undefined()),
  'outbox.retry': channel<null>()(z.object({ outbox_id: id })),
  'outbox.discard': channel<null>()(z.object({ outbox_id: id })),
  /** A message that may have been sent (its outcome unknown) looked up on the server, not sent: `found` when the server has it. */
  'outbox.check': channel<{ found: boolean }>()(z.object({ outbox_id: id })),
  /** A message that may have been sent, sent again without looking: the user's choice. */
  'outbox.sendAnyway': channel<null>()(z.object({ outbox_id: id })),
} as const;
