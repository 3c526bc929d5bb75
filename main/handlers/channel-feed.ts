// A channel's feed (the channel view): the channel it shows, subscribed to or not; every topic of
// it, paged as a conversation is (online the server's narrow `channel:ID`, offline the mirror's)
// and brought up to date from the mirror with what a change notice named; with the messages
// waiting for any of its topics.
import type { ChannelPage } from '../../shared/ipc';
import { feedPage } from '../app/feed-pages';
import { channelAbout, mayAdministerChannel } from '../store/channels';
import { feedUpdate } from '../store/feeds';
import { UPDATE_NEWER } from './conversations';
import type { CoreContext } from './context';
import type { AreaHandlers } from './dispatch';

export function channelFeedHandlers(context: CoreContext): AreaHandlers<'channel.about' | 'channel.page' | 'channel.update'> {
  return {
    'channel.about': ({ stream_id }) => {
      const session = context.activeSession();
      const about = channelAbout(session.db, stream_id, session.client.featureLevel ?? null);
      if (!about) return null;
      return { ...about, may_administer: mayAdministerChannel(session.db, stream_id, { user_id: session.account.user_id, is_administrator: session.isAdministrator() }) };
    },
    'channel.page': async ({ stream_id, ...request }): Promise<ChannelPage> => {
      const session = context.activeSession();
      const page = await feedPage(session, { stream_id }, [{ operator: 'channel', operand: stream_id }], request);
      return { ...page, pending: session.sendQueue.pendingInChannel(stream_id) };
    },
    'channel.update': ({ stream_id, after, message_ids }) => {
      const session = context.activeSession();
      return { ...feedUpdate(session.db, { stream_id }, after, message_ids, UPDATE_NEWER), pending: session.sendQueue.pendingInChannel(stream_id) };
    },
  };
}
