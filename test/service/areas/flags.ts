// Personal message flags: read, starred and collapsed can be changed; the others are the server's.
import { canSeeMessage, isSubscribed } from '../access';
import type { MessageRow } from '../db/rows';
import type { ServiceEvent } from '../events/queues';
import { badRequest } from '../http/errors';
import type { Route } from '../http/router';
import { FLAG, type FlagName } from '../records/message';

const CHANGEABLE: readonly FlagName[] = ['read', 'starred', 'collapsed'];
const SERVER_ONLY = new Set(['mentioned', 'stream_wildcard_mentioned', 'topic_wildcard_mentioned', 'wildcard_mentioned', 'has_alert_word', 'historical']);

export const flagRoutes: Route[] = [
  {
    method: 'POST',
    path: '/messages/flags',
    params: ['messages', 'op', 'flag'],
    handle({ sim, user, params }) {
      const ids = params.requiredIntList('messages');
      const op = params.requiredString('op');
      const flagName = params.requiredString('flag');
      if (op !== 'add' && op !== 'remove') throw badRequest(`Invalid message flag operation: '${op}'`);
      const flag = CHANGEABLE.find((name) => name === flagName);
      if (flag === undefined) {
        throw badRequest(SERVER_ONLY.has(flagName) ? `Flag not editable: '${flagName}'` : `Invalid flag: '${flagName}'`);
      }
      const bit = FLAG[flag];
      const messages = ids.map((id) => sim.db.prepare('SELECT * FROM messages WHERE id = ?').get(id) as MessageRow | undefined);
      if (messages.some((message) => message === undefined || !canSeeMessage(sim.db, user, message))) throw badRequest('Invalid message(s)');

      const changed: number[] = [];
      const skippedChannels = new Set<number>();
      const details: Record<string, Record<string, unknown>> = {};
      const read = sim.db.prepare('SELECT flags FROM user_messages WHERE user_id = ? AND message_id = ?').pluck();
      const write = sim.db.prepare('INSERT OR REPLACE INTO user_messages (user_id, message_id, flags) VALUES (?, ?, ?)');
      sim.db.transaction(() => {
        for (const message of messages as MessageRow[]) {
          // Unread messages must be in subscribed channels; such messages are skipped and reported.
          if (flag === 'read' && op === 'remove' && message.stream_id !== null && !isSubscribed(sim.db, user.user_id, message.stream_id)) {
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
          if (flag === 'read' && op === 'remove') {
            details[String(message.id)] = message.type === 'stream'
              ? { type: 'stream', stream_id: message.stream_id, topic: message.topic, mentioned: (before & FLAG.mentioned) !== 0 }
              : { type: 'private', user_ids: (message.dm_key ?? '').split(',').map(Number).filter((id) => id !== user.user_id), mentioned: (before & FLAG.mentioned) !== 0 };
          }
        }
      })();

      const event: ServiceEvent = { type: 'update_message_flags', op, operation: op, flag, messages: changed, all: false };
      if (flag === 'read' && op === 'remove') event['message_details'] = details;
      if (changed.length > 0) sim.queues.publish([user.user_id], event);
      const answer: Record<string, unknown> = { messages: changed };
      if (flag === 'read' && op === 'remove') answer['ignored_because_not_subscribed_channels'] = [...skippedChannels];
      return answer;
    },
  },
];
