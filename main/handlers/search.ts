// Message search: the mirror's FTS5 matches at once, and, online, the server's `search` narrow
// for what the mirror never cached; merged newest first, each labelled by its source.
import type { SearchAnswer, SearchResult } from '../../shared/ipc';
import { NetworkError, TimeoutError } from '../api/errors';
import { searchCachedMessages } from '../store/search';
import type { CoreContext } from './context';
import type { AreaHandlers } from './dispatch';

export function searchHandlers(context: CoreContext): AreaHandlers<'messages.search'> {
  return {
    'messages.search': async ({ text, limit }): Promise<SearchAnswer> => {
      const session = context.activeSession();
      const cached: SearchResult[] = searchCachedMessages(session.db, text, limit).map((found) => ({ ...found, source: 'cached' }));
      if (session.engine.status.state !== 'online') return { results: cached, server: 'offline' };
      let fromServer;
      try {
        fromServer = await session.client.call('getMessages', { anchor: 'newest', num_before: limit, num_after: 0, narrow: [{ operator: 'search', operand: text }] });
      } catch (error) {
        if (error instanceof NetworkError || error instanceof TimeoutError) return { results: cached, server: 'offline' };
        throw error;
      }
      const known = new Set(cached.map((found) => found.message.id));
      const onlyServer: SearchResult[] = fromServer.messages
        .filter((message) => !known.has(message.id))
        .map((message) => ({ message, flags: message.flags ?? [], source: 'server' }));
      const results = [...cached, ...onlyServer].sort((a, b) => b.message.id - a.message.id).slice(0, limit);
      return { results, server: 'answered' };
    },
  };
}
