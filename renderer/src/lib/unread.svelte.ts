// The active account's unread counts as every part of the window sees them (the title, and the
// views that list conversations): one copy, refreshed when main says the unread state changed.
import type { UnreadCounts } from '../../../shared/ipc';
import { call, onMirrorChange } from './ipc';

const NONE: UnreadCounts = { conversations: [], total: 0, mentions: 0 };

class UnreadState {
  counts = $state<UnreadCounts>(NONE);
  #users = 0;
  #stop: (() => void) | undefined;

  async refresh(): Promise<void> {
    try {
      this.counts = await call('unread.counts', undefined);
    } catch {
      // No account is active (or it is closing): nothing is unread that the window could show.
      this.counts = NONE;
    }
  }

  /** Starts following the counts while at least one component shows them; returns the release. */
  use(): () => void {
    if (this.#users++ === 0) {
      this.#stop = onMirrorChange(['unread', 'user_topics', 'subscriptions'], () => void this.refresh());
      void this.refresh();
    }
    return () => {
      if (--this.#users === 0) this.#stop?.();
    };
  }
}

export const unread = new UnreadState();

/** The window's title: the organization, after the count of unread messages that are not muted. */
export function windowTitle(organization: string | undefined, total: number): string {
  const name = organization ?? 'Team Chat';
  return total > 0 ? `(${total}) ${name}` : name;
}
