// The outbox as every screen sees it: one list, refreshed when main says the outbox changed,
// so each item shown pending or refused in place reads from the same copy.
import type { OutboxItemView } from '../../../shared/ipc';
import { call, onMirrorChange } from './ipc';

class OutboxState {
  items = $state<OutboxItemView[]>([]);
  error = $state<string | null>(null);
  #users = 0;
  #stop: (() => void) | undefined;

  /** Items about one mirrored record (e.g. `saved_snippets:7`), oldest first. */
  about(record_key: string): OutboxItemView[] {
    return this.items.filter((item) => item.record_key === record_key);
  }

  async refresh(): Promise<void> {
    try {
      this.items = await call('outbox.list', undefined);
      this.error = null;
    } catch (e) {
      this.error = (e as Error).message;
    }
  }

  /** Starts following the outbox while at least one component shows it; returns the release. */
  use(): () => void {
    if (this.#users++ === 0) {
      this.#stop = onMirrorChange(['outbox'], () => void this.refresh());
      void this.refresh();
    }
    return () => {
      if (--this.#users === 0) this.#stop?.();
    };
  }
}

export const outbox = new OutboxState();
