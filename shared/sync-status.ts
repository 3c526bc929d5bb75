// The sync status as the UI shows it at all times.
export type SyncStatusView =
  | { state: 'signed_out' }
  | { state: 'connecting' }
  | { state: 'online' }
  /** Waiting to retry: when (epoch ms), and why (the last failure, in words). */
  | { state: 'offline'; next_retry_at: number; reason: string }
  /** The server refused the API key: nothing more is tried until the user signs in again. */
  | { state: 'key_rejected'; message: string }
  /** The disk refused the mirror's writes (full, read-only): sync waits until it takes them again, and says why. */
  | { state: 'disk'; message: string }
  | { state: 'stopped' };
