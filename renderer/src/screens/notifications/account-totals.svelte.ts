// Each signed-in account's unread total, for the account switcher: main keeps the other accounts'
// (counted once, not at every change); they are asked for when the accounts or the active one
// change. The active account's own total is its state's, which every notice keeps current.
import { call } from '../../lib/ipc';

export class AccountTotals {
  totals = $state<Record<string, number | null>>({});

  async refresh(): Promise<void> {
    try {
      this.totals = Object.fromEntries((await call('accounts.unread', undefined)).map(({ account_id, unread }) => [account_id, unread]));
    } catch {
      this.totals = {};
    }
  }
}

/** What the switcher adds to an account's label. */
export function unreadLabel(unread: number | null | undefined): string {
  return unread ? ` (${unread} unread)` : '';
}
