// Messages go out through the outbox, online or not: queued with the draft cleared in one
// transaction (the answer to the compose box), then sent in order by the account's queue, and
// kept, shown sent, until their event files them. Queued messages are edited while they wait,
// retried or discarded; a scheduled message refused because it came due offline is sent now or
// rescheduled.
import { randomUUID } from 'node:crypto';
import { formatConversation, type Conversation, type ConversationKey } from '../../shared/conversation';
import type { PendingMessage, SendResult } from '../../shared/ipc';
import { conversationOfRecordKey } from '../../shared/outbox-records';
import type { MirrorWrite } from '../store/changes';
import type { ReadOnlyMirror } from '../store/database';
import { getRecord } from '../store/keyed-table';
import { scheduledMessagesTable } from '../store/personal';
import {
  enqueueMessage,
  type OutboxItem,
  outboxItem,
  queuedChannelMessages,
  queuedMessages,
  removeOutboxItem,
  retryOutboxItem,
  updateOutboxPayload,
} from '../store/outbox';
import type { OutboxDrain } from '../sync/outbox-drain';
import { sendParams } from './conversation-target';
import { UserFacingError } from './user-facing-error';

/** A queued message as its conversation shows it. */
export function pendingMessage(item: OutboxItem): PendingMessage {
  return {
    outbox_id: item.outbox_id,
    local_id: item.local_id ?? String(item.outbox_id),
    content: typeof item.payload['content'] === 'string' ? item.payload['content'] : '',
    state: item.sent_message_id !== null ? 'sent' : item.state === 'failed' ? 'failed' : 'sending',
    message_id: item.sent_message_id,
    error_msg: item.error_msg,
    created_at: item.created_at,
  };
}

const SCHEDULING_KINDS = ['createScheduledMessage', 'editScheduledMessage'] as const;

export interface SendQueueOptions {
  db: ReadOnlyMirror;
  write: MirrorWrite;
  user_id: number;
  outbox: OutboxDrain;
  online(): boolean;
}

export class SendQueue {
  readonly #o: SendQueueOptions;

  constructor(options: SendQueueOptions) {
    this.#o = options;
  }

  /** The messages of a conversation still in the outbox, in send order. */
  pending(conversation: ConversationKey): PendingMessage[] {
    return queuedMessages(this.#o.db, conversation).map(pendingMessage);
  }

  /** The messages of every topic of a channel still in the outbox, per conversation, in send order. */
  pendingInChannel(stream_id: number): Record<ConversationKey, PendingMessage[]> {
    const byConversation: Record<ConversationKey, PendingMessage[]> = {};
    for (const item of queuedChannelMessages(this.#o.db, stream_id)) {
      const conversation = conversationOfRecordKey(item.record_key);
      if (conversation !== undefined) (byConversation[conversation] ??= []).push(pendingMessage(item));
    }
    return byConversation;
  }

  /**
   * Queues a message, its conversation's draft cleared in the same transaction, and answers at
   * once; online, the queue starts sending it. A local id already queued answers for that
   * message: the renderer repeating a send does not send twice.
   */
  send(message: { to: Conversation; content: string; local_id?: string | undefined; replaces?: number }): SendResult {
    const { to, content, local_id = randomUUID(), replaces } = message;
    const conversation = formatConversation(to);
    const params = sendParams(to, this.#o.user_id, content);
    const known = queuedMessages(this.#o.db, conversation).find((item) => item.local_id === local_id);
    const outbox_id =
      known?.outbox_id ??
      this.#o.write((db, changes) => enqueueMessage(db, { conversation, local_id, payload: { ...params }, ...(replaces !== undefined && { replaces }) }, changes));
    if (this.#o.online()) void this.#o.outbox.run();
    return { outbox_id, local_id };
  }

  /** A new text for a queued message that is failed or not yet sent. */
  editQueued(outbox_id: number, content: string): void {
    const item = this.#itemOf(outbox_id, ['sendMessage']);
    // Its request may be on the server already: a new text could not replace it.
    if (item.in_flight_since !== null || item.sent_message_id !== null) throw new UserFacingError('IN_FLIGHT', 'This message is being sent right now; it can no longer be changed.');
    this.#o.write((db, changes) => updateOutboxPayload(db, outbox_id, { ...item.payload, content }, changes));
  }

  /** A refused item goes back in line. */
  retry(outbox_id: number): void {
    this.#o.write((db, changes) => retryOutboxItem(db, outbox_id, changes));
    void this.#o.outbox.run();
  }

  discard(outbox_id: number): void {
    const item = outboxItem(this.#o.db, outbox_id);
    // Its request may be on the server already: discarding it could not take the message back.
    if (item?.in_flight_since != null || item?.sent_message_id != null) throw new UserFacingError('IN_FLIGHT', 'This message is being sent right now; it can no longer be discarded.');
    this.#o.write((db, changes) => removeOutboxItem(db, outbox_id, changes));
  }

  /** A scheduled message the server refused (it came due offline) goes out now as a message, through the same queue. */
  sendScheduledNow(outbox_id: number): SendResult {
    const item = this.#itemOf(outbox_id, SCHEDULING_KINDS);
    const payload = item.kind === 'editScheduledMessage' ? { ...this.#scheduledRecord(item), ...item.payload } : item.payload;
    const content = payload['content'];
    if (typeof content !== 'string' || content === '') throw new UserFacingError('INVALID_ARGUMENT', 'This scheduled message has no text to send.');
    return this.send({ to: this.#scheduledConversation(payload), content, replaces: outbox_id });
  }

  /** The same refused scheduled message, given a new delivery time. */
  reschedule(outbox_id: number, scheduled_delivery_timestamp: number): void {
    const item = this.#itemOf(outbox_id, SCHEDULING_KINDS);
    this.#o.write((db, changes) => {
      updateOutboxPayload(db, outbox_id, { ...item.payload, scheduled_delivery_timestamp }, changes);
      retryOutboxItem(db, outbox_id, changes);
    });
    void this.#o.outbox.run();
  }

  /** An item the user acts on: it must exist and be of the kind the action is for. */
  #itemOf(outbox_id: number, kinds: readonly string[]): OutboxItem {
    const item = outboxItem(this.#o.db, outbox_id);
    if (!item || !kinds.includes(item.kind)) throw new UserFacingError('NOT_FOUND', 'This item is no longer waiting to be sent.');
    return item;
  }

  /** What the mirror last saw of the scheduled message an edit item changes. */
  #scheduledRecord(item: OutboxItem): Record<string, unknown> {
    const id = item.payload['scheduled_message_id'];
    const record = typeof id === 'number' ? getRecord(this.#o.db, scheduledMessagesTable, id) : undefined;
    if (!record) return {};
    return { type: record.type, to: record.to, content: record.content, ...(record.topic !== undefined && { topic: record.topic }) };
  }

  /** The conversation a scheduled message's payload goes to, as a message. */
  #scheduledConversation(payload: Record<string, unknown>): Conversation {
    const to = payload['to'];
    const ids = (Array.isArray(to) ? to : [to]).filter((value): value is number => typeof value === 'number');
    const [first] = ids;
    if (payload['type'] === 'direct' || payload['type'] === 'private') return { kind: 'direct', user_ids: [...new Set([...ids, this.#o.user_id])].sort((a, b) => a - b) };
    if (first === undefined) throw new UserFacingError('INVALID_ARGUMENT', 'This scheduled message has no recipient to send it to.');
    return { kind: 'channel', stream_id: first, topic: typeof payload['topic'] === 'string' ? payload['topic'] : '' };
  }
}
