// The outbox as the user sees it: what waits, what the server refused, retry or discard.
import { outboxItems } from '../store/outbox';
import type { CoreContext } from './context';
import type { AreaHandlers } from './dispatch';

export function outboxHandlers(context: CoreContext): AreaHandlers<'outbox.list' | 'outbox.retry' | 'outbox.discard'> {
  return {
    'outbox.list': () => outboxItems(context.activeSession().db),
    'outbox.retry': ({ outbox_id }) => {
      context.activeSession().sendQueue.retry(outbox_id);
      return null;
    },
    'outbox.discard': ({ outbox_id }) => {
      context.activeSession().sendQueue.discard(outbox_id);
      return null;
    },
  };
}
