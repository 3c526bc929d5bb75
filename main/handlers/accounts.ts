// Accounts, the organization behind a server URL, sync status, security reports.
import { serverInfo } from '../app/server-info';
import { signIn } from '../app/sign-in';
import type { CoreContext } from './context';
import { type AreaHandlers } from './dispatch';
import { UserFacingError } from '../app/user-facing-error';

export function accountHandlers(context: CoreContext): AreaHandlers<'app.state' | 'server.info' | 'accounts.signIn' | 'accounts.switch' | 'accounts.signOut' | 'sync.retryNow' | 'security.cspViolation'> {
  const { accounts, logger } = context;
  return {
    'app.state': () => context.state(),
    'server.info': ({ server_url }) => {
      // The sign-in card is up: the first sync gets ready while the person types the key.
      context.signInSync?.warmUp(server_url);
      return serverInfo(server_url, context.fetch);
    },
    'accounts.signIn': (credentials) => signIn(credentials, { accounts, firstSync: context.signInSync, activate: context.activate, logger, fetch: context.fetch }),
    'accounts.switch': async ({ account_id }) => {
      if (!accounts.get(account_id)) throw new UserFacingError('NO_SUCH_ACCOUNT', 'That account is not signed in on this computer.');
      await context.activate(account_id);
      return context.state();
    },
    'accounts.signOut': async ({ account_id }) => {
      const active = context.state().active_account_id;
      if (active === account_id) await context.closeSession();
      await accounts.remove(account_id);
      await context.activate(active === account_id ? (accounts.list()[0]?.account_id ?? null) : active);
      return context.state();
    },
    'sync.retryNow': () => {
      context.session()?.engine.wake();
      return null;
    },
    'security.cspViolation': (report) => {
      logger.warn('the renderer blocked content under its security policy', report);
      return null;
    },
  };
}
