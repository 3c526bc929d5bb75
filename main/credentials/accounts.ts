import { type Account, AccountRegistry, accountIdFor } from './account-registry';
import type { SecretStore } from './secret-store';

export interface AccountsOptions {
  registryFile: string;
  secrets: SecretStore;
  /** Deletes everything stored locally for an account (its mirror database); owned by main/store. */
  deleteLocalData: (account: Account) => Promise<void> | void;
}

/**
 * Accounts side by side (several organizations). The API key goes to the SecretStore and
 * nowhere else; callers get it back only through `apiKey`, for building a client.
 */
export class Accounts {
  readonly #registry: AccountRegistry;
  readonly #secrets: SecretStore;
  readonly #deleteLocalData: AccountsOptions['deleteLocalData'];

  constructor(options: AccountsOptions) {
    this.#registry = new AccountRegistry(options.registryFile);
    this.#secrets = options.secrets;
    this.#deleteLocalData = options.deleteLocalData;
  }

  /** False when keys last only for this session (no keychain on this machine). */
  get keysPersist(): boolean {
    return this.#secrets.persistent;
  }

  list(): Account[] {
    return this.#registry.list();
  }

  get(account_id: string): Account | undefined {
    return this.#registry.get(account_id);
  }

  /** The organization was renamed on its server: the account list says so. Whether anything changed. */
  renameOrganization(account_id: string, realm_name: string): boolean {
    const account = this.#registry.get(account_id);
    if (!account || account.realm_name === realm_name) return false;
    this.#registry.upsert({ ...account, realm_name });
    return true;
  }

  /**
   * `keySaved`: the key went to the keychain already, while the server checked it (`keyAhead`).
   */
  async add(details: Omit<Account, 'account_id'>, apiKey: string, keySaved?: Promise<void>): Promise<Account> {
    const account: Account = { ...details, account_id: accountIdFor(details.server_url, details.email) };
    // Key first: an account listed without its key would ask to sign in again, never leak.
    await (keySaved ?? this.#secrets.set(keychainAccount(account), apiKey));
    this.#registry.upsert(account);
    return account;
  }

  /**
   * Signing in an account new to this computer: its key is written while the server checks it (a
   * keychain write costs about as much as the check), and withdrawn if the server refuses it. The
   * account is listed only by `add`. An account signed in already keeps its key until a new one
   * is accepted: undefined then.
   */
  keyAhead(server_url: string, email: string, apiKey: string): { saved: Promise<void>; withdraw(): Promise<void> } | undefined {
    if (this.#registry.get(accountIdFor(server_url, email))) return undefined;
    const label = keychainAccount({ server_url, email });
    const saved = this.#secrets.set(label, apiKey);
    // Its failure is add's to report (it awaits the write), or nobody's once the sign-in failed.
    saved.catch(() => undefined);
    return {
      saved,
      withdraw: async () => {
        await saved.catch(() => undefined);
        await this.#secrets.delete(label);
      },
    };
  }

  async apiKey(account_id: string): Promise<string | null> {
    const account = this.#registry.get(account_id);
    return account ? this.#secrets.get(keychainAccount(account)) : null;
  }

  /** Sign-out: the key, the account entry and its local data all go. */
  async remove(account_id: string): Promise<void> {
    const account = this.#registry.get(account_id);
    if (!account) return;
    await this.#secrets.delete(keychainAccount(account));
    this.#registry.remove(account_id);
    await this.#deleteLocalData(account);
  }
}

/** How the account is labelled in the OS keychain, readable by the user in its key manager. */
function keychainAccount(account: Pick<Account, 'email' | 'server_url'>): string {
  return `${account.email} @ ${account.server_url}`;
}

export type { Account };
