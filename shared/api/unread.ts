// Unread messages as the server reports them: registration's `unread_msgs` (fetched with the
// `message` and `update_message_flags` event types) and the details an `update_message_flags`
// remove of `read` carries. Shapes per reference/register_fields.json and events.json.
import { z } from 'zod';
import { recordId } from './record-schemas';

const ids = z.array(recordId);

export const unreadMessagesSchema = z.looseObject({
  count: z.number().int().nonnegative(),
  pms: z.array(z.looseObject({ other_user_id: recordId.optional(), sender_id: recordId.optional(), unread_message_ids: ids })),
  streams: z.array(z.looseObject({ stream_id: recordId, topic: z.string(), unread_message_ids: ids })),
  huddles: z.array(z.looseObject({ user_ids_string: z.string().regex(/^\d+(,\d+)*$/), unread_message_ids: ids })),
  mentions: ids,
  old_unreads_missing: z.boolean().optional(),
});
export type UnreadMessages = z.infer<typeof unreadMessagesSchema>;

/** Where a message marked unread again lives: `message_details` of an update_message_flags remove. */
export const unreadDetailSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('stream'), stream_id: recordId, topic: z.string(), mentioned: z.boolean().optional() }),
  z.looseObject({ type: z.literal('private'), user_ids: ids, mentioned: z.boolean().optional() }),
]);
export type UnreadDetail = z.infer<typeof unreadDetailSchema>;

/** The flags that make a message count as a mention. */
export const MENTION_FLAGS: ReadonlySet<string> = new Set(['mentioned', 'wildcard_mentioned', 'stream_wildcard_mentioned', 'topic_wildcard_mentioned']);
