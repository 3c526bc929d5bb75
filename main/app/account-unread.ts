// Each signed-in account's unread total, for the account switcher: the active account's as its
// session counted it last; the others' kept in memory, each read from its mirror file once (at
// the first ask after the app starts, or as its session closed), never at every change.
import type { AccountUnread } from '../../shared/notifications';
import type { Account } from '../credentials/account-registry';
import { storedUnreadTotal } from '../store/account-unread';

export class AccountUnreadTotals {
  readonly #known = new Map<string, number | null>();
  readonly #mirrorPath: (account_id: string) => string;

  constructor(mirrorPath: (account_id: string) => string) {
    this.#mirrorPath = mirrorPath;
  }

  /** An account's total as its session last counted it. */
  set(account_id: string, total: number): void {
    this.#known.set(account_id, total);
  }

  list(accounts: readonly Account[], active: { account_id: string; total: number } | undefined): AccountUnread[] {
    for (const account_id of this.#known.keys()) if (!accounts.some((account) => account.account_id === account_id)) this.#known.delete(account_id);
    return accounts.map(({ account_id }) => {
      if (account_id === active?.account_id) return { account_id, unread: active.total };
      if (!this.#known.has(account_id)) this.#known.set(account_id, storedUnreadTotal(this.#mirrorPath(account_id)));
      return { account_id, unread: this.#known.get(account_id) ?? null };
    });
  }
}
