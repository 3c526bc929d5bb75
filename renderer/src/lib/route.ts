// Where the main pane is: a view (Inbox, Recent, Search, the Organization area…), one
// conversation (opened at a message when `anchor` is given), or a channel's feed of all its topics. The account's router
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

export type Route = { view: ViewId } | { conversation: ConversationKey; anchor?: number } | { channel: number };

export function sameRoute(a: Route, b: Route): boolean {
  if ('view' in a) return 'view' in b && a.view === b.view;
  if ('channel' in a) return 'channel' in b && a.channel === b.channel;
  return 'conversation' in b && a.conversation === b.conversation && a.anchor === b.anchor;
}
