// An account being signed in registers its first event queue as the check of its key: the
// server's answer names the user and the organization, so no other request stands between the
// click and the Inbox. The snapshot worker was made ready while the person typed (loading its
// modules costs more than a small organization's registration). If the server refuses the key,
// what the registration may have written goes with it.
import { serverBaseUrl } from '../api/server-url';
import { accountIdFor } from '../credentials/account-registry';
import type { SnapshotStep, SnapshotSummary } from '../sync/engine';
import type { RegisteredIdentity } from '../sync/registration-params';
import { WarmSnapshotWorker } from '../sync/worker-snapshot';

/** A warm worker nobody signed in with stops holding its memory after this long. */
const WARM_IDLE_MS = 5 * 60_000;

export interface FirstSync {
  /** The account's first snapshot, for its session: the one under way (stopped when the session stops it). */
  readonly step: SnapshotStep;
  /** Who the server's registration named (null: a server whose answer names nobody), once it answered; its refusal otherwise. */
  readonly registered: Promise<RegisteredIdentity | null>;
  /** The registration is in the mirror, or failed (the session's engine then registers again). Never rejects. */
  readonly written: Promise<void>;
  /** The sign-in failed: the registration stops, and a new account's local data goes. */
  cancel(): Promise<void>;
}

export interface SignInSyncOptions {
  mirrorPath(account_id: string): string;
  /** Whether the account is already signed in on this computer (its data then stays). */
  known(account_id: string): boolean;
  removeLocalData(account_id: string): void;
}

export class SignInSync {
  readonly #options: SignInSyncOptions;
  #warm: WarmSnapshotWorker | undefined;
  #idle: ReturnType<typeof setTimeout> | undefined;

  constructor(options: SignInSyncOptions) {
    this.#options = options;
  }

  /**
   * Someone is about to sign in (they asked for a server's organization): a worker gets ready, and
   * the way to the server too when they named it.
   */
  warmUp(server_url?: string): void {
    this.#warm ??= new WarmSnapshotWorker();
    if (server_url !== undefined) this.#warm.serverAhead(server_url);
    clearTimeout(this.#idle);
    this.#idle = setTimeout(() => this.dispose(), WARM_IDLE_MS);
    this.#idle.unref();
  }

  start(credentials: { server_url: string; email: string; api_key: string }): FirstSync {
    const server_url = serverBaseUrl(credentials.server_url);
    const account_id = accountIdFor(server_url, credentials.email);
    const worker = this.#warm ?? new WarmSnapshotWorker();
    this.#warm = undefined;
    clearTimeout(this.#idle);
    const known = this.#options.known(account_id);
    const stop = new AbortController();
    let summary!: Promise<SnapshotSummary>;
    const registered = new Promise<RegisteredIdentity | null>((resolve, reject) => {
      summary = worker.run(
        { serverUrl: server_url, email: credentials.email, apiKey: credentials.api_key, mirrorPath: this.#options.mirrorPath(account_id) },
        stop.signal,
        resolve,
      );
      // A failure after the answer is the session's to handle (it registers again); before it, the sign-in's.
      summary.catch(reject);
    });
    registered.catch(() => undefined);
    return {
      registered,
      written: summary.then(
        () => undefined,
        () => undefined,
      ),
      step: (signal) => {
        signal.addEventListener('abort', () => stop.abort(), { once: true });
        return summary;
      },
      cancel: async () => {
        stop.abort();
        await summary.catch(() => undefined);
        if (!known) this.#options.removeLocalData(account_id);
      },
    };
  }

  dispose(): void {
    clearTimeout(this.#idle);
    this.#warm?.dispose();
    this.#warm = undefined;
  }
}
