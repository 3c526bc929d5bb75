// Where the main pane is: a view (Inbox, Recent, Search, the Organization area…) or one
// conversation, opened at a message when `anchor` is given. The sidebar, notifications, search
// results and keyboard shortcuts all move the window through `go`; `back` returns to where the
// user was.
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

/** How many places `back` remembers. */
const HISTORY = 50;

class Router {
  current = $state<Route>({ view: 'inbox' });
  #history: Route[] = [];

  go(next: Route): void {
    if (sameRoute(next, this.current)) return;
    this.#history.push(this.current);
    if (this.#history.length > HISTORY) this.#history.shift();
    this.current = next;
  }

  back(): void {
    const previous = this.#history.pop();
    if (previous) this.current = previous;
  }

  /** After an account switch or sign-in: the new account starts at its Inbox. */
  reset(): void {
    this.#history = [];
    this.current = { view: 'inbox' };
  }
}

export function sameRoute(a: Route, b: Route): boolean {
  if ('view' in a) return 'view' in b && a.view === b.view;
  return 'conversation' in b && a.conversation === b.conversation && a.anchor === b.anchor;
}

export const router = new Router();
