// How each kind of outbox item is sent again: its payload, read back from SQLite, is checked
// against that operation's parameters, then passed to the client with the same options the live
// path gives it (editing a scheduled message takes what the mirror last saw of it). Messages go
// with the event queue's id and their local id, and can be looked up on the server.
import { z } from 'zod';
import { REACTION_TYPES } from '../../shared/api/limits';
import type { ParamsOf, ResultOf, SendMessageParams } from '../../shared/api/operations';
import type { NarrowTerm } from '../../shared/api/records';
import { ValidationError } from '../api/errors';
import { markNarrowRead, markNarrowUnreadFrom } from '../api/mark-narrow-read';
import type { ServiceClient } from '../api/service-client';
import type { ReadOnlyMirror } from '../store/database';
import { getRecord } from '../store/keyed-table';
import { loadEventQueue } from '../store/event-queue';
import type { DeferrableOperation, OutboxItem } from '../store/outbox';
import { scheduledMessagesTable } from '../store/personal';
import type { MessageDelivery, OutboxSender } from './outbox-replay';
import { readBySender } from './read-by-sender';

export interface DeferredParams {
  editSavedSnippet: ParamsOf<'editSavedSnippet'>;
  createScheduledMessage: ParamsOf<'createScheduledMessage'>;
  editScheduledMessage: ParamsOf<'editScheduledMessage'>;
  updateMessageFlags: ParamsOf<'updateMessageFlags'>;
  markNarrowRead: { narrow: NarrowTerm[] };
  markNarrowUnreadFrom: { narrow: NarrowTerm[]; anchor: number };
  updateUserTopic: ParamsOf<'updateUserTopic'>;
  updateSubscriptionSettings: ParamsOf<'updateSubscriptionSettings'>;
  updateOwnStatus: ParamsOf<'updateOwnStatus'>;
  updateSettings: ParamsOf<'updateSettings'>;
  addAlertWords: ParamsOf<'addAlertWords'>;
  removeAlertWords: ParamsOf<'removeAlertWords'>;
  removeReaction: ParamsOf<'removeReaction'>;
  addReaction: ParamsOf<'addReaction'>;
  /** As the app queues them: channels and people by id. */
  sendMessage: Pick<SendMessageParams, 'type' | 'topic' | 'content'> & { to: number | number[] };
}

const id = z.number().int();
const recipients = z.union([id, z.array(id)]);
const messageType = z.enum(['direct', 'channel', 'stream', 'private']);
const text = z.string();
const narrowTerms = z.array(z.object({ operator: text, operand: z.union([text, z.number(), z.array(z.number())]), negated: z.boolean().exactOptional() }));

const payloads: { [K in DeferrableOperation]: z.ZodType<DeferredParams[K]> } = {
  editSavedSnippet: z.object({ saved_snippet_id: id, title: text.exactOptional(), content: text.exactOptional() }),
  createScheduledMessage: z.object({
    type: messageType,
    to: recipients,
    content: text,
    topic: text.exactOptional(),
    scheduled_delivery_timestamp: z.number(),
    read_by_sender: z.boolean().exactOptional(),
  }),
  editScheduledMessage: z.object({
    scheduled_message_id: id,
    type: messageType.exactOptional(),
    to: recipients.exactOptional(),
    content: text.exactOptional(),
    topic: text.exactOptional(),
    scheduled_delivery_timestamp: z.number().exactOptional(),
  }),
  updateMessageFlags: z.object({ messages: z.array(id), op: z.enum(['add', 'remove']), flag: text }),
  markNarrowRead: z.object({ narrow: narrowTerms }),
  markNarrowUnreadFrom: z.object({ narrow: narrowTerms, anchor: id }),
  updateUserTopic: z.object({ stream_id: id, topic: text, visibility_policy: z.number().int() }),
  updateSubscriptionSettings: z.object({ subscription_data: z.array(z.object({ stream_id: id, property: text, value: z.union([z.boolean(), text]) })) }),
  updateSettings: z.object({ twenty_four_hour_time: z.boolean().exactOptional() }),
  addAlertWords: z.object({ alert_words: z.array(text) }),
  removeAlertWords: z.object({ alert_words: z.array(text) }),
  updateOwnStatus: z.object({ status_text: text.exactOptional(), emoji_name: text.exactOptional(), emoji_code: text.exactOptional(), reaction_type: z.enum(REACTION_TYPES).exactOptional() }),
  removeReaction: z.object({ message_id: id, emoji_name: text.exactOptional(), emoji_code: text.exactOptional(), reaction_type: z.enum(REACTION_TYPES).exactOptional() }),
  addReaction: z.object({ message_id: id, emoji_name: text, emoji_code: text.exactOptional(), reaction_type: z.enum(REACTION_TYPES).exactOptional() }),
  sendMessage: z.object({ type: messageType, to: recipients, topic: text.exactOptional(), content: text }),
};

