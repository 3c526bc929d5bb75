// Recent conversations, from the mirror (offline too).
import { recentConversations } from '../store/conversations';
import type { CoreContext } from './context';
import type { AreaHandlers } from './dispatch';

export function recentHandlers(context: CoreContext): AreaHandlers<'recent.list'> {
  return {
    'recent.list': (args) => {
      const session = context.activeSession();
      return recentConversations(session.db, session.account.user_id, args);
    },
  };
}
