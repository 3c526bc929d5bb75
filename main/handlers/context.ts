import type { AppState, IpcNotice, IpcNotices } from '../../shared/ipc';
import type { PendingWork, SetAside } from '../../shared/local-data';
import type { Logger } from '../api/logger';
import type { SignInSync } from '../app/first-sync';
import type { AccountSession } from '../app/session';
import type { Accounts } from '../credentials/accounts';
import type { SnapshotStep } from '../sync/engine';

/** What the handlers of every area work with: the accounts, and the session of the active one. */
export interface CoreContext {
  accounts: Accounts;
  logger: Logger;
  fetch: typeof fetch;
  state(): AppState;
  /** Pushes a notice to the renderer, e.g. a bulk job's progress. */
  emit<N extends IpcNotice>(notice: N, payload: IpcNotices[N]): void;
  /**
   * Makes an account the active one (null: none), starting its session. Just signed in, the key
   * given is used (the keychain is not asked back for it) and the first snapshot may be under way.
   */
  activate(account_id: string | null, signedIn?: { apiKey: string; firstSnapshot: SnapshotStep | undefined }): Promise<void>;
  /** The first sync of an account being signed in, started early (snapshots in a worker only). */
  signInSync: SignInSync | undefined;
  /** The active account's session; a SIGNED_OUT error for the user when there is none. */
  activeSession(): AccountSession;
  session(): AccountSession | undefined;
  /** Stops the active session (its queue deleted) without choosing another account. */
  closeSession(): Promise<void>;
  /** The active account's mirror could not be opened: it is set aside, a new one made (carrying what it can) and synced. */
  setMirrorAside(account_id: string): Promise<SetAside & { state: AppState }>;
  /** What signing out of the account would delete. */
  pendingWork(account_id: string): PendingWork;
}
