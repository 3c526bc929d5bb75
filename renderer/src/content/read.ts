// Server HTML to content, once: sanitized (lib/sanitize.ts), then parsed (parse.ts). A feed shows
// the same messages again and again as it scrolls, so each message's content is kept by its id
// (with the HTML and the organization it was read for) and read again only when either changes.
import { sanitizeServerHtml } from '../lib/sanitize';
import type { Content } from './nodes';
import { parseContent } from './parse';

/** Messages kept: a few screens of a feed, and then some. */
const KEPT = 2_000;

interface Kept {
  html: string;
  realm: string;
  content: Content;
}

const byMessage = new Map<number, Kept>();

/** `html` from the organization at `realm`, read now (descriptions and other one-off HTML). */
export function readContent(html: string, realm: string): Content {
  return parseContent(sanitizeServerHtml(html), URL.parse(realm));
}

/** Message `message_id`'s content, read once for its HTML and kept. */
export function messageContent(message_id: number, html: string, realm: string): Content {
  const kept = byMessage.get(message_id);
  if (kept && kept.html === html && kept.realm === realm) {
    // Most recently used last: the oldest entry goes first when the cache is full.
    byMessage.delete(message_id);
    byMessage.set(message_id, kept);
    return kept.content;
  }
  const content = readContent(html, realm);
  byMessage.set(message_id, { html, realm, content });
  if (byMessage.size > KEPT) byMessage.delete(byMessage.keys().next().value ?? message_id);
  return content;
}
