// Marking a whole narrow read (or unread from a message on) takes several calls: the server bounds
// each range of a flag update over a narrow, and says with found_newest when the last one is done.
import { z } from 'zod';
import type { ParamsOf } from '../../shared/api/operations';
import type { NarrowTerm } from '../../shared/api/records';
import { checkedAnswer } from './checked-answer';
import type { CallOptions, ServiceClient } from './service-client';

/** Messages a range asks for; the server may bound it lower. */
const NARROW_RANGE = 5000;
const flagRangeSchema = z.looseObject({ updated_count: z.number().int(), last_processed_id: z.number().int().nullable(), found_newest: z.boolean() });

type FlagRange = Pick<ParamsOf<'updateMessageFlagsForNarrow'>, 'narrow' | 'op'> & { first: ParamsOf<'updateMessageFlagsForNarrow'>['anchor'] };

/** Sets or clears the read flag over a narrow from `first` to its newest message, range after range. */
async function flagNarrow(client: ServiceClient, request: FlagRange, options?: CallOptions): Promise<{ updated_count: number }> {
  let anchor = request.first;
  let include_anchor = true;
  let updated_count = 0;
  for (;;) {
    const answer: unknown = await client.call(
      'updateMessageFlagsForNarrow',
      { anchor, include_anchor, num_before: 0, num_after: NARROW_RANGE, narrow: request.narrow, op: request.op, flag: 'read' },
      options,
    );
    const range: z.infer<typeof flagRangeSchema> = checkedAnswer('POST /messages/flags/narrow', 'the range', flagRangeSchema, answer);
    updated_count += range.updated_count;
    if (range.found_newest || range.last_processed_id === null) return { updated_count };
    anchor = range.last_processed_id;
    include_anchor = false;
  }
}

/** Marks every message of `narrow` read, range after range from the oldest unread. */
export function markNarrowRead(client: ServiceClient, params: { narrow: NarrowTerm[] }, options?: CallOptions): Promise<{ updated_count: number }> {
  return flagNarrow(client, { narrow: [...params.narrow, { operator: 'is', operand: 'unread' }], op: 'add', first: 'first_unread' }, options);
}

/** Marks the messages of `narrow` unread from `anchor` (included) on: "Mark as unread from here". */
export function markNarrowUnreadFrom(client: ServiceClient, params: { narrow: NarrowTerm[]; anchor: number }, options?: CallOptions): Promise<{ updated_count: number }> {
  return flagNarrow(client, { narrow: params.narrow, op: 'remove', first: params.anchor }, options);
}
