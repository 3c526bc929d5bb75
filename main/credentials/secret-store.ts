/**
 * Where API keys live. Only main/credentials knows which backend implements it
 * (keytar's upstream is archived, so the backend must stay replaceable).
 */
export interface SecretStore {
  /** False for the session-only store: its keys are gone when the app quits. */
  readonly persistent: boolean;
  get(keychainAccount: string): Promise<string | null>;
  set(keychainAccount: string, secret: string): Promise<void>;
  delete(keychainAccount: string): Promise<void>;
}
