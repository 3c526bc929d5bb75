// Whether the app is online now, for disabling the actions that cannot wait in the outbox.
import type { SyncStatusView } from '../../../shared/sync-status';
import { call, onNotice } from './ipc';

export class Connection {
  status = $state<SyncStatusView['state']>('connecting');
  readonly online = $derived(this.status === 'online');

  /** Follows the sync status; returns the stop. */
  follow(): () => void {
    call('app.state', undefined).then(
      (state) => (this.status = state.status.state),
      () => undefined,
    );
    return onNotice('sync.status', (status) => (this.status = status.state));
  }
}

/** Why an action is disabled offline, shown next to it. */
export const OFFLINE_REASON = 'Needs the connection: the app is offline.';
