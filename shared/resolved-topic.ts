// Resolved topics, as the family's servers define them: a topic is resolved by moving all its
// messages to its name with the "✔ " prefix, and unresolved by moving them back. Such a move is
// not counted as a move (no last_moved_timestamp), and needs the resolve permission rather than
// the move one.

export const RESOLVED_TOPIC_PREFIX = '✔ ';

export function isResolvedTopic(topic: string): boolean {
  return topic.startsWith(RESOLVED_TOPIC_PREFIX);
}

export function resolvedTopic(topic: string): string {
  return isResolvedTopic(topic) ? topic : `${RESOLVED_TOPIC_PREFIX}${topic}`;
}

/** The name without the prefix: the server strips every leading "✔" and space (Python's lstrip). */
export function unresolvedTopic(topic: string): string {
  return topic.replace(/^[✔ ]+/u, '');
}

/** Whether a topic change from `before` to `after` only resolves or unresolves the topic. */
export function togglesResolved(before: string, after: string): boolean {
  if (isResolvedTopic(after) && !isResolvedTopic(before)) return after.slice(RESOLVED_TOPIC_PREFIX.length) === before;
  if (isResolvedTopic(before) && !isResolvedTopic(after)) return unresolvedTopic(before) === after;
  return false;
}
