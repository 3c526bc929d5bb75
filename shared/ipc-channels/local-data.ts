// The app's data on this computer: an account's mirror that cannot be opened (retry, or set it
// aside and resync), and what signing out would delete.
import { z } from 'zod';
import type { PendingWork, SetAside } from '../local-data';
import type { AppState } from './app';
import { accountId, channel } from './define';

const accountArg = z.object({ account_id: accountId });

export const localDataChannels = {
  /** Tries to open the account's mirror again (made the active account). */
  'mirror.retry': channel<AppState>()(accountArg),
  /** Renames the account's mirror beside itself, carries its outbox and drafts into a new one when it can, and syncs. */
  'mirror.setAside': channel<SetAside & { state: AppState }>()(accountArg),
  /** What signing out of the account would delete: unsent messages, drafts, staged files, waiting actions. */
  'accounts.pending': channel<PendingWork>()(accountArg),
} as const;
