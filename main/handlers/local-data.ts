// The account's data on this computer: a mirror that could not be opened (retry, or set it aside
// and resync), and what signing out would delete.
import { UserFacingError } from '../app/user-facing-error';
import type { CoreContext } from './context';
import type { AreaHandlers } from './dispatch';

export function localDataHandlers(context: CoreContext): AreaHandlers<'mirror.retry' | 'mirror.setAside' | 'accounts.pending'> {
  return {
    'mirror.retry': async ({ account_id }) => {
      if (!context.accounts.get(account_id)) throw new UserFacingError('NO_SUCH_ACCOUNT', 'That account is not signed in on this computer.');
      await context.activate(account_id);
      return context.state();
    },
    'mirror.setAside': ({ account_id }) => context.setMirrorAside(account_id),
    'accounts.pending': ({ account_id }) => context.pendingWork(account_id),
  };
}
