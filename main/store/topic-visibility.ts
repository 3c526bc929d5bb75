// A channel topic's visibility for the user, from the mirror's preferences and subscriptions (the
// rule itself is shared/topic-visibility.ts).
import { z } from 'zod';
import { isFollowedTopic, isMutedTopic } from '../../shared/topic-visibility';
import type { ReadOnlyMirror } from './database';
import { reader } from './statements';

const policyRow = z.object({ visibility_policy: z.number() });
const mutedRow = z.object({ muted: z.number().nullable() });

export function topicVisibility(db: ReadOnlyMirror, stream_id: number, topic: string): { muted: boolean; followed: boolean } {
  const policy = reader(db, 'SELECT visibility_policy FROM user_topics WHERE stream_id = ? AND topic_name = ?', policyRow).get(stream_id, topic)?.visibility_policy;
  const channelMuted = reader(db, "SELECT json_extract(json, '$.is_muted') AS muted FROM subscriptions WHERE stream_id = ?", mutedRow).get(stream_id)?.muted === 1;
  return { muted: isMutedTopic(policy, channelMuted), followed: isFollowedTopic(policy) };
}
