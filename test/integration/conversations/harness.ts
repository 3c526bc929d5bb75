// The messaging handlers on a real session against the simulator, without the app's core.
import { silentLogger } from '../../../main/api/logger';
import type { AccountSession } from '../../../main/app/session';
import type { CoreContext } from '../../../main/handlers/context';
import { conversationHandlers } from '../../../main/handlers/conversations';
import { snippetHandlers } from '../../../main/handlers/snippets';
import { topicHandlers } from '../../../main/handlers/topics';

export function messagingHandlers(session: AccountSession) {
  const context = {
    logger: silentLogger,
    activeSession: () => session,
    session: () => session,
  } as unknown as CoreContext;
  return { ...conversationHandlers(context), ...topicHandlers(context), ...snippetHandlers(context) };
}
