// What an action on one message, waiting in the outbox, is called beside that message. Shown
// under someone else's message, a bare "Pending" read as their message being unsent.
import type { OutboxItemView } from '../../../../shared/outbox-records';

export function pendingMessageAction(item: OutboxItemView): string {
  switch (item.kind) {
    case 'addReaction':
      return 'your reaction';
    case 'removeReaction':
      return 'your reaction removed';
    case 'updateMessageFlags':
      return flagChange(item.payload.flag, item.payload.op);
    default:
      return 'your change to this message';
  }
}

function flagChange(flag: unknown, op: unknown): string {
  const adding = op === 'add';
  if (flag === 'read') return adding ? 'marked as read' : 'marked as unread';
  if (flag === 'starred') return adding ? 'your star' : 'your star removed';
  return 'your change to this message';
}
