// The outbox as the user sees it: what waits, what the server refused, retry or discard.
import { outboxItems, removeOutboxItem, retryOutboxItem } from '../store/outbox';
import type { CoreContext } from './context';
import type { AreaHandlers } from './dispatch';

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
      removeOutboxItem(session.db, outbox_id);
      session.notifyOutboxChanged(outbox_id);
      return null;
    },
  };
}
