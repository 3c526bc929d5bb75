// Whether a channel takes messages in the empty topic (what the organization calls "general
// chat"), by the spec's rules: the empty string is a valid channel topic from feature level 334,
// as the channel's topics_policy says; `inherit` follows the organization, whose setting a real
// server sends as realm_topics_policy (newer) or realm_mandatory_topics (level 372 and before).
import type { TopicsPolicy } from './api/records';

/** `allowed`: a topic or none; `refused`: a topic is needed; `only`: the empty topic alone. */
export type EmptyTopicUse = 'allowed' | 'refused' | 'only';

/** The level from which the empty string is a valid channel topic. */
export const EMPTY_TOPIC_FEATURE_LEVEL = 334;

export interface OrganizationTopics {
  realm_topics_policy?: unknown;
  realm_mandatory_topics?: unknown;
}

export function emptyTopicUse(policy: TopicsPolicy | null, organization: OrganizationTopics, featureLevel: number | null): EmptyTopicUse {
  if (featureLevel === null || featureLevel < EMPTY_TOPIC_FEATURE_LEVEL) return 'refused';
  const effective = policy === null || policy === 'inherit' ? organizationPolicy(organization) : policy;
  if (effective === 'empty_topic_only') return 'only';
  return effective === 'disable_empty_topic' ? 'refused' : 'allowed';
}

function organizationPolicy(organization: OrganizationTopics): TopicsPolicy {
  const { realm_topics_policy, realm_mandatory_topics } = organization;
  if (realm_topics_policy === 'allow_empty_topic' || realm_topics_policy === 'disable_empty_topic') return realm_topics_policy;
  return realm_mandatory_topics === true ? 'disable_empty_topic' : 'allow_empty_topic';
}
