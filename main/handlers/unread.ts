// The unread state and offline search, read from the active account's mirror.
import { searchCachedMessages } from '../store/search';
import { unreadCounts } from '../store/unread';
import type { CoreContext } from './context';
import type { AreaHandlers } from './dispatch';

export function unreadHandlers(context: CoreContext): AreaHandlers<'unread.counts' | 'messages.searchCached'> {
  return {
    'unread.counts': () => unreadCounts(context.activeSession().db),
    'messages.searchCached': ({ text, limit }) => searchCachedMessages(context.activeSession().db, text, limit),
  };
}
