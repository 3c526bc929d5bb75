// What the mirror needs of each record the server sends (in a registration or an event): the
// key and the fields it queries or derives from. Records stay open (looseObject): fields the
// spec does not show are kept as received.
import { z } from 'zod';

export const recordId = z.number().int();
const text = z.string();

export const userSchema = z.looseObject({
  user_id: recordId,
  full_name: text,
  email: text,
  delivery_email: text.nullish(),
  role: z.number().int().nullish(),
  is_active: z.boolean().optional(),
  is_bot: z.boolean().optional(),
});

export const channelSchema = z.looseObject({ stream_id: recordId, name: text });
export const subscriptionSchema = z.looseObject({ stream_id: recordId });

/** The reference names some IDs `id` where the spec has a longer name; either will do. */
const keyedEither = (name: string) =>
  z.looseObject({ [name]: recordId.optional(), id: recordId.optional() }).refine((r) => r[name] !== undefined || r.id !== undefined, {
    message: `has neither ${name} nor id`,
  });

export const channelFolderSchema = keyedEither('channel_folder_id').and(z.looseObject({ name: text }));
export const savedSnippetSchema = keyedEither('saved_snippet_id');
export const linkifierSchema = keyedEither('filter_id');
export const scheduledMessageSchema = z.looseObject({ scheduled_message_id: recordId, scheduled_delivery_timestamp: z.number() });
export const customProfileFieldSchema = z.looseObject({ id: recordId });
export const topicPreferenceSchema = z.looseObject({ stream_id: recordId, topic_name: text, visibility_policy: z.number().int() });
export const userStatusSchema = z.looseObject({
  status_text: text.optional(),
  emoji_name: text.optional(),
  emoji_code: text.optional(),
  reaction_type: text.optional(),
});

export const reactionSchema = z.looseObject({ emoji_name: text, emoji_code: text, reaction_type: text, user_id: recordId });

/** A message as the mirror files it: by conversation (type, channel, topic, recipients) and time. */
export const messageSchema = z.looseObject({
  id: recordId,
  type: z.enum(['stream', 'private']),
  sender_id: recordId,
  timestamp: z.number(),
  subject: text,
  stream_id: recordId.optional(),
  display_recipient: z.union([text, z.array(z.looseObject({ id: recordId }))]),
  reactions: z.array(reactionSchema),
  submessages: z.array(z.looseObject({})),
  flags: z.array(text).optional(),
});

/** The first problem of a failed parse, as one sentence that names where it is. */
export function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'it is not in the expected form';
  const where = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('').replace(/^\./, '');
  return where === '' ? issue.message : `${where}: ${issue.message}`;
}
