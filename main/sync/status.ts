import type { SyncStatusView } from '../../shared/sync-status';

/** The engine's own states (signed_out belongs to the app, not to a running engine). */
export type SyncStatus = Exclude<SyncStatusView, { state: 'signed_out' }>;
