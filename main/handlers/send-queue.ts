// Messages go out through the outbox, online or not: queued with the draft cleared in one
// transaction, then sent in order by the account's queue. Queued messages are edited while
// they wait; a scheduled message refused because it came due offline is sent now or rescheduled.
import { randomUUID } from 'node:crypto';
import { channelTopicConversation, directConversation } from '../../shared/conversation';
import type { PendingMessage, SendResult } from '../../shared/ipc';
import type { AccountSession } from '../app/session';
import { getRecord } from '../store/keyed-table';
import { scheduledMessagesTable } from '../store/personal';
import { enqueueMessage, type OutboxItem, outboxItem, queuedMessages, retryOutboxItem, updateOutboxPayload } from '../store/outbox';
import type { CoreContext } from './context';
import { conversationTarget, sendParams } from './conversation-target';
import type { AreaHandlers } from './dispatch';
import { UserFacingError } from './dispatch';

/** A queued message as its conversation shows it. */
export function pendingMessage(item: OutboxItem): PendingMessage {
  return {
    outbox_id: item.outbox_id,
    local_id: item.local_id ?? String(item.outbox_id),
    content: typeof item.payload['content'] === 'string' ? item.payload['content'] : '',
    state: item.state === 'failed' ? 'failed' : 'sending',
    error_msg: item.error_msg,
    created_at: item.created_at,
  };
}

export function pendingMessages(session: AccountSession, conversation: string): PendingMessage[] {
  return queuedMessages(session.db, conversation).map(pendingMessage);
}

/**
 * Queues a message (the conversation's draft cleared in the same transaction) and, online, waits
 * for the queue to send it. A local id already queued answers for that message: the renderer
 * repeating a send does not send twice. Refused, it stays in the conversation as failed, with the
 * server's reason, and this answers `queued`.
 */
export async function sendThroughQueue(
  session: AccountSession,
  message: { conversation: string; content: string; local_id?: string | undefined; replaces?: number },
): Promise<SendResult> {
  const { conversation, content, local_id = randomUUID(), replaces } = message;
  const params = sendParams(conversationTarget(conversation), session.account.user_id, content);
  const known = queuedMessages(session.db, conversation).find((item) => item.local_id === local_id);
  const outbox_id =
    known?.outbox_id ?? enqueueMessage(session.db, { conversation, local_id, payload: { ...params }, ...(replaces !== undefined && { replaces }) });
  session.notifyChanged({ outbox: [outbox_id], drafts: [conversation] });
  const id = session.engine.status.state === 'online' ? await session.outbox.outcome(outbox_id) : undefined;
  return id === undefined ? { status: 'queued', outbox_id, local_id } : { status: 'sent', id };
}

/** An item the user acts on: it must exist and be of the kind the action is for. */
function itemOf(session: AccountSession, outbox_id: number, kinds: readonly string[]): OutboxItem {
  const item = outboxItem(session.db, outbox_id);
  if (!item || !kinds.includes(item.kind)) throw new UserFacingError('NOT_FOUND', 'This item is no longer waiting to be sent.');
  return item;
}

const SCHEDULING_KINDS = ['createScheduledMessage', 'editScheduledMessage'] as const;

/** What the mirror last saw of the scheduled message an edit item changes. */
function scheduledRecord(session: AccountSession, item: OutboxItem): Record<string, unknown> {
  const id = item.payload['scheduled_message_id'];
  const record = typeof id === 'number' ? getRecord(session.db, scheduledMessagesTable, id) : undefined;
  if (!record) return {};
  return { type: record.type, to: record.to, content: record.content, ...(record.topic !== undefined && { topic: record.topic }) };
}

/** The conversation a scheduled message's payload goes to, as a message. */
function scheduledConversation(session: AccountSession, payload: Record<string, unknown>): string {
  const to = payload['to'];
  const ids = (Array.isArray(to) ? to : [to]).filter((value): value is number => typeof value === 'number');
  const [first] = ids;
  if (payload['type'] === 'direct' || payload['type'] === 'private') return directConversation([...ids, session.account.user_id]);
  if (first === undefined) throw new UserFacingError('INVALID_ARGUMENT', 'This scheduled message has no recipient to send it to.');
  return channelTopicConversation(first, typeof payload['topic'] === 'string' ? payload['topic'] : '');
}

export function sendQueueHandlers(context: CoreContext): AreaHandlers<'messages.editQueued' | 'scheduling.sendNow' | 'scheduling.reschedule'> {
  return {
    'messages.editQueued': ({ outbox_id, content }) => {
      const session = context.activeSession();
      const item = itemOf(session, outbox_id, ['sendMessage']);
      // Its request may be on the server already: a new text could not replace it.
      if (item.in_flight_since !== null) throw new UserFacingError('IN_FLIGHT', 'This message is being sent right now; it can no longer be changed.');
      updateOutboxPayload(session.db, outbox_id, { ...item.payload, content });
      session.notifyOutboxChanged(outbox_id);
      return null;
    },
    'scheduling.sendNow': async ({ outbox_id }) => {
      const session = context.activeSession();
      const item = itemOf(session, outbox_id, SCHEDULING_KINDS);
      const payload = item.kind === 'editScheduledMessage' ? { ...scheduledRecord(session, item), ...item.payload } : item.payload;
      const content = payload['content'];
      if (typeof content !== 'string' || content === '') throw new UserFacingError('INVALID_ARGUMENT', 'This scheduled message has no text to send.');
      return sendThroughQueue(session, { conversation: scheduledConversation(session, payload), content, replaces: outbox_id });
    },
    'scheduling.reschedule': ({ outbox_id, scheduled_delivery_timestamp }) => {
      const session = context.activeSession();
      const item = itemOf(session, outbox_id, SCHEDULING_KINDS);
      updateOutboxPayload(session.db, outbox_id, { ...item.payload, scheduled_delivery_timestamp });
      retryOutboxItem(session.db, outbox_id);
      session.notifyOutboxChanged(outbox_id);
      session.replayOutbox();
      return null;
    },
  };
}
