// The family's server-side drafts (`/drafts`, not in the spec; feature level 87): a user's unsent
// messages, kept by the server so that each of their devices shows them. Here each is the draft
// of a conversation: a channel topic, or the people of a direct conversation.
import { z } from 'zod';
import { directConversation, channelTopicConversation, parseConversation, type ConversationKey } from '../conversation';
import { recordId } from './record-schemas';

/** A draft as the server lists it (registration's `drafts`, the `drafts` events). */
export const serverDraftSchema = z.looseObject({
  id: recordId,
  /** "" for a draft written before its recipient was chosen. */
  type: z.enum(['stream', 'private', '']),
  /** The channel, or the other people of a direct conversation (the user themself alone in a note to self). */
  to: z.array(recordId),
  topic: z.string(),
  content: z.string(),
  /** When it was last edited, in seconds. */
  timestamp: z.number(),
});
export type ServerDraft = z.infer<typeof serverDraftSchema>;

/** What a draft is created or edited with (POST /drafts, PATCH /drafts/{draft_id}). */
export interface DraftData {
  type: 'stream' | 'private';
  to: number[];
  topic: string;
  content: string;
  /** Seconds. */
  timestamp: number;
}

/** The conversation a server draft is for; undefined for one without a recipient (the app keeps drafts per conversation). */
export function draftConversation(draft: Pick<ServerDraft, 'type' | 'to' | 'topic'>, own_user_id: number): ConversationKey | undefined {
  if (draft.type === 'stream' && draft.to.length === 1) return channelTopicConversation(draft.to[0]!, draft.topic);
  if (draft.type === 'private' && draft.to.length > 0) return directConversation([...draft.to, own_user_id]);
  return undefined;
}

/** A conversation's draft as the server takes it; undefined for a key that names no conversation. */
export function draftDataOf(conversation: ConversationKey, content: string, own_user_id: number, updated_at_ms: number): DraftData | undefined {
  const target = parseConversation(conversation);
  if (!target) return undefined;
  const timestamp = Math.floor(updated_at_ms / 1000);
  if (target.kind === 'channel') return { type: 'stream', to: [target.stream_id], topic: target.topic, content, timestamp };
  const others = target.user_ids.filter((id) => id !== own_user_id);
  return { type: 'private', to: others.length > 0 ? others : [own_user_id], topic: '', content, timestamp };
}

/**
 * A draft's text as the server keeps it (its parameter check strips both ends, then its
 * normalize_body): what is sent, and what its copy is compared with.
 */
export function serverDraftText(content: string): string {
  return content.trim();
}
