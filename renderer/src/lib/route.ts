// Where the main pane is: a view (Inbox, Recent, Search, the Organization area…), one
// conversation or a channel's feed of all its topics (either opened at a message when `anchor` is given). The account's router
// (account/router.svelte.ts) moves between them.
import type { ConversationKey } from '../../../shared/conversation';

export type ViewId =
  | 'inbox'
  | 'recent'
  | 'combined'
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

export type Route = { view: ViewId } | { conversation: ConversationKey; anchor?: number } | { channel: number; anchor?: number };

export function sameRoute(a: Route, b: Route): boolean {
  if ('view' in a) return 'view' in b && a.view === b.view;
  if ('channel' in a) return 'channel' in b && a.channel === b.channel && a.anchor === b.anchor;
  return 'conversation' in b && a.conversation === b.conversation && a.anchor === b.anchor;
}
