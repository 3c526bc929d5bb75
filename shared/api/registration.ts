// Queue registration (POST /register): not shown by the spec, shaped per reference/semantics.md (c)
// and register_fields.json. Its answer announces the limits the client-side checks need.
import { presencesSchema, type ModernPresence } from './presence';
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
import { z } from 'zod';
import {
  channelFolderSchema,
  channelSchema,
  customProfileFieldSchema,
  firstProblem,
  linkifierSchema,
  recordId,
  savedSnippetSchema,
  scheduledMessageSchema,
  subscriptionSchema,
  topicPreferenceSchema,
  userSchema,
  userStatusSchema,
} from './record-schemas';
import { quickProblem } from './quick-check';
import { serverDraftSchema, type ServerDraft } from './drafts';
import { mutedUserSchema, type MutedUser } from './muted-users';
import { unreadMessagesSchema, type UnreadMessages } from './unread';

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
  /** A channel's name and description limits (the family's names: the spec does not rename them). */
  max_stream_name_length?: number;
  max_stream_description_length?: number;
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
  /** With slim_presence: keyed by user ID. */
  presences?: Record<string, ModernPresence>;
  presence_last_update_id?: number;
  /** When the server read `presences`. */
  server_timestamp?: number;
  alert_words?: string[];
  /** The users this one muted (the family's, not in the spec): their messages show hidden. */
  muted_users?: MutedUser[];
  /** The user's drafts kept by the server (the family's, not in the spec), oldest edit first. */
  drafts?: ServerDraft[];
  unread_msgs?: UnreadMessages;
}

export const REGISTRATION_CONTEXT_FIELDS = [
  'service_feature_level',
  'max_message_length',
  'max_topic_length',
  'max_channel_folder_name_length',
  'max_channel_folder_description_length',
  'max_stream_name_length',
  'max_stream_description_length',
  'realm_empty_topic_display_name',
  'event_queue_longpoll_timeout_seconds',
  'server_typing_started_expiry_period_milliseconds',
  'server_typing_stopped_wait_period_milliseconds',
  'server_typing_started_wait_period_milliseconds',
] as const satisfies readonly (keyof RegistrationContext)[];

/**
 * The longest long poll the app waits for, whatever the server announces: the spec's heartbeat
 * comes "after a few minutes" at most, and a larger announcement (a day, say) would leave a
 * silently dead connection looking online for that long.
 */
export const MAX_LONGPOLL_TIMEOUT_SECONDS = 300;

/** Picks the announced values out of a registration answer, leaving out those it lacks. */
export function registrationContext(result: OpenRecord): RegistrationContext {
  const context: Record<string, unknown> = {};
  for (const field of REGISTRATION_CONTEXT_FIELDS) {
    const value = result[field];
    const wanted = field === 'realm_empty_topic_display_name' ? 'string' : 'number';
    if (typeof value === wanted) context[field] = value;
  }
  if (typeof context.event_queue_longpoll_timeout_seconds === 'number') {
    context.event_queue_longpoll_timeout_seconds = Math.min(context.event_queue_longpoll_timeout_seconds, MAX_LONGPOLL_TIMEOUT_SECONDS);
  }
  return context as RegistrationContext;
}

// Each list the mirror keeps is checked whole when present; absent, the mirror keeps its copy.
const registrationSchema = z.looseObject({
  queue_id: z.string().nullable(),
  last_event_id: z.number().int(),
  realm_users: z.array(userSchema).optional(),
  realm_non_active_users: z.array(userSchema).optional(),
  subscriptions: z.array(subscriptionSchema).optional(),
  unsubscribed: z.array(subscriptionSchema).optional(),
  never_subscribed: z.array(subscriptionSchema).optional(),
  streams: z.array(channelSchema).optional(),
  channel_folders: z.array(channelFolderSchema).optional(),
  saved_snippets: z.array(savedSnippetSchema).optional(),
  custom_profile_fields: z.array(customProfileFieldSchema).optional(),
  realm_linkifiers: z.array(linkifierSchema).optional(),
  scheduled_messages: z.array(scheduledMessageSchema).optional(),
  user_topics: z.array(topicPreferenceSchema).optional(),
  user_status: z.record(z.string(), userStatusSchema).optional(),
  presences: presencesSchema.optional(),
  presence_last_update_id: z.number().int().optional(),
  server_timestamp: z.number().optional(),
  alert_words: z.array(z.string()).optional(),
  muted_users: z.array(mutedUserSchema).optional(),
  drafts: z.array(serverDraftSchema).optional(),
  unread_msgs: unreadMessagesSchema.optional(),
  realm_date_created: z.number().optional(),
  user_id: recordId.optional(),
  event_queue_longpoll_timeout_seconds: z.number().positive().optional(),
});

/** A registration answer the mirror can take, or a sentence saying what is wrong with it. */
export function checkRegistration(answer: unknown): { ok: true; result: RegisterQueueResult } | { ok: false; problem: string } {
  // The answer itself is kept and only read: parsing would copy every record, and a large organization has 100,000.
  const error = quickProblem(registrationSchema, answer);
  return error === undefined ? { ok: true, result: answer as RegisterQueueResult } : { ok: false, problem: firstProblem(error) };
}
