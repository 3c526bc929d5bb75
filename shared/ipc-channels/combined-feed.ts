// The combined feed: every message received, channels and direct messages interleaved, newest at
// the bottom, muted channels and topics left out (the family's `in:home`); paged and brought up
// to date as a channel's feed is, offline from the mirror too; with every message waiting in the
// outbox.
import { z } from 'zod';
import type { ChannelPage, ChannelUpdate } from './channel-feed';
import { feedPage } from './conversations';
import { channel, id } from './define';

export const combinedFeedChannels = {
  'combined.page': channel<ChannelPage>()(z.object(feedPage)),
  'combined.update': channel<ChannelUpdate>()(z.object({ after: z.number().int().min(0), message_ids: z.array(id).max(1_000) })),
} as const;
