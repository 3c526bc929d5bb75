// How views reach the active account's state: App makes one AccountState per active account and
// AccountScope gives it to the views beneath through Svelte context, as Svelte's own REPL hands its
// state down. A view asks for it while it is created; what it asks of it goes when it goes.
import { getContext, onDestroy, setContext } from 'svelte';
import type { MirrorChanges } from '../../../shared/mirror-changes';
import type { Concerns, Query } from '../lib/query.svelte';
import type { AccountState } from './account-state.svelte';

const KEY = Symbol('account');

export function setAccountState(state: AccountState): void {
  setContext(KEY, state);
}

/** The active account's state; only views under AccountScope have one. */
export function accountState(): AccountState {
  const state = accountStateIfAny();
  if (!state) throw new Error('accountState() is for views under AccountScope, while they are created');
  return state;
}

/** The context a view mounted on its own (a dialog over the window) is given, to reach the account as the others do. */
export function accountContext(state: AccountState): Map<unknown, unknown> {
  return new Map([[KEY, state]]);
}

/** The active account's state where there is one (the header shows with nobody signed in too). */
export function accountStateIfAny(): AccountState | undefined {
  return getContext(KEY);
}

/**
 * A query of the active account's, asked now (unless the view asks itself, `now: false`, when what
 * it reads depends on the view's own state), asked again at each change notice `concerns` says
 * is about it, and released when the view goes.
 */
export function useQuery<T>(read: () => Promise<T>, concerns?: Concerns, options: { now?: boolean } = {}): Query<T> {
  const query = accountState().query(read, concerns, options.now ?? true);
  onDestroy(() => query.release());
  return query;
}

/** Calls `listener` at each change notice that `concerns` the view, until the view goes. */
export function onChanges(concerns: Concerns, listener: (changes: MirrorChanges) => void): void {
  onDestroy(accountState().changes.on((changes) => concerns(changes) && listener(changes)));
}

export type { AccountState } from './account-state.svelte';
export type { Router } from './router.svelte';
export type { ZoneChoice } from './time-zone.svelte';
export type { UsersJob } from './picked-users.svelte';
export type { EditHolder } from './edits-in-progress';
export type { CustomEmojiImages } from './custom-emoji.svelte';
export { EDIT_LOST_NOTICE } from './edits-in-progress';
