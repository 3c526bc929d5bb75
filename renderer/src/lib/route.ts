// Where the main pane is: a view (Inbox, Recent, Search, the Organization area…) or one
// conversation, opened at a message when `anchor` is given. The account's router
// (account/router.svelte.ts) moves between them.
import type { ConversationKey } from '../../../shared/conversation';

export type ViewId =
  | 'inbox'
  | 'recent'
  | 'mentions'
  | 'starred'
  | 'scheduled'
  | 'drafts'
  | 'outbox'
  | 'search'
  | 'channels'
  | 'users'
  | 'organization'
  | 'settings';

export type Route = { view: ViewId } | { conversation: ConversationKey; anchor?: number };

export function sameRoute(a: Route, b: Route): boolean {
  if ('view' in a) return 'view' in b && a.view === b.view;
  return 'conversation' in b && a.conversation === b.conversation && a.anchor === b.anchor;
}
