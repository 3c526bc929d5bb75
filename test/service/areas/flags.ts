// Personal message flags: read, starred and collapsed can be changed; the others are the server's.
// Changed by message IDs, over a range of a narrow, or (read only, deprecated) all at once.
import { canSeeMessage, isSubscribed } from '../access';
import type { Sim } from '../context';
import type { MessageRow, UserRow } from '../db/rows';
import type { ServiceEvent } from '../events/queues';
import { badRequest, missingArgument } from '../http/errors';
import type { Params } from '../http/params';
import type { Route } from '../http/router';
import { MAX_MESSAGES, resolveAnchor, selectRange } from '../messaging/range';
import { FLAG, type FlagName } from '../records/message';

const CHANGEABLE: readonly FlagName[] = ['read', 'starred', 'collapsed'];
const SERVER_ONLY = new Set(['mentioned', 'stream_wildcard_mentioned', 'topic_wildcard_mentioned', 'wildcard_mentioned', 'has_alert_word', 'historical']);

interface FlagChange {
  op: 'add' | 'remove';
  flag: FlagName;
}

function flagChange(params: Params): FlagChange {
  const op = params.requiredString('op');
  const flagName = params.requiredString('flag');
  if (op !== 'add' && op !== 'remove') throw badRequest(`Invalid message flag operation: '${op}'`);
  const flag = CHANGEABLE.find((name) => name === flagName);
  if (flag === undefined) {
    throw badRequest(SERVER_ONLY.has(flagName) ? `Flag not editable: '${flagName}'` : `Invalid flag: '${flagName}'`);
  }
  return { op, flag };
}

interface Outcome {
  changed: number[];
  skippedChannels: number[];
}

/** Applies the change to the user's rows in one transaction and tells the user's queues what changed. */
export function changeFlags(sim: Sim, user: UserRow, messages: readonly MessageRow[], { op, flag }: FlagChange, all = false): Outcome {
  const bit = FLAG[flag];
  const changed: number[] = [];
  const skippedChannels = new Set<number>();
  const details: Record<string, Record<string, unknown>> = {};
  const read = sim.db.prepare('SELECT flags FROM user_messages WHERE user_id = ? AND message_id = ?').pluck();
  const write = sim.db.prepare('INSERT OR REPLACE INTO user_messages (user_id, message_id, flags) VALUES (?, ?, ?)');
  const markingUnread = flag === 'read' && op === 'remove';
  sim.db.transaction(() => {
    for (const message of messages) {
      // Unread messages must be in subscribed channels; such messages are skipped and reported.
      if (markingUnread && message.stream_id !== null && !isSubscribed(sim.db, user.user_id, message.stream_id)) {
        skippedChannels.add(message.stream_id);
        continue;
      }
      const current = read.get(user.user_id, message.id) as number | undefined;
      if (current === undefined && op === 'remove') continue;
      // A message never received but readable gets a `historical` row, as on real servers.
      const before = current ?? FLAG.read | FLAG.historical;
      const after = op === 'add' ? before | bit : before & ~bit;
      if (after === before && current !== undefined) continue;
      write.run(user.user_id, message.id, after);
      if (after !== before) changed.push(message.id);
      if (markingUnread) {
        details[String(message.id)] = message.type === 'stream'
          ? { type: 'stream', stream_id: message.stream_id, topic: message.topic, mentioned: (before & FLAG.mentioned) !== 0 }
          : { type: 'private', user_ids: (message.dm_key ?? '').split(',').map(Number).filter((id) => id !== user.user_id), mentioned: (before & FLAG.mentioned) !== 0 };
      }
    }
  })();

  // Marking everything read names no messages, as on real servers: the client clears all it holds.
  const event: ServiceEvent = { type: 'update_message_flags', op, operation: op, flag, messages: all ? [] : changed, all };
  if (markingUnread) event['message_details'] = details;
  if (changed.length > 0) sim.queues.publish([user.user_id], event);
  return { changed, skippedChannels: [...skippedChannels] };
}

const ignoredChannels = (change: FlagChange, outcome: Outcome): Record<string, unknown> =>
  change.flag === 'read' && change.op === 'remove' ? { ignored_because_not_subscribed_channels: outcome.skippedChannels } : {};

export const flagRoutes: Route[] = [
  {
    method: 'POST',
    path: '/messages/flags',
    params: ['messages', 'op', 'flag'],
    handle({ sim, user, params }) {
      const ids = params.requiredIntList('messages');
      const change = flagChange(params);
      const messages = ids.map((id) => sim.db.prepare('SELECT * FROM messages WHERE id = ?').get(id) as MessageRow | undefined);
      if (messages.some((message) => message === undefined || !canSeeMessage(sim.db, user, message))) throw badRequest('Invalid message(s)');
      const outcome = changeFlags(sim, user, messages as MessageRow[], change);
      return { messages: outcome.changed, ...ignoredChannels(change, outcome) };
    },
  },
  {
    method: 'POST',
    path: '/messages/flags/narrow',
    params: ['anchor', 'include_anchor', 'num_before', 'num_after', 'narrow', 'op', 'flag'],
    handle({ sim, user, params }) {
      const change = flagChange(params);
      const numBefore = params.int('num_before');
      const numAfter = params.int('num_after');
      if (numBefore === undefined) throw missingArgument('num_before');
      if (numAfter === undefined) throw missingArgument('num_after');
      if (numBefore < 0 || numAfter < 0) throw badRequest('Invalid num_before or num_after');
      const narrow = params.requiredJson('narrow');
      const anchor = resolveAnchor(sim, user, params.requiredString('anchor'), narrow);
      // Real servers shrink the range to bound a transaction; the client asks again from where it stopped.
      const range = selectRange(sim, user, narrow, {
        anchor,
        includeAnchor: params.bool('include_anchor') ?? true,
        numBefore: Math.min(numBefore, MAX_MESSAGES),
        numAfter: Math.min(numAfter, MAX_MESSAGES),
      });
      const outcome = changeFlags(sim, user, range.messages, change);
      return {
        processed_count: range.messages.length,
        updated_count: outcome.changed.length,
        first_processed_id: range.messages[0]?.id ?? null,
        last_processed_id: range.messages.at(-1)?.id ?? null,
        found_oldest: range.foundOldest,
        found_newest: range.foundNewest,
        ...ignoredChannels(change, outcome),
      };
    },
  },
  {
    method: 'POST',
    path: '/mark_all_as_read',
    params: [],
    handle({ sim, user }) {
      const unread = sim.db
        .prepare(`SELECT m.* FROM user_messages um JOIN messages m ON m.id = um.message_id WHERE um.user_id = ? AND (um.flags & ${FLAG.read}) = 0 ORDER BY m.id`)
        .all(user.user_id) as MessageRow[];
      changeFlags(sim, user, unread, { op: 'add', flag: 'read' }, true);
      return { complete: true };
    },
  },
];
