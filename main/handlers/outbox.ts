// The outbox as the user sees it: what waits, what the server refused, retry or discard; a
// message that may have been sent checked on the server or sent anyway.
import { outboxItems } from '../store/outbox';
import type { CoreContext } from './context';
import type { AreaHandlers } from './dispatch';

export function outboxHandlers(context: CoreContext): AreaHandlers<'outbox.list' | 'outbox.retry' | 'outbox.discard' | 'outbox.check' | 'outbox.sendAnyway'> {
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
    'outbox.check': ({ outbox_id }) => {
      const session = context.activeSession();
      session.requireOnline('Checking whether the message was sent');
      return session.sendQueue.check(outbox_id);
    },
    'outbox.sendAnyway': ({ outbox_id }) => {
      context.activeSession().sendQueue.sendAnyway(outbox_id);
      return null;
    },
  };
}
