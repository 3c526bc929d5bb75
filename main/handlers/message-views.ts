// The views of messages (the combined feed, Mentions, Starred): paged as a channel's feed is
// (online the server's narrow, offline the mirror's same rule) and brought up to date from the
// mirror with what a change notice named; with every message waiting in the outbox.
import type { ChannelPage } from '../../shared/ipc';
import { messageViewNarrow } from '../../shared/message-views';
import { feedPage } from '../app/feed-pages';
import { feedUpdate } from '../store/feeds';
import { UPDATE_NEWER } from './conversations';
import type { CoreContext } from './context';
import type { AreaHandlers } from './dispatch';

export function messageViewHandlers(context: CoreContext): AreaHandlers<'messageView.page' | 'messageView.update'> {
  return {
    'messageView.page': async ({ view, ...request }): Promise<ChannelPage> => {
      const session = context.activeSession();
      const page = await feedPage(session, { view }, messageViewNarrow(view), request);
      return { ...page, pending: session.sendQueue.pendingEverywhere() };
    },
    'messageView.update': ({ view, after, message_ids }) => {
      const session = context.activeSession();
      return { ...feedUpdate(session.db, { view }, after, message_ids, UPDATE_NEWER), pending: session.sendQueue.pendingEverywhere() };
    },
  };
}
