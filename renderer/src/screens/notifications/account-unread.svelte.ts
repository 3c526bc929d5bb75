// Each signed-in account's unread total, for the account switcher: asked again when the unread
// state or the accounts change.
import { call, onMirrorChange, onNotice } from '../../lib/ipc';

class AccountUnread {
  totals = $state<Record<string, number | null>>({});

  constructor() {
    onMirrorChange(['unread', 'user_topics', 'subscriptions'], () => void this.refresh());
    onNotice('app.state', () => void this.refresh());
    void this.refresh();
  }

  async refresh(): Promise<void> {
    try {
      this.totals = Object.fromEntries((await call('accounts.unread', undefined)).map(({ account_id, unread }) => [account_id, unread]));
    } catch {
      this.totals = {};
    }
  }

  /** What the switcher adds to an account's label. */
  label(account_id: string): string {
    const unread = this.totals[account_id];
    return unread ? ` (${unread} unread)` : '';
  }
}

export const accountUnread = new AccountUnread();
