// The server's max_message_length, as the compose fields count it (the same count as the spec's
// check in shared/api/checks.ts): shown near the limit, holding the send beyond it.
import { characterCount } from '../../../../shared/api/checks';

/** The count is shown from this share of the limit on. */
const SHOWN_FROM = 0.9;

export function overLimit(text: string, max: number | undefined): boolean {
  return max !== undefined && characterCount(text) > max;
}

/** What to say of the text's length: nothing while it is well within `max`. */
export function lengthNote(text: string, max: number | undefined): { count: number; over: boolean } | null {
  if (max === undefined) return null;
  const count = characterCount(text);
  return count >= max * SHOWN_FROM ? { count, over: count > max } : null;
}
