// The combined feed: every message received, muted channels and topics left out; paged as a
// channel's feed is (online the server's `in:home` narrow, offline the mirror's) and brought up
// to date from the mirror with what a change notice named; with every message waiting in the outbox.
import type { ChannelPage } from '../../shared/ipc';
import { COMBINED_FEED_NARROW } from '../../shared/conversation';
import { feedPage } from '../app/feed-pages';
import { feedUpdate } from '../store/feeds';
import { UPDATE_NEWER } from './conversations';
import type { CoreContext } from './context';
import type { AreaHandlers } from './dispatch';

const COMBINED = { combined: true } as const;

export function combinedFeedHandlers(context: CoreContext): AreaHandlers<'combined.page' | 'combined.update'> {
  return {
    'combined.page': async (request): Promise<ChannelPage> => {
      const session = context.activeSession();
      const page = await feedPage(session, COMBINED, COMBINED_FEED_NARROW, request);
      return { ...page, pending: session.sendQueue.pendingEverywhere() };
    },
    'combined.update': ({ after, message_ids }) => {
      const session = context.activeSession();
      return { ...feedUpdate(session.db, COMBINED, after, message_ids, UPDATE_NEWER), pending: session.sendQueue.pendingEverywhere() };
    },
  };
}
