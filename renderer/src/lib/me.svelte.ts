// The signed-in user as main reads them from the mirror (role, time zone): one copy for the
// sidebar (which areas the role may use) and every time shown (the profile's time zone).
import type { MeView } from '../../../shared/ipc';
import { ROLES } from '../../../shared/api/limits';
import { call, onMirrorChange } from './ipc';

class MeState {
  current = $state<MeView | null>(null);
  /** Owners and administrators; false while the role is not known yet. */
  readonly isAdministrator = $derived(this.current?.role != null && this.current.role <= ROLES.administrator);
  #users = 0;
  #stop: (() => void) | undefined;

  async refresh(): Promise<void> {
    try {
      this.current = await call('me.get', undefined);
    } catch {
      // No account is active (or it is closing): nobody is signed in to describe.
      this.current = null;
    }
  }

  /** Follows the user's record while at least one component needs it; returns the release. */
  use(): () => void {
    if (this.#users++ === 0) {
      // The role and time zone arrive with the first registration, or change later.
      this.#stop = onMirrorChange(['realm', 'users'], () => void this.refresh());
      void this.refresh();
    }
    return () => {
      if (--this.#users === 0) this.#stop?.();
    };
  }
}

export const me = new MeState();
