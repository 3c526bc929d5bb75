// Acting on one message: adding a reaction (waits in the outbox offline, like removal), editing
// its content and deleting it where the organization allows, and what the emoji picker offers
// beyond the Unicode list (the user's recently used emoji, the organization's custom ones with
// their images, which reactions show too).
import { z } from 'zod';
import { REACTION_TYPES } from '../api/limits';
import type { ReactionType } from '../api/records';
import type { MessageEditRules } from '../message-edit-rules';
import { channel, id } from './define';
import type { Deferred } from './outbox';

export type { MessageEditRules };

export interface EmojiRef {
  emoji_name: string;
  emoji_code: string;
  reaction_type: ReactionType;
}

/** One of the organization's custom emoji, deactivated ones too: reactions made with one keep showing it. */
export interface CustomEmojiImage {
  /** Its ID on the server: a realm_emoji reaction's emoji_code. */
  emoji_code: string;
  emoji_name: string;
  /** Its image's address on the server, fetched through main. */
  source_url: string;
  deactivated: boolean;
}

const emoji = {
  emoji_name: z.string().min(1).max(200),
  emoji_code: z.string().min(1).max(200),
  reaction_type: z.enum(REACTION_TYPES),
};

/** One version of a message, as its edit history shows it, oldest first. */
export interface MessageVersion {
  /** The first is the message as sent; each later one is an edit, a move, or both. */
  original: boolean;
  user_id: number | null;
  timestamp: number;
  /** The content this version brought, rendered; null where it left the content as it was. */
  rendered_content: string | null;
  topic: string;
  /** Where this version moved it from: the topic before, the channel before and after. */
  prev_topic: string | null;
  prev_stream_id: number | null;
  stream_id: number | null;
}

export const messageActionChannels = {
  'messages.addReaction': channel<Deferred<null>>()(z.object({ message_id: id, ...emoji })),
  /** Needs the connection: the server renders the new content. */
  'messages.edit': channel<null>()(z.object({ message_id: id, content: z.string().min(1).max(100_000) })),
  'messages.delete': channel<null>()(z.object({ message_id: id })),
  /** The message's markdown, for editing it (the mirror keeps the rendered HTML). Needs the connection. */
  'messages.source': channel<{ content: string }>()(z.object({ message_id: id })),
  'messages.editRules': channel<MessageEditRules>()(z.undefined()),
  /** The message's versions, from the server (it needs the connection); as the organization lets its members see them. */
  'messages.history': channel<MessageVersion[]>()(z.object({ message_id: id })),
  /** The ids of those who have read the message, from the server (it needs the connection). */
  'messages.readReceipts': channel<number[]>()(z.object({ message_id: id })),
  /** The emoji the user reacted with lately, newest first, from the cached messages. */
  'emoji.recent': channel<EmojiRef[]>()(z.undefined()),
  'emoji.custom': channel<CustomEmojiImage[]>()(z.undefined()),
} as const;
