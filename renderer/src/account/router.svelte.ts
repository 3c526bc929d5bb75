// The account's place in the window: the sidebar, notifications, search results and keyboard
// shortcuts all move it through `go`; `back` returns to where the user was. A new account (a
// switch, a sign-in) starts at its Inbox, with a history of its own.
import { sameRoute, type Route } from '../lib/route';

/** How many places `back` remembers. */
const HISTORY = 50;

export class Router {
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
}
