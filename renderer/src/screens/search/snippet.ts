// A result's text as the user reads it: the message's words (never its HTML rendered), cut to a
// window around the first word searched for, split into parts with the searched words marked.
import { readContent } from '../../content/read';
import { contentText } from '../../content/text';

const WINDOW = 160;

export interface SnippetPart {
  text: string;
  matched: boolean;
}

/** The words of server HTML, read as a message's content is (nothing of it becomes DOM). */
export function plainText(html: string, server_url: string): string {
  return contentText(readContent(html, server_url).blocks);
}

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function snippet(text: string, words: readonly string[]): SnippetPart[] {
  const wanted = words.filter((word) => /[\p{L}\p{N}]/u.test(word));
  const pattern = wanted.length > 0 ? new RegExp(`(?<![\\p{L}\\p{N}])(${wanted.map(escape).join('|')})`, 'giu') : null;
  const first = pattern ? text.search(pattern) : -1;
  const start = first > WINDOW / 3 ? first - Math.floor(WINDOW / 3) : 0;
  const cut = `${start > 0 ? '…' : ''}${text.slice(start, start + WINDOW)}${text.length > start + WINDOW ? '…' : ''}`;
  if (!pattern) return [{ text: cut, matched: false }];
  return cut
    .split(pattern)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, matched: wanted.some((word) => part.toLowerCase() === word.toLowerCase()) }));
}
