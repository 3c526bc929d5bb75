// Marking a whole narrow read takes several calls: the server bounds each range of a flag update
// over a narrow, and says with found_newest when the last one is done.
import { z } from 'zod';
import type { ParamsOf } from '../../shared/api/operations';
import type { NarrowTerm } from '../../shared/api/records';
import { checkedAnswer } from './checked-answer';
import type { CallOptions, ServiceClient } from './service-client';

/** Messages a range asks for; the server may bound it lower. */
const NARROW_RANGE = 5000;
const flagRangeSchema = z.looseObject({ updated_count: z.number().int(), last_processed_id: z.number().int().nullable(), found_newest: z.boolean() });

/** Marks every message of `narrow` read, range after range from the oldest unread. */
export async function markNarrowRead(client: ServiceClient, params: { narrow: NarrowTerm[] }, options?: CallOptions): Promise<{ updated_count: number }> {
  const narrow = [...params.narrow, { operator: 'is', operand: 'unread' }];
  let anchor: ParamsOf<'updateMessageFlagsForNarrow'>['anchor'] = 'first_unread';
  let updated_count = 0;
  for (;;) {
    const answer: unknown = await client.call(
      'updateMessageFlagsForNarrow',
      { anchor, include_anchor: anchor === 'first_unread', num_before: 0, num_after: NARROW_RANGE, narrow, op: 'add', flag: 'read' },
      options,
    );
    const range: z.infer<typeof flagRangeSchema> = checkedAnswer('POST /messages/flags/narrow', 'the range', flagRangeSchema, answer);
    updated_count += range.updated_count;
    if (range.found_newest || range.last_processed_id === null) return { updated_count };
    anchor = range.last_processed_id;
  }
}