/** Messages are sent by the replay's own path (sent once, looked up when in doubt); these are the other kinds. */
export type DeferredAction = Exclude<DeferrableOperation, 'sendMessage'>;

/** What each kind of action answers once sent. */
export interface DeferredResults extends Record<DeferredAction, unknown> {
  editSavedSnippet: ResultOf<'editSavedSnippet'>;
  createScheduledMessage: ResultOf<'createScheduledMessage'>;
  editScheduledMessage: ResultOf<'editScheduledMessage'>;
  updateMessageFlags: ResultOf<'updateMessageFlags'>;
  markNarrowRead: { updated_count: number };
  markNarrowUnreadFrom: { updated_count: number };
  updateUserTopic: ResultOf<'updateUserTopic'>;
  updateSubscriptionSettings: ResultOf<'updateSubscriptionSettings'>;
  updateOwnStatus: ResultOf<'updateOwnStatus'>;
  updateSettings: ResultOf<'updateSettings'>;
  addAlertWords: ResultOf<'addAlertWords'>;
  removeAlertWords: ResultOf<'removeAlertWords'>;
  removeReaction: ResultOf<'removeReaction'>;
  addReaction: ResultOf<'addReaction'>;
}

type Senders = { [K in DeferredAction]: (client: ServiceClient, db: ReadOnlyMirror, params: DeferredParams[K]) => Promise<DeferredResults[K]> };

const SENDERS: Senders = {
  editSavedSnippet: (client, _db, params) => client.call('editSavedSnippet', params),
  createScheduledMessage: (client, _db, params) => client.call('createScheduledMessage', params),
  editScheduledMessage: (client, db, params) => {
    const existing = getRecord(db, scheduledMessagesTable, params.scheduled_message_id);
    return client.call('editScheduledMessage', params, existing ? { existing: { type: existing.type, failed: existing.failed } } : {});
  },
  updateMessageFlags: (client, _db, params) => client.call('updateMessageFlags', params),
  markNarrowRead: (client, _db, params) => markNarrowRead(client, params),
  markNarrowUnreadFrom: (client, _db, params) => markNarrowUnreadFrom(client, params),
  updateUserTopic: (client, _db, params) => client.call('updateUserTopic', params),
  updateSubscriptionSettings: (client, _db, params) => client.call('updateSubscriptionSettings', params),
  updateOwnStatus: (client, _db, params) => client.call('updateOwnStatus', params),
  updateSettings: (client, _db, params) => client.call('updateSettings', params),
  addAlertWords: (client, _db, params) => client.call('addAlertWords', params),
  removeAlertWords: (client, _db, params) => client.call('removeAlertWords', params),
  removeReaction: (client, _db, params) => client.call('removeReaction', params),
  addReaction: (client, _db, params) => client.call('addReaction', params),
};

/**
 * Sends one action that can wait. The live path and the outbox replay both send through here,
 * so an item replayed gets the same call, with the same options, as if it had been sent at once.
 */
