// Queue registration (POST /register): not shown by the spec, shaped per reference/semantics.md (c)
// and register_fields.json. Its answer announces the limits the client-side checks need.
import type {
  Channel,
  ChannelFolder,
  CustomProfileField,
  NarrowTerm,
  OpenRecord,
  SavedSnippet,
  ScheduledMessage,
  SubscriptionEntry,
  TopicPreference,
  User,
  UserStatus,
} from './records';

export interface ClientCapabilities {
  notification_settings_null?: boolean;
  bulk_message_deletion?: boolean;
  user_avatar_url_field_optional?: boolean;
  stream_typing_notifications?: boolean;
  user_settings_object?: boolean;
  /** Without it the server answers realm_linkifiers as []. */
  linkifier_url_template?: boolean;
  user_list_incomplete?: boolean;
  include_deactivated_groups?: boolean;
  archived_channels?: boolean;
  empty_topic_name?: boolean;
  [capability: string]: boolean | undefined;
}

export interface RegisterQueueParams {
  event_types?: string[];
  fetch_event_types?: string[];
  narrow?: NarrowTerm[] | [string, string][];
  client_capabilities?: ClientCapabilities;
  apply_markdown?: boolean;
  client_gravatar?: boolean;
  include_subscribers?: boolean;
  slim_presence?: boolean;
  all_public_streams?: boolean;
  presence_history_limit_days?: number;
}

/** The values registration announces that the client's checks and timeouts use. */
export interface RegistrationContext {
  service_feature_level?: number;
  max_message_length?: number;
  max_topic_length?: number;
  max_channel_folder_name_length?: number;
  max_channel_folder_description_length?: number;
  realm_empty_topic_display_name?: string;
  event_queue_longpoll_timeout_seconds?: number;
  server_typing_started_expiry_period_milliseconds?: number;
  server_typing_stopped_wait_period_milliseconds?: number;
  server_typing_started_wait_period_milliseconds?: number;
}

/** What registration returns depends on fetch_event_types; only the queue fields are sure. */
export interface RegisterQueueResult extends RegistrationContext, OpenRecord {
  queue_id: string | null;
  last_event_id: number;
  service_feature_level: number;
  service_version: string;
  service_merge_base: string;
  user_id?: number;
  email?: string;
  full_name?: string;
  realm_users?: User[];
  realm_non_active_users?: User[];
  subscriptions?: SubscriptionEntry[];
  streams?: Channel[];
  channel_folders?: ChannelFolder[];
  saved_snippets?: SavedSnippet[];
  custom_profile_fields?: CustomProfileField[];
  realm_linkifiers?: OpenRecord[];
  scheduled_messages?: ScheduledMessage[];
  user_topics?: TopicPreference[];
  user_status?: Record<string, UserStatus>;
  alert_words?: string[];
}

export const REGISTRATION_CONTEXT_FIELDS = [
  'service_feature_level',
  'max_message_length',
  'max_topic_length',
  'max_channel_folder_name_length',
  'max_channel_folder_description_length',
  'realm_empty_topic_display_name',
  'event_queue_longpoll_timeout_seconds',
  'server_typing_started_expiry_period_milliseconds',
  'server_typing_stopped_wait_period_milliseconds',
  'server_typing_started_wait_period_milliseconds',
] as const satisfies readonly (keyof RegistrationContext)[];

/** Picks the announced values out of a registration answer, leaving out those it lacks. */
export function registrationContext(result: OpenRecord): RegistrationContext {
  const context: Record<string, unknown> = {};
  for (const field of REGISTRATION_CONTEXT_FIELDS) {
    const value = result[field];
    const wanted = field === 'realm_empty_topic_display_name' ? 'string' : 'number';
    if (typeof value === wanted) context[field] = value;
  }
  return context as RegistrationContext;
}
