// Accounts, the organization behind a server URL, sync status, security reports.
import { ServiceError } from '../api/errors';
import { ServiceClient } from '../api/service-client';
import { serverInfo } from '../app/server-info';
import type { CoreContext } from './context';
import { UserFacingError, type AreaHandlers } from './dispatch';

export function accountHandlers(context: CoreContext): AreaHandlers<'app.state' | 'server.info' | 'accounts.signIn' | 'accounts.switch' | 'accounts.signOut' | 'sync.retryNow' | 'security.cspViolation'> {
  const { accounts, logger } = context;
  return {
    'app.state': () => context.state(),
    'server.info': ({ server_url }) => serverInfo(server_url, context.fetch),
    'accounts.signIn': async ({ server_url, email, api_key }) => {
      const client = new ServiceClient({ serverUrl: server_url, email, apiKey: api_key, logger, fetch: context.fetch });
      const settings = await client.call('getServerSettings', {});
      let user_id: number;
      try {
        user_id = (await client.call('getUserByEmail', { email })).user.user_id;
      } catch (error) {
        if (error instanceof ServiceError && error.status === 401) {
          throw new UserFacingError('KEY_REJECTED', `The server did not accept this email and API key: ${error.msg}`);
        }
        throw error;
      }
      const account = await accounts.add(
        { server_url: client.apiRoot.replace(/\/api\/v1$/, ''), email, user_id, realm_name: settings.realm_name ?? server_url },
        api_key,
      );
      await context.activate(account.account_id);
      return account;
    },
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
