// A message's edit history as the server sends it (the reference's GET /messages/{id}/history, not
// shown in the spec), checked before the app relies on it.
import { z } from 'zod';
import type { MessageHistoryEntry } from './operations';

export const messageHistorySchema: z.ZodType<MessageHistoryEntry[]> = z.array(
  z.looseObject({
    user_id: z.number().int().nullable(),
    timestamp: z.number(),
    topic: z.string(),
    content: z.string().exactOptional(),
    rendered_content: z.string().nullable().exactOptional(),
    prev_topic: z.string().exactOptional(),
    prev_content: z.string().exactOptional(),
    stream: z.number().int().exactOptional(),
    prev_stream: z.number().int().exactOptional(),
  }),
);
