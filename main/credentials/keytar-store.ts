import type { SecretStore } from './secret-store';

type Keytar = Pick<typeof import('keytar'), 'getPassword' | 'setPassword' | 'deletePassword' | 'findCredentials'>;

/** The OS keychain (Secret Service, macOS Keychain, Windows Credential Vault) through keytar. */
export class KeytarSecretStore implements SecretStore {
  readonly persistent = true;

  constructor(
    private readonly keytar: Keytar,
    private readonly service: string,
  ) {}

  get(keychainAccount: string): Promise<string | null> {
    return this.keytar.getPassword(this.service, keychainAccount);
  }

  set(keychainAccount: string, secret: string): Promise<void> {
    return this.keytar.setPassword(this.service, keychainAccount, secret);
  }

  async delete(keychainAccount: string): Promise<void> {
    await this.keytar.deletePassword(this.service, keychainAccount);
  }
}
