// The app reads the empty topic as the empty string wherever it meets it (registration declares
// `empty_topic_name`). GET /messages (and a message's edit history, and a channel's topics)
// answers so only when asked (allow_empty_topic_name, from feature level 334); otherwise it names that topic
// realm_empty_topic_display_name, and a fetched message of general chat would be filed under
// another topic than the events of the same topic.
import type { OperationName } from '../../shared/api/operations';
import { EMPTY_TOPIC_FEATURE_LEVEL } from '../../shared/empty-topic';

const ASKING: ReadonlySet<OperationName> = new Set(['getMessages', 'getMessageHistory', 'getChannelTopics']);

export function askingForEmptyTopicNames(name: OperationName, params: object, featureLevel: number | undefined): object {
  if (!ASKING.has(name) || featureLevel === undefined || featureLevel < EMPTY_TOPIC_FEATURE_LEVEL) return params;
  return { allow_empty_topic_name: true, ...params };
}
