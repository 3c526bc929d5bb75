// The messaging handlers on a real session against the simulator, without the app's core.
import { silentLogger } from '../../../main/api/logger';
import type { AccountSession } from '../../../main/app/session';
import type { CoreContext } from '../../../main/handlers/context';
import { channelFeedHandlers } from '../../../main/handlers/channel-feed';
import { messageViewHandlers } from '../../../main/handlers/message-views';
import { conversationHandlers } from '../../../main/handlers/conversations';
import { draftHandlers } from '../../../main/handlers/drafts';
import { outboxHandlers } from '../../../main/handlers/outbox';
import { schedulingHandlers } from '../../../main/handlers/scheduling';
import { sendQueueHandlers } from '../../../main/handlers/send-queue';
import { snippetHandlers } from '../../../main/handlers/snippets';
import { topicHandlers } from '../../../main/handlers/topics';
import { asCalled } from '../../support/ipc-calls';

/** Called as the renderer calls them, through each channel's schema. */
export function messagingHandlers(session: AccountSession) {
  const context = {
    logger: silentLogger,
    activeSession: () => session,
    session: () => session,
  } as unknown as CoreContext;
  return asCalled({
    ...conversationHandlers(context),
    ...channelFeedHandlers(context),
    ...messageViewHandlers(context),
    ...topicHandlers(context),
    ...snippetHandlers(context),
    ...draftHandlers(context),
    ...sendQueueHandlers(context),
    ...outboxHandlers(context),
    ...schedulingHandlers(context),
  });
}
