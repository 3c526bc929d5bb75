// Clients that did not declare the `empty_topic_name` capability never see the empty topic:
// real servers show them realm_empty_topic_display_name in its place.
import type { ServiceEvent } from './queues';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const withTopic = (record: Json, key: string, displayName: string): Json =>
  record[key] === '' ? { ...record, [key]: displayName } : record;

/** A stream-typed record (message, scheduled message) shows its empty topic by display name. */
function channelRecord(record: unknown, key: string, displayName: string): unknown {
  if (!isObject(record) || record['type'] !== 'stream') return record;
  return withTopic(record, key, displayName);
}

export function showEmptyTopicAs(event: ServiceEvent, displayName: string): ServiceEvent {
  switch (event.type) {
    case 'message':
      return { ...event, message: channelRecord(event['message'], 'subject', displayName) };
    case 'typing':
    case 'delete_message':
      return 'topic' in event ? (withTopic(event, 'topic', displayName) as ServiceEvent) : event;
    case 'update_message':
      return withTopic(withTopic(event, 'subject', displayName), 'orig_subject', displayName) as ServiceEvent;
    case 'user_topic':
      return withTopic(event, 'topic_name', displayName) as ServiceEvent;
    case 'scheduled_messages':
      if (Array.isArray(event['scheduled_messages'])) {
        const list = event['scheduled_messages'] as unknown[];
        return { ...event, scheduled_messages: list.map((item) => channelRecord(item, 'topic', displayName)) };
      }
      if ('scheduled_message' in event) {
        return { ...event, scheduled_message: channelRecord(event['scheduled_message'], 'topic', displayName) };
      }
      return event;
    case 'update_message_flags': {
      const details = event['message_details'];
      if (!isObject(details)) return event;
      const shown = Object.fromEntries(
        Object.entries(details).map(([id, detail]) => [id, isObject(detail) && 'topic' in detail ? withTopic(detail, 'topic', displayName) : detail]),
      );
      return { ...event, message_details: shown };
    }
    default:
      return event;
  }
}
