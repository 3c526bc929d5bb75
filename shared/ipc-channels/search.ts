// Message search: what the search box holds (words, "phrases" and operators such as
// `channel:general -is:unread`, read by shared/search-query.ts), answered by the mirror (offline,
// at once) merged with the server's answer to the same narrow when online, each result labelled by
// where it came from.
import { z } from 'zod';
import type { MessageView } from './conversations';
import { channel } from './define';

/** What one search may ask for: a line of words, not a document. */
const SEARCH_TEXT_MAX = 500;

/**
 * Control characters (a NUL pasted in, say) separate words: real servers answer a NUL in a narrow
 * with an internal error, and SQLite's full-text query would stop at it.
 */
const searchText = z
  .string()
  .transform((text) => text.replace(/\p{Cc}+/gu, ' '))
  .pipe(z.string().trim().min(1).max(SEARCH_TEXT_MAX));

export interface SearchResult extends MessageView {
  /** 'cached': found in the mirror (offline too); 'server': only the server had it. */
  source: 'cached' | 'server';
}

export interface SearchAnswer {
  /** Newest first. */
  results: SearchResult[];
  /** Whether the server was asked and answered, or refused the narrow; otherwise the results are the mirror's alone. */
  server: 'answered' | 'offline' | 'refused';
  /** The server's refusal: its reason, and the term it refused as typed when its reason names one. */
  refused?: { term: string | null; message: string };
  /** A term the mirror cannot judge from what is cached (it then found nothing), as typed. */
  unanswered?: string;
}

export const searchChannels = {
  'messages.search': channel<SearchAnswer>()(z.object({ text: searchText, limit: z.number().int().min(1).max(200).default(50) })),
} as const;
