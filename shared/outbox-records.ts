// Actions waiting in the outbox, and the record each changes, named by one key that main writes
// into the outbox and the renderer looks up to show the action pending in place.
import type { ConversationKey } from './conversation';

export type OutboxRecord =
  /** The messages sent to a conversation. */
  | { table: 'conversations'; conversation: ConversationKey }
  | { table: 'saved_snippets'; saved_snippet_id: number }
  | { table: 'user_topics'; stream_id: number; topic: string }
  /** The user's own settings for a channel (muted). */
  | { table: 'subscriptions'; stream_id: number }
  | { table: 'messages'; message_id: number }
  /** Flags changed on several messages at once, by flag. */
  | { table: 'messages'; flag: string }
  | { table: 'scheduled_messages'; scheduled_message_id: number | 'new' }
  /** The user's own status. */
  | { table: 'user_status' }
  /** One of the user's own settings. */
  | { table: 'user_settings'; setting: string }
  /** The user's alert words. */
  | { table: 'alert_words' };

export const CONVERSATION_RECORD = 'conversations:';

export function outboxRecordKey(record: OutboxRecord): string {
  switch (record.table) {
    case 'conversations':
      return `${CONVERSATION_RECORD}${record.conversation}`;
    case 'saved_snippets':
      return `saved_snippets:${record.saved_snippet_id}`;
    case 'user_topics':
      return `user_topics:${record.stream_id}:${record.topic}`;
    case 'subscriptions':
      return `subscriptions:${record.stream_id}`;
    case 'messages':
      return 'flag' in record ? `messages:${record.flag}` : `messages:${record.message_id}`;
    case 'scheduled_messages':
      return `scheduled_messages:${record.scheduled_message_id}`;
    case 'user_status':
      return 'user_status:me';
    case 'user_settings':
      return `user_settings:${record.setting}`;
    case 'alert_words':
      return 'alert_words:me';
  }
}

/** The conversation whose messages a record key names; undefined for the other records. */
export function conversationOfRecordKey(record_key: string): ConversationKey | undefined {
  return record_key.startsWith(CONVERSATION_RECORD) ? record_key.slice(CONVERSATION_RECORD.length) : undefined;
}

export interface OutboxItemView {
  outbox_id: number;
  /** The operation, by its name in the client (editSavedSnippet, updateUserTopic...). */
  kind: string;
  /** The mirrored record it changes, e.g. `saved_snippets:7`, `messages:100`, `scheduled_messages:new`. */
  record_key: string;
  payload: Record<string, unknown>;
  state: 'pending' | 'failed';
  error_code: string | null;
  error_msg: string | null;
  created_at: number;
}

/** What a deferrable action answers: done now, or waiting in the outbox. */
export type Deferred<R> = { pending: false; value: R } | { pending: true; outbox_id: number };
