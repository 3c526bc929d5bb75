// How each kind of outbox item is sent again: its payload, read back from SQLite, is checked
// against that operation's parameters, then passed to the client with the same options the live
// path gives it (editing a scheduled message takes what the mirror last saw of it).
import { z } from 'zod';
import { REACTION_TYPES } from '../../shared/api/limits';
import type { ParamsOf } from '../../shared/api/operations';
import type { NarrowTerm } from '../../shared/api/records';
import { ValidationError } from '../api/errors';
import type { ServiceClient } from '../api/service-client';
import type { MirrorDatabase } from '../store/database';
import { getRecord } from '../store/keyed-table';
import type { DeferrableOperation } from '../store/outbox';
import { scheduledMessagesTable } from '../store/personal';
import type { OutboxSender } from './outbox-replay';

interface DeferredParams {
  editSavedSnippet: ParamsOf<'editSavedSnippet'>;
  createScheduledMessage: ParamsOf<'createScheduledMessage'>;
  editScheduledMessage: ParamsOf<'editScheduledMessage'>;
  updateMessageFlags: ParamsOf<'updateMessageFlags'>;
  markNarrowRead: { narrow: NarrowTerm[] };
  updateUserTopic: ParamsOf<'updateUserTopic'>;
  removeReaction: ParamsOf<'removeReaction'>;
}

const id = z.number().int();
const recipients = z.union([id, z.array(id)]);
const messageType = z.enum(['direct', 'channel', 'stream', 'private']);
const text = z.string();

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
  markNarrowRead: z.object({
    narrow: z.array(z.object({ operator: text, operand: z.union([text, z.number(), z.array(z.number())]), negated: z.boolean().exactOptional() })),
  }),
  updateUserTopic: z.object({ stream_id: id, topic: text, visibility_policy: z.number().int() }),
  removeReaction: z.object({ message_id: id, emoji_name: text.exactOptional(), emoji_code: text.exactOptional(), reaction_type: z.enum(REACTION_TYPES).exactOptional() }),
};

type Senders = { [K in DeferrableOperation]: (params: DeferredParams[K]) => Promise<unknown> };

function senders(client: ServiceClient, db: MirrorDatabase): Senders {
  return {
    editSavedSnippet: (params) => client.editSavedSnippet(params),
    createScheduledMessage: (params) => client.createScheduledMessage(params),
    editScheduledMessage: (params) => {
      const existing = getRecord(db, scheduledMessagesTable, params.scheduled_message_id);
      return client.editScheduledMessage(params, existing ? { existing: { type: existing.type, failed: existing.failed } } : {});
    },
    updateMessageFlags: (params) => client.updateMessageFlags(params),
    markNarrowRead: (params) => client.markNarrowRead(params),
    updateUserTopic: (params) => client.updateUserTopic(params),
    removeReaction: (params) => client.removeReaction(params),
  };
}

function send<K extends DeferrableOperation>(table: Senders, kind: K, payload: Record<string, unknown>): Promise<unknown> {
  const checked = payloads[kind].safeParse(payload);
  // A refusal, recorded on the item for the user to see, rather than a retry that can never pass.
  if (!checked.success) {
    const violations = checked.error.issues.map((issue) => ({ param: issue.path.join('.'), message: `${issue.path.join('.') || 'payload'}: ${issue.message}` }));
    return Promise.reject(new ValidationError(`outbox ${kind}`, violations));
  }
  const sender: Senders[K] = table[kind];
  return sender(checked.data);
}

/** The outbox's sender through `client`, every payload checked before it is sent. */
export function deferredCalls(client: ServiceClient, db: MirrorDatabase): OutboxSender {
  const table = senders(client, db);
  return (kind, payload) => send(table, kind, payload);
}
