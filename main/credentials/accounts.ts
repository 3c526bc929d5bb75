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

  async add(details: Omit<Account, 'account_id'>, apiKey: string): Promise<Account> {
    const account: Account = { ...details, account_id: accountIdFor(details.server_url, details.email) };
    // Key first: an account listed without its key would ask to sign in again, never leak.
    await this.#secrets.set(keychainAccount(account), apiKey);
    this.#registry.upsert(account);
    return account;
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
function keychainAccount(account: Account): string {
  return `${account.email} @ ${account.server_url}`;
}

export type { Account };
