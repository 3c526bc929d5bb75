// Message search, and the Mentions and Starred views: the mirror's matches at once, and, online,
// the server's narrow (`search`, `is:mentioned`, `is:starred`) for what the mirror never cached;
// merged newest first, each labelled by its source.
import type { NarrowTerm } from '../../shared/api/records';
import { MENTION_FLAGS } from '../../shared/api/unread';
import type { SearchAnswer, SearchResult } from '../../shared/ipc';
import { isOffline } from '../api/failures';
import type { AccountSession } from '../app/session';
import type { StoredMessage } from '../store/messages';
import { flaggedMessages, searchCachedMessages } from '../store/search';
import type { CoreContext } from './context';
import type { AreaHandlers } from './dispatch';

/** The cached matches, with the server's own for the same narrow when it answers. */
async function withServer(session: AccountSession, cachedMatches: readonly StoredMessage[], narrow: NarrowTerm[], limit: number): Promise<SearchAnswer> {
  const cached: SearchResult[] = cachedMatches.map((found) => ({ ...found, source: 'cached' }));
  if (session.engine.status.state !== 'online') return { results: cached, server: 'offline' };
  let fromServer;
  try {
    fromServer = await session.client.call('getMessages', { anchor: 'newest', num_before: limit, num_after: 0, narrow });
  } catch (error) {
    if (isOffline(error)) return { results: cached, server: 'offline' };
    throw error;
  }
  const known = new Set(cached.map((found) => found.message.id));
  const onlyServer: SearchResult[] = fromServer.messages
    .filter((message) => !known.has(message.id))
    .map((message) => ({ message, flags: message.flags ?? [], source: 'server' }));
  const results = [...cached, ...onlyServer].sort((a, b) => b.message.id - a.message.id).slice(0, limit);
  return { results, server: 'answered' };
}

export function searchHandlers(context: CoreContext): AreaHandlers<'messages.search' | 'messages.flagged'> {
  return {
    'messages.search': ({ text, limit }) => {
      const session = context.activeSession();
      return withServer(session, searchCachedMessages(session.db, text, limit), [{ operator: 'search', operand: text }], limit);
    },
    'messages.flagged': ({ is, limit }) => {
      const session = context.activeSession();
      const flags = is === 'mentioned' ? [...MENTION_FLAGS] : ['starred'];
      return withServer(session, flaggedMessages(session.db, flags, limit), [{ operator: 'is', operand: is }], limit);
    },
  };
}
