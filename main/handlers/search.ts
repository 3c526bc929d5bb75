// Message search, and the Mentions and Starred views: the mirror's matches at once, and, online,
// the server's narrow for what the mirror never cached (main/app/message-search.ts).
import { MENTION_FLAGS } from '../../shared/api/unread';
import { flaggedWithServer, searchMessages } from '../app/message-search';
import { flaggedMessages } from '../store/search';
import type { CoreContext } from './context';
import type { AreaHandlers } from './dispatch';

export function searchHandlers(context: CoreContext): AreaHandlers<'messages.search' | 'messages.flagged'> {
  return {
    'messages.search': ({ text, limit }) => searchMessages(context.activeSession(), text, limit),
    'messages.flagged': ({ is, limit }) => {
      const session = context.activeSession();
      const flags = is === 'mentioned' ? [...MENTION_FLAGS] : ['starred'];
      return flaggedWithServer(session, flaggedMessages(session.db, flags, limit), is, limit);
    },
  };
}
