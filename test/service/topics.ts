// The topic rule of the spec: `(no topic)` and realm_empty_topic_display_name stand for the empty
// topic; topics are at most max_topic_length long.
import { badRequest } from './http/errors';

export const MAX_TOPIC_LENGTH = 60;
export const NO_TOPIC = '(no topic)';

/** Message-related endpoints (send, schedule, typing): both placeholders mean the empty topic. */
export function messageTopic(topic: string, emptyTopicDisplayName: string): string {
  const trimmed = topic.trim();
  if (trimmed === NO_TOPIC || trimmed === emptyTopicDisplayName) return '';
  // Real servers shorten an over-long topic rather than refuse the message.
  return trimmed.length > MAX_TOPIC_LENGTH ? `${trimmed.slice(0, MAX_TOPIC_LENGTH - 3)}...` : trimmed;
}

/** Topic preferences and topic deletion read only the display name as the empty topic. */
export function preferenceTopic(topic: string, emptyTopicDisplayName: string): string {
  const trimmed = topic.trim();
  if (trimmed === emptyTopicDisplayName) return '';
  if (trimmed.length > MAX_TOPIC_LENGTH) throw badRequest(`topic is too long (limit: ${MAX_TOPIC_LENGTH} characters)`);
  return trimmed;
}

/** A scheduled channel message must name a real topic. */
export function requireScheduledTopic(topic: string | undefined, emptyTopicDisplayName: string): string {
  if (topic === undefined) throw badRequest('Missing topic');
  const trimmed = topic.trim();
  if (trimmed === '' || trimmed === NO_TOPIC || trimmed === emptyTopicDisplayName) throw badRequest("Topic can't be empty!");
  return messageTopic(trimmed, emptyTopicDisplayName);
}

/** What clients without the empty-topic capability are shown for the empty topic. */
export function shownTopic(topic: string, emptyTopicDisplayName: string, allowEmpty: boolean): string {
  return topic === '' && !allowEmpty ? emptyTopicDisplayName : topic;
}