export function sendDeferred<K extends DeferredAction>(client: ServiceClient, db: ReadOnlyMirror, kind: K, params: DeferredParams[K]): Promise<DeferredResults[K]> {
  const sender: Senders[K] = SENDERS[kind];
  return sender(client, db, params);
}

/** The payload checked; a refusal (recorded on the item for the user to see) rather than a retry that can never pass. */
function checkedPayload<K extends DeferrableOperation>(kind: K, payload: Record<string, unknown>): DeferredParams[K] {
  const checked = payloads[kind].safeParse(payload);
  if (!checked.success) {
    const violations = checked.error.issues.map((issue) => ({ param: issue.path.join('.'), message: `${issue.path.join('.') || 'payload'}: ${issue.message}` }));
    throw new ValidationError(`outbox ${kind}`, violations);
  }
  return checked.data;
}

async function replay<K extends DeferredAction>(client: ServiceClient, db: ReadOnlyMirror, kind: K, payload: Record<string, unknown>): Promise<unknown> {
  return sendDeferred(client, db, kind, checkedPayload(kind, payload));
}

/** The outbox's sender through `client`, every payload checked before it is sent. */
export function deferredCalls(client: ServiceClient, db: ReadOnlyMirror): OutboxSender {
  return (kind, payload) => (kind === 'sendMessage' ? Promise.reject(new Error('messages go through the message delivery')) : replay(client, db, kind, payload));
}

/** How many of the user's newest messages in the conversation a lookup reads. */
const LOOKUP_MESSAGES = 50;
/**
 * How much earlier than the send's start (by the app's clock) the server may date the message:
 * the two clocks may disagree by this much.
 */
const CLOCK_TOLERANCE_S = 300;

const lookupShape = z.object({ id, content: text, timestamp: z.number(), sender_id: id });

/**
 * Sends a queued message with the event queue's id and the item's local id, so the `message`
 * event on this queue names it; and looks one up whose outcome is unknown.
 *
 * The lookup rule: a message is the item's when it is among the user's newest LOOKUP_MESSAGES
 * in the same conversation (narrow: the conversation and `sender` the user), is newer than every
 * message the mirror or the queue knew when that send started (`sent_after_id`: ids only grow),
 * is dated no earlier than that start less CLOCK_TOLERANCE_S, and has the same text as sent (the
 * server trims it). The queue sends one message at a time, so no other queued message can match;
 * the same text sent by the user from another device in that moment could, and is taken for it.
 */
export function messageDelivery(client: ServiceClient, db: ReadOnlyMirror, user_id: number): MessageDelivery {
  return {
    send: async (item) => {
      const params = checkedPayload('sendMessage', item.payload);
      const queue = loadEventQueue(db);
      const echo = queue && item.local_id !== null ? { queue_id: queue.queue_id, local_id: item.local_id } : {};
      const { id: message_id } = await client.call('sendMessage', { ...params, ...echo, ...readBySender('sendMessage', true, client.featureLevel) });
      return message_id;
    },
    lookup: async (item: OutboxItem) => {
      const params = checkedPayload('sendMessage', item.payload);
      const to = Array.isArray(params.to) ? params.to : [params.to];
      const place: NarrowTerm[] =
        params.type === 'direct' || params.type === 'private'
          ? [{ operator: 'dm', operand: to }]
          : [{ operator: 'channel', operand: to[0] ?? 0 }, { operator: 'topic', operand: params.topic ?? '' }];
      const { messages } = await client.call('getMessages', {
        anchor: 'newest',
        num_before: LOOKUP_MESSAGES,
        num_after: 0,
        apply_markdown: false,
        narrow: [...place, { operator: 'sender', operand: user_id }],
      });
      const after = item.sent_after_id ?? 0;
      const since = Math.floor((item.in_flight_since ?? 0) / 1000) - CLOCK_TOLERANCE_S;
      const text = params.content.trim();
      const match = messages
        .map((message) => lookupShape.parse(message))
        .find((message) => message.id > after && message.timestamp >= since && message.sender_id === user_id && message.content.trim() === text);
      return match?.id;
    },
  };
}
