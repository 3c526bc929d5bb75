// Messages go out through the outbox, online or not: queued with the draft cleared in one
// transaction (the answer to the compose box), then sent in order by the account's queue, and
// kept, shown sent, until their event files them. Queued messages are edited while they wait,
// retried or discarded; a scheduled message refused because it came due offline is sent now or
// rescheduled.
import { randomUUID } from 'node:crypto';
import { checkOperation, type CheckContext } from '../../shared/api/operation-checks';
import type { SendMessageParams } from '../../shared/api/operations';
import { channelKeyPrefix, formatConversation, type Conversation, type ConversationKey } from '../../shared/conversation';
import type { PendingMessage, SendResult } from '../../shared/ipc';
import { conversationOfRecordKey } from '../../shared/outbox-records';
import { stagedIdsIn, stagedReferences } from '../../shared/staged-links';
import type { MirrorWrite } from '../store/changes';
import type { ReadOnlyMirror } from '../store/database';
import { getRecord } from '../store/keyed-table';
import { scheduledMessagesTable } from '../store/personal';
import {
  clearInFlight,
  enqueueMessage,
  type OutboxItem,
  outboxItem,
  queuedMessagesUnder,
  queuedMessages,
  type QueuedMessage,
  removeOutboxItem,
  retryOutboxItem,
  updateOutboxPayload,
  usedLocalId,
} from '../store/outbox';
import type { OutboxDrain } from '../sync/outbox-drain';
import { sendParams } from './conversation-target';
import { UserFacingError } from './user-facing-error';

/** A queued message as its conversation shows it. */
export function pendingMessage(item: QueuedMessage): PendingMessage {
  return {
    outbox_id: item.outbox_id,
    local_id: item.local_id ?? String(item.outbox_id),
    content: typeof item.payload['content'] === 'string' ? item.payload['content'] : '',
    state: item.sent_message_id !== null ? 'sent' : item.state === 'pending' ? 'sending' : item.in_flight_since !== null ? 'unknown' : 'failed',
    message_id: item.sent_message_id,
    error_msg: item.error_msg,
    created_at: item.created_at,
    newer: item.newer,
  };
}

const SCHEDULING_KINDS = ['createScheduledMessage', 'editScheduledMessage'] as const;

