// What to fetch again after events that could not be applied: their record kinds must not stay
// wrong until the next registration.
import { z } from 'zod';

/** Events about messages: a registration does not carry messages, so those are refetched by id. */
const MESSAGE_EVENTS = new Set(['message', 'update_message', 'delete_message', 'update_message_flags', 'reaction', 'submessage']);
/** Events that leave nothing in the mirror. */
const TRANSIENT_EVENTS = new Set(['typing', 'heartbeat']);

export interface Repair {
  /** A snapshot kind was touched: register again (the new snapshot replaces those tables). */
  register: boolean;
  /** Messages named by message events, to refetch. */
  message_ids: number[];
  /** A message event named none it could be read for: the newest messages are refetched. */
  newest: boolean;
}

const anyObject = z.record(z.string(), z.unknown());

export function repairFor(events: readonly unknown[]): Repair {
  const repair: Repair = { register: false, message_ids: [], newest: false };
  for (const event of events) {
    // These events failed their checks, so nothing of them is assumed but that they may be objects.
    const fields = anyObject.safeParse(event).data ?? {};
    const type = typeof fields.type === 'string' ? fields.type : '';
    if (TRANSIENT_EVENTS.has(type)) continue;
    if (!MESSAGE_EVENTS.has(type)) {
      repair.register = true;
      continue;
    }
    const ids = namedMessageIds(fields);
    if (ids.length === 0) repair.newest = true;
    repair.message_ids.push(...ids);
  }
  repair.message_ids = [...new Set(repair.message_ids)];
  return repair;
}

function namedMessageIds(fields: Record<string, unknown>): number[] {
  const message = anyObject.safeParse(fields.message).data;
  const candidates = [fields.message_id, message?.id, fields.message_ids, fields.messages].flat();
  return candidates.filter((id): id is number => typeof id === 'number' && Number.isInteger(id));
}
