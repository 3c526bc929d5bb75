import type { SecretStore } from './secret-store';

/**
 * Keys held in this process's memory only, for machines without a keychain: the user is
 * told, and the key is never written to disk as a fallback.
 */
export class SessionSecretStore implements SecretStore {
  readonly persistent = false;
  readonly #secrets = new Map<string, string>();

  async get(keychainAccount: string): Promise<string | null> {
    return this.#secrets.get(keychainAccount) ?? null;
  }

  async set(keychainAccount: string, secret: string): Promise<void> {
    this.#secrets.set(keychainAccount, secret);
  }

  async delete(keychainAccount: string): Promise<void> {
    this.#secrets.delete(keychainAccount);
  }
}
