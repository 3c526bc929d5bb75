import { KeytarSecretStore } from './keytar-store';
import type { SecretStore } from './secret-store';
import { SessionSecretStore } from './session-store';

export const KEYCHAIN_SERVICE = 'team-chat-desktop';

export interface SecretStoreChoice {
  store: SecretStore;
  /** Why the OS keychain could not be used, in words for the user; null when it is used. */
  keychainUnavailable: string | null;
}

/** A locked keyring may wait for a prompt nobody answers; treat that as unavailable. */
const PROBE_TIMEOUT_MS = 5_000;

export async function openSecretStore(service = KEYCHAIN_SERVICE): Promise<SecretStoreChoice> {
  try {
    const imported = await import('keytar');
    const keytar = imported.default ?? imported;
    await withTimeout(keytar.findCredentials(service), PROBE_TIMEOUT_MS);
    return { store: new KeytarSecretStore(keytar, service), keychainUnavailable: null };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      store: new SessionSecretStore(),
      keychainUnavailable:
        `The system keychain is not available (${reason}). ` +
        'API keys will be kept for this session only and are never written to disk; you will need to enter them again after a restart.',
    };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer from the keychain within ${ms / 1000} s`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
