// The send queue's channels: a queued message edited while it waits; a scheduled message that came
// due offline sent now or rescheduled (the session's SendQueue does the work).
import type { CoreContext } from './context';
import type { AreaHandlers } from './dispatch';

export function sendQueueHandlers(context: CoreContext): AreaHandlers<'messages.editQueued' | 'scheduling.sendNow' | 'scheduling.reschedule'> {
  return {
    'messages.editQueued': ({ outbox_id, content }) => {
      context.activeSession().sendQueue.editQueued(outbox_id, content);
      return null;
    },
    'scheduling.sendNow': ({ outbox_id }) => context.activeSession().sendQueue.sendScheduledNow(outbox_id),
    'scheduling.reschedule': ({ outbox_id, scheduled_delivery_timestamp }) => {
      context.activeSession().sendQueue.reschedule(outbox_id, scheduled_delivery_timestamp);
      return null;
    },
  };
}
