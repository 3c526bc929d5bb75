// The outbox as the user sees it: what waits, what the server refused, retry or discard.
import { outboxItem, outboxItems, removeOutboxItem, retryOutboxItem } from '../store/outbox';
import type { CoreContext } from './context';
import type { AreaHandlers } from './dispatch';
import { UserFacingError } from './dispatch';

export function outboxHandlers(context: CoreContext): AreaHandlers<'outbox.list' | 'outbox.retry' | 'outbox.discard'> {
  return {
    'outbox.list': () => outboxItems(context.activeSession().db),
    'outbox.retry': ({ outbox_id }) => {
      const session = context.activeSession();
      retryOutboxItem(session.db, outbox_id);
      session.notifyOutboxChanged(outbox_id);
      session.replayOutbox();
      return null;
    },
    'outbox.discard': ({ outbox_id }) => {
      const session = context.activeSession();
      // Its request may be on the server already: discarding it could not take the message back.
      if (outboxItem(session.db, outbox_id)?.in_flight_since != null) throw new UserFacingError('IN_FLIGHT', 'This message is being sent right now; it can no longer be discarded.');
      removeOutboxItem(session.db, outbox_id);
      session.notifyOutboxChanged(outbox_id);
      return null;
    },
  };
}
