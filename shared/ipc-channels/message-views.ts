// The views of messages beyond one conversation or channel (shared/message-views.ts): the combined
// feed, Mentions and Starred, paged and brought up to date as a channel's feed is, offline from
// the mirror too; with every message waiting in the outbox.
import { z } from 'zod';
import { MESSAGE_VIEWS } from '../message-views';
import type { ChannelPage, ChannelUpdate } from './channel-feed';
import { feedPage } from './conversations';
import { channel, id } from './define';

const view = z.enum(MESSAGE_VIEWS);

export const messageViewChannels = {
  'messageView.page': channel<ChannelPage>()(z.object({ view, ...feedPage })),
  'messageView.update': channel<ChannelUpdate>()(z.object({ view, after: z.number().int().min(0), message_ids: z.array(id).max(1_000) })),
} as const;
