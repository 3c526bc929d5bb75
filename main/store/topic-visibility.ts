// Whether a channel topic is muted or followed for the user, as the server defines it: a topic's
// own visibility_policy wins; otherwise the channel's is_muted applies.
import { z } from 'zod';
import type { ReadOnlyMirror } from './database';
import { reader } from './statements';

/** Topic visibility policies (spec: user topics). */
export const VISIBILITY = { muted: 1, unmuted: 2, followed: 3 } as const;

/** A muted topic, or a topic of a muted channel that is not unmuted or followed there. */
export function isMutedTopic(policy: number | undefined, channelMuted: boolean): boolean {
  return policy === VISIBILITY.muted || (channelMuted && policy !== VISIBILITY.unmuted && policy !== VISIBILITY.followed);
}

const policyRow = z.object({ visibility_policy: z.number() });
const mutedRow = z.object({ muted: z.number().nullable() });

export function topicVisibility(db: ReadOnlyMirror, stream_id: number, topic: string): { muted: boolean; followed: boolean } {
  const policy = reader(db, 'SELECT visibility_policy FROM user_topics WHERE stream_id = ? AND topic_name = ?', policyRow).get(stream_id, topic)?.visibility_policy;
  const channelMuted = reader(db, "SELECT json_extract(json, '$.is_muted') AS muted FROM subscriptions WHERE stream_id = ?", mutedRow).get(stream_id)?.muted === 1;
  return { muted: isMutedTopic(policy, channelMuted), followed: policy === VISIBILITY.followed };
}
