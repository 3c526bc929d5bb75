// What signing out would delete, in words: one line per kind (counted), with the first few items
// named, so the confirmation says what is lost before anything is.
import type { PendingItem, PendingWork } from '../../../../shared/local-data';

/** How many items of a kind are named; the rest are counted. */
const NAMED = 5;

export interface PendingLine {
  /** "2 unsent messages", "1 draft"… */
  heading: string;
  /** The first few: conversation (or file) and the start of the text. */
  items: string[];
  /** How many more there are than those named. */
  more: number;
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function line(items: PendingItem[], one: string, many: string): PendingLine[] {
  if (items.length === 0) return [];
  const named = items.slice(0, NAMED).map(({ title, preview }) => (preview ? `${title}: “${preview}”` : title));
  return [{ heading: count(items.length, one, many), items: named, more: items.length - named.length }];
}

/** The lines of what waits; empty when nothing does. */
export function pendingLines(work: PendingWork): PendingLine[] {
  return [
    ...line(work.messages, 'unsent message', 'unsent messages'),
    ...line(work.drafts, 'draft', 'drafts'),
    ...line(work.uploads, 'file staged for sending', 'files staged for sending'),
    ...(work.actions > 0
      ? [{ heading: `${count(work.actions, 'other action', 'other actions')} waiting for the connection (reactions, flags, scheduled messages…)`, items: [], more: 0 }]
      : []),
  ];
}
