// The views of messages beyond one conversation or channel, as the family's clients have them:
// the combined feed (every message received, muted channels and topics left out), Mentions and
// Starred; each the server's narrow online, and the same rule over the mirror offline.
import type { NarrowTerm } from './api/records';

export const MESSAGE_VIEWS = ['combined', 'mentioned', 'starred'] as const;
export type MessageViewName = (typeof MESSAGE_VIEWS)[number];

/** The narrow a view is: the family's `in:home`, `is:mentioned`, `is:starred`. */
export function messageViewNarrow(view: MessageViewName): NarrowTerm[] {
  return view === 'combined' ? [{ operator: 'in', operand: 'home' }] : [{ operator: 'is', operand: view }];
}
