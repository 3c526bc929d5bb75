// Drafts: one per conversation, kept in the mirror as the user types, listed in the Drafts view.
import { z } from 'zod';
import { conversationKey } from '../conversation';
import { channel } from './define';
import { messageContent } from './send-queue';

export interface DraftView {
  conversation: string;
  /** The start of the text (drafts.get gives the whole): a listing of many long drafts stays small. */
  preview: string;
  updated_at: number;
  /** The conversation as the Drafts view names it: `#channel › topic` or the people's names. */
  title: string;
}

export const draftChannels = {
  'drafts.get': channel<{ content: string; updated_at: number } | null>()(z.object({ conversation: conversationKey })),
  /** Empty content deletes the draft. */
  'drafts.save': channel<null>()(z.object({ conversation: conversationKey, content: messageContent })),
  /** Newest first, previews only. */
  'drafts.list': channel<DraftView[]>()(z.undefined()),
  'drafts.delete': channel<null>()(z.object({ conversation: conversationKey })),
} as const;
