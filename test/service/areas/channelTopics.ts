// A channel's topic history (the family's GET /users/me/{stream_id}/topics, not in the spec), as
// real servers list it: each topic once whatever its case, named as its newest message names it,
// with that message's id, newest first; a channel whose history is not public to subscribers lists
// only the topics of messages the user received. A channel the user cannot read is "invalid".
import { canAccessChannelContent, getStream } from '../access';
import { badRequest } from '../http/errors';
import type { Route } from '../http/router';
import { shownTopic } from '../topics';

export const channelTopicRoutes: Route[] = [
  {
    method: 'GET',
    path: '/users/me/{stream_id}/topics',
    params: ['allow_empty_topic_name'],
    handle({ sim, user, params, path }) {
      const stream = getStream(sim.db, path.int('stream_id'));
      if (stream === undefined || !canAccessChannelContent(sim.db, user, stream)) throw badRequest('Invalid channel ID');
      const received = stream.history_public_to_subscribers === 1 ? '' : 'AND id IN (SELECT message_id FROM user_messages WHERE user_id = @user_id)';
      const rows = sim.db
        .prepare(`SELECT topic, max(id) AS max_id FROM messages WHERE stream_id = @stream_id AND type = 'stream' ${received} GROUP BY topic ORDER BY max_id`)
        .all({ stream_id: stream.stream_id, user_id: user.user_id }) as { topic: string; max_id: number }[];
      // Oldest first, so each casing of a topic is replaced by a newer one.
      const byCase = new Map<string, { name: string; max_id: number }>();
      const allowEmpty = params.bool('allow_empty_topic_name') ?? false;
      for (const row of rows) byCase.set(row.topic.toLowerCase(), { name: shownTopic(row.topic, sim.realm().empty_topic_display_name, allowEmpty), max_id: row.max_id });
      return { topics: [...byCase.values()].sort((a, b) => b.max_id - a.max_id) };
    },
  },
];
