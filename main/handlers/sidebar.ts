// The sidebar's channel tree, a channel's topics and the direct conversations, from the active
// account's mirror; a channel's topics read online bring its server's topic history the first time.
import { subscribedChannelTree } from '../store/channels';
import { channelTopics, directConversations } from '../store/conversations';
import type { CoreContext } from './context';
import type { AreaHandlers } from './dispatch';

export function sidebarHandlers(context: CoreContext): AreaHandlers<'sidebar.channels' | 'sidebar.topics' | 'sidebar.directs'> {
  return {
    'sidebar.channels': () => {
      const { db, client } = context.activeSession();
      return subscribedChannelTree(db, client.featureLevel ?? null);
    },
    'sidebar.topics': ({ stream_id, limit }) => {
      const session = context.activeSession();
      session.topicHistory.ensure(stream_id);
      return channelTopics(session.db, stream_id, limit);
    },
    'sidebar.directs': ({ limit }) => {
      const session = context.activeSession();
      return directConversations(session.db, session.account.user_id, limit);
    },
  };
}
