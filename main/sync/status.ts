// The sync status the UI shows at all times.
export type SyncStatus =
  | { state: 'connecting' }
  | { state: 'online' }
  /** Waiting to retry: when, and why (the last failure, in words). */
  | { state: 'offline'; next_retry_at: number; reason: string }
  /** The server refused the API key: nothing more is tried until the user signs in again. */
  | { state: 'key_rejected'; message: string }
  | { state: 'stopped' };
