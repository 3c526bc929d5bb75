// The one copy of the sync status in the window: main owns the status and pushes it
// (`sync.status`); the app follows it once from start, and every part of the window (status bar,
// offline banner, the actions that cannot wait in the outbox) reads it from here.
import type { SyncStatusView } from '../../../shared/sync-status';
import { onNotice } from './ipc';

class ConnectionState {
  status = $state<SyncStatusView>({ state: 'connecting' });
  readonly online = $derived(this.status.state === 'online');

  /** Follows main's pushes from `initial` (the status app.state gave); returns the stop. App calls it once. */
  follow(initial: SyncStatusView): () => void {
    this.status = initial;
    return onNotice('sync.status', (status) => (this.status = status));
  }
}

export const connection = new ConnectionState();

/** Why an action is disabled offline, shown next to it. */
export const OFFLINE_REASON = 'Needs the connection: the app is offline.';
