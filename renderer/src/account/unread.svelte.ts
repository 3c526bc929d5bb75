// The account's unread counts: per conversation (the sidebar), read again when a notice says the
// unread state or the mutes changed; the totals (the title, the header, the switcher) taken from
// the notice itself, where main counted them once.
import type { UnreadCounts } from '../../../shared/ipc';
import type { UnreadTotals } from '../../../shared/mirror-changes';
import { call } from '../lib/ipc';
import { Query, touching } from '../lib/query.svelte';
import type { ChangeStream } from './changes';

const affectsCounts = touching('unread', 'user_topics', 'subscriptions');

export class AccountUnread {
  readonly counts = new Query<UnreadCounts>(() => call('unread.counts', undefined));
  totals = $state<UnreadTotals>({ total: 0, mentions: 0 });

  constructor(changes: ChangeStream) {
    this.counts.onRelease(
      changes.on((notice) => {
        if (notice.unread) this.totals = notice.unread;
        if (affectsCounts(notice)) void this.refresh();
      }),
    );
    void this.refresh();
  }

  async refresh(): Promise<void> {
    await this.counts.refresh();
    const counts = this.counts.value;
    if (counts) this.totals = { total: counts.total, mentions: counts.mentions };
  }

  dispose(): void {
    this.counts.release();
  }
}
