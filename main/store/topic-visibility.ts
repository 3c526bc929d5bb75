// A channel topic's visibility for the user, from the mirror's preferences and subscriptions (the
// rule itself is shared/topic-visibility.ts).
import { z } from 'zod';
import { channelTopicConversation, type ConversationKey } from '../../shared/conversation';
import { isFollowedTopic, isMutedTopic } from '../../shared/topic-visibility';
import type { ReadOnlyMirror } from './database';
import { reader } from './statements';

const policyRow = z.object({ visibility_policy: z.number() });
const mutedRow = z.object({ muted: z.number().nullable() });
const mutedChannelRow = z.object({ stream_id: z.number() });
const policiesRow = z.object({ stream_id: z.number(), topic_name: z.string(), visibility_policy: z.number() });

export function topicVisibility(db: ReadOnlyMirror, stream_id: number, topic: string): { muted: boolean; followed: boolean } {
  const policy = reader(db, 'SELECT visibility_policy FROM user_topics WHERE stream_id = ? AND topic_name = ?', policyRow).get(stream_id, topic)?.visibility_policy;
  const channelMuted = reader(db, "SELECT json_extract(json, '$.is_muted') AS muted FROM subscriptions WHERE stream_id = ?", mutedRow).get(stream_id)?.muted === 1;
  return { muted: isMutedTopic(policy, channelMuted), followed: isFollowedTopic(policy) };
}

export interface TopicMuting {
  mutedChannels: Set<number>;
  /** Each topic's own policy, where the user set one. */
  policies: Map<ConversationKey, { stream_id: number; policy: number }>;
}

/** Every muted channel and topic policy at once, for readers that decide over many conversations. */
export function topicMuting(db: ReadOnlyMirror): TopicMuting {
  const mutedChannels = new Set(reader(db, "SELECT stream_id FROM subscriptions WHERE json_extract(json, '$.is_muted') = 1", mutedChannelRow).all().map((row) => row.stream_id));
  const policies = new Map(
    reader(db, 'SELECT stream_id, topic_name, visibility_policy FROM user_topics', policiesRow)
      .all()
      .map((row) => [channelTopicConversation(row.stream_id, row.topic_name), { stream_id: row.stream_id, policy: row.visibility_policy }]),
  );
  return { mutedChannels, policies };
}

/**
 * The topics muted otherwise than their channel: a muted topic of a channel that is not muted, an
 * unmuted or followed one of a muted channel. A topic is hidden exactly when its channel is muted
 * or it is one of these, but not both.
 */
export function mutingExceptions({ mutedChannels, policies }: TopicMuting): ConversationKey[] {
  return [...policies].filter(([, { stream_id, policy }]) => isMutedTopic(policy, mutedChannels.has(stream_id)) !== mutedChannels.has(stream_id)).map(([key]) => key);
}

/**
 * The SQL condition (over a table with `stream_id` and `conversation`, as `messages` and
 * `unread_messages` have them) that a row's conversation is not muted: a direct one, or a channel
 * topic whose channel is muted exactly when its topic is an exception to it (mutingExceptions).
 */
export function notMutedCondition(db: ReadOnlyMirror, alias = ''): { where: string; params: string[] } {
  const muting = topicMuting(db);
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  return {
    where: `(${column('stream_id')} IS NULL OR (${column('stream_id')} IN (SELECT value FROM json_each(?))) = (${column('conversation')} IN (SELECT value FROM json_each(?))))`,
    params: [JSON.stringify([...muting.mutedChannels]), JSON.stringify(mutingExceptions(muting))],
  };
}
