// Message search: the mirror's matches at once, and, online, the server's narrow for what the
// mirror never cached (main/app/message-search.ts).
import { searchMessages } from '../app/message-search';
import type { CoreContext } from './context';
import type { AreaHandlers } from './dispatch';

export function searchHandlers(context: CoreContext): AreaHandlers<'messages.search'> {
  return {
    'messages.search': ({ text, limit }) => searchMessages(context.activeSession(), text, limit),
  };
}
