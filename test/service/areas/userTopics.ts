// Personal topic preferences: visibility_policy 0 (none), 1 muted, 2 unmuted, 3 followed.
import { canAccessChannelMetadata, getStream } from '../access';
import { nowSeconds } from '../context';
import type { UserTopicRow } from '../db/rows';
import { badRequest } from '../http/errors';
import type { Route } from '../http/router';
import { preferenceTopic } from '../topics';

const VISIBILITY_POLICY = { none: 0, muted: 1, unmuted: 2, followed: 3 } as const;
const POLICIES: readonly number[] = Object.values(VISIBILITY_POLICY);

export function userTopicRecord(row: UserTopicRow): Record<string, unknown> {
  return { stream_id: row.stream_id, topic_name: row.topic_name, last_updated: row.last_updated, visibility_policy: row.visibility_policy };
}

export const userTopicRoutes: Route[] = [
  {
    method: 'POST',
    path: '/user_topics',
    params: ['stream_id', 'topic', 'visibility_policy'],
    handle({ sim, user, params }) {
      const streamId = params.requiredInt('stream_id');
      const topic = preferenceTopic(params.requiredString('topic'), sim.realm().empty_topic_display_name);
      const policy = params.requiredInt('visibility_policy');
      if (!POLICIES.includes(policy)) throw badRequest('Invalid visibility_policy');
      const stream = getStream(sim.db, streamId);
      if (stream === undefined || !canAccessChannelMetadata(sim.db, user, stream)) throw badRequest('Invalid channel ID');
      const row: UserTopicRow = { user_id: user.user_id, stream_id: streamId, topic_name: topic, visibility_policy: policy, last_updated: nowSeconds() };
      if (policy === VISIBILITY_POLICY.none) {
        sim.db.prepare('DELETE FROM user_topics WHERE user_id = ? AND stream_id = ? AND topic_name = ?').run(user.user_id, streamId, topic);
      } else {
        sim.db
          .prepare(
            `INSERT INTO user_topics (user_id, stream_id, topic_name, visibility_policy, last_updated) VALUES (@user_id, @stream_id, @topic_name, @visibility_policy, @last_updated)
             ON CONFLICT (user_id, stream_id, topic_name) DO UPDATE SET visibility_policy = excluded.visibility_policy, last_updated = excluded.last_updated`,
          )
          .run(row);
      }
      sim.queues.publish([user.user_id], { type: 'user_topic', ...userTopicRecord(row) });
      return {};
    },
  },
];
