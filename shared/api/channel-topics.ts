// A channel's topic history as the family's servers list it (`GET /users/me/{stream_id}/topics`,
// not in the spec): each topic the user can read, once whatever its case, with its newest message.
import { z } from 'zod';
import { recordId } from './record-schemas';

export interface ChannelTopic {
  name: string;
  max_id: number;
}

export const channelTopicSchema = z.looseObject({ name: z.string(), max_id: recordId });