export interface SendQueueOptions {
  db: ReadOnlyMirror;
  write: MirrorWrite;
  user_id: number;
  outbox: OutboxDrain;
  online(): boolean;
  /** The server's limits as last announced (max_message_length, max_topic_length). */
  limits(): CheckContext;
  /** Whether a staged file is kept, whole, for sending. */
  isStaged(staged_id: string): boolean;
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
    return this.#pendingUnder(channelKeyPrefix(stream_id));
  }

  /** Every message still in the outbox, per conversation, in send order (the combined feed). */
  pendingEverywhere(): Record<ConversationKey, PendingMessage[]> {
    return this.#pendingUnder('');
  }

  #pendingUnder(keyPrefix: string): Record<ConversationKey, PendingMessage[]> {
    const byConversation: Record<ConversationKey, PendingMessage[]> = {};
    for (const item of queuedMessagesUnder(this.#o.db, keyPrefix)) {
      const conversation = conversationOfRecordKey(item.record_key);
      if (conversation !== undefined) (byConversation[conversation] ??= []).push(pendingMessage(item));
    }
    return byConversation;
  }

  /**
   * Queues a message, its conversation's draft cleared in the same transaction, with the staged
   * files its text links, and answers at once; online, the queue starts sending it. A local id
   * used before (one compose attempt sent again, its message queued, sent or even filed since)
   * answers for that message: the renderer repeating a send never sends twice.
   */
  send(message: { to: Conversation; content: string; local_id?: string | undefined; replaces?: number }): SendResult {
    const { to, content, local_id = randomUUID(), replaces } = message;
    const conversation = formatConversation(to);
    const used = usedLocalId(this.#o.db, local_id);
    if (used !== undefined) return { outbox_id: used, local_id };
    const params = this.#checked(sendParams(to, this.#o.user_id, content));
    const staged_ids = stagedIdsIn(content);
    const outbox_id = this.#o.write((db, changes) =>
      enqueueMessage(db, { conversation, local_id, payload: { ...params }, staged_ids, ...(replaces !== undefined && { replaces }) }, changes),
    );
    if (this.#o.online()) void this.#o.outbox.run();
    return { outbox_id, local_id };
  }

  /** A new text for a queued message that is failed or not yet sent, held to the same rules as a new one. */
  editQueued(outbox_id: number, content: string): void {
    const item = this.#itemOf(outbox_id, ['sendMessage']);
    // Its request may be on the server already: a new text could not replace it.
    if (item.in_flight_since !== null || item.sent_message_id !== null) throw new UserFacingError('IN_FLIGHT', 'This message is being sent right now; it can no longer be changed.');
    const payload: Record<string, unknown> = { ...item.payload, content };
    const { type, to, topic } = payload;
    if ((type === 'stream' || type === 'direct') && (typeof to === 'number' || Array.isArray(to))) {
      const ids = Array.isArray(to) ? to.filter((id): id is number => typeof id === 'number') : to;
      this.#checked({ type, to: ids, content, ...(typeof topic === 'string' && { topic }) });
    }
    this.#o.write((db, changes) => updateOutboxPayload(db, outbox_id, payload, changes));
  }

  /**
   * What the server's rules (the length of the text and of the topic) say of a message, before it
   * waits in line for a refusal; and the staged files its text links must still be kept.
   */
  #checked(params: SendMessageParams): SendMessageParams {
    const [violation] = checkOperation('sendMessage', params, this.#o.limits());
    if (violation) throw new UserFacingError('INVALID_ARGUMENT', violation.param === 'content' ? `The message is too long: ${violation.message}` : violation.message);
    const missing = stagedReferences(params.content).find((reference) => !this.#o.isStaged(reference.staged_id));
    if (missing) throw new UserFacingError('NOT_STAGED', `“${missing.name}” is no longer kept for sending: remove it from the message and attach it again.`);
    return params;
  }

  /** A refused item goes back in line. */
  retry(outbox_id: number): void {
    this.#o.write((db, changes) => retryOutboxItem(db, outbox_id, changes));
    void this.#o.outbox.run();
  }

  /**
   * Leaves the outbox. A message that may have been sent (given up on with its outcome unknown) may
   * be discarded by the user's choice; one on its way now, or sent, may not.
   */
  discard(outbox_id: number): void {
    const item = outboxItem(this.#o.db, outbox_id);
    const onItsWay = item !== undefined && item.state === 'pending' && item.in_flight_since !== null;
    // Its request may be on the server already: discarding it could not take the message back.
    if (onItsWay || item?.sent_message_id != null) throw new UserFacingError('IN_FLIGHT', 'This message is being sent right now; it can no longer be discarded.');
    this.#o.write((db, changes) => removeOutboxItem(db, outbox_id, changes));
  }

  /**
   * A message that may have been sent, sent again without looking: the user chose it, knowing the
   * server may then hold it twice.
   */
  sendAnyway(outbox_id: number): void {
    const item = this.#itemOf(outbox_id, ['sendMessage']);
    if (item.state !== 'failed') throw new UserFacingError('IN_FLIGHT', 'This message is being sent right now.');
    this.#o.write((db, changes) => {
      clearInFlight(db, outbox_id);
      retryOutboxItem(db, outbox_id, changes);
    });
    void this.#o.outbox.run();
  }

  /** Looks a message that may have been sent up on the server: found, it is shown sent; not found, Retry sends it. */
  async check(outbox_id: number): Promise<{ found: boolean }> {
    const item = this.#itemOf(outbox_id, ['sendMessage']);
    if (item.state !== 'failed' || item.in_flight_since === null) throw new UserFacingError('NOT_UNKNOWN', 'This message is not waiting to be checked.');
    return { found: await this.#o.outbox.check(outbox_id) };
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
