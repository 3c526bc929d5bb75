// Do-not-disturb, where the user is looking (no notification for that conversation), and each
// account's unread count for the switcher.
import type { AccountUnreadTotals } from '../app/account-unread';
import type { DesktopAlerts } from '../app/desktop-alerts';
import type { CoreContext } from './context';
import type { AreaHandlers } from './dispatch';

export function notificationHandlers(
  context: CoreContext,
  alerts: DesktopAlerts,
  unreadTotals: AccountUnreadTotals,
): AreaHandlers<'notifications.settings' | 'notifications.setDoNotDisturb' | 'notifications.viewing' | 'accounts.unread'> {
  return {
    'notifications.settings': () => alerts.settings,
    'notifications.setDoNotDisturb': ({ do_not_disturb }) => alerts.setDoNotDisturb(do_not_disturb),
    'notifications.viewing': ({ conversation, channel, focused }) => {
      alerts.viewing = { conversation: conversation?.key ?? null, channel, focused };
      return null;
    },
    'accounts.unread': () => {
      const session = context.session();
      return unreadTotals.list(context.accounts.list(), session && { account_id: session.account.account_id, total: session.unread.counts().total });
    },
  };
}
