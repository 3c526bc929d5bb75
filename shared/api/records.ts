// The service's records, named and shaped as on the wire (spec "Resources and their fields").
// The spec lists only some fields of most records ("further fields: not shown"), so every record
// keeps an index signature: fields a newer server adds pass through untouched.

/** Fields the spec does not list; they are kept, never stripped. */
export interface OpenRecord {
  [field: string]: unknown;
}

/** A user group ID, or the members and subgroups spelled out. */
export type GroupSettingValue = number | { direct_members: number[]; direct_subgroups: number[] };

/** `channel` and `stream` both mean a channel message; `private` is a legacy synonym of `direct`. */
export type MessageType = 'direct' | 'channel' | 'stream' | 'private';

export type ReactionType = 'unicode_emoji' | 'realm_emoji' | 'service_extra_emoji';

export interface ScheduledMessage extends OpenRecord {
  scheduled_message_id: number;
  type: MessageType;
  /** Channel ID for channel messages; user IDs for direct messages. */
  to: number | number[];
  topic?: string;
  content: string;
  rendered_content?: string;
  scheduled_delivery_timestamp: number;
  failed: boolean;
}

export type TopicsPolicy = 'inherit' | 'allow_empty_topic' | 'disable_empty_topic' | 'empty_topic_only';

/** A channel as returned by the channel listing. */
export interface Channel extends OpenRecord {
  stream_id: number;
  name: string;
  is_archived: boolean;
  description: string;
  rendered_description: string;
  date_created: number;
  creator_id: number | null;
  invite_only: boolean;
  is_web_public: boolean;
  /** Deprecated: 1 any user, 2 administrators, 3 full members, 4 moderators. */
  stream_post_policy: number;
  message_retention_days: number | null;
  history_public_to_subscribers: boolean;
  topics_policy: TopicsPolicy;
  first_message_id: number | null;
  folder_id: number | null;
  is_recently_active: boolean;
  is_announcement_only: boolean;
  can_add_subscribers_group: GroupSettingValue;
  can_remove_subscribers_group: GroupSettingValue;
  can_administer_channel_group: GroupSettingValue;
  can_delete_any_message_group: GroupSettingValue;
  can_delete_own_message_group: GroupSettingValue;
}

/** A subscription entry of the subscription `add` event. */
export interface SubscriptionEntry extends OpenRecord {
  stream_id: number;
  name: string;
  description: string;
  rendered_description: string;
  date_created: number;
  creator_id: number | null;
  invite_only: boolean;
}

export interface ChannelFolder extends OpenRecord {
  channel_folder_id: number;
  name: string;
  description: string;
  is_archived: boolean;
}

/** field_type 3 (list of options): option key -> its text and order. */
export type ListFieldData = Record<string, { text: string; order: string }>;

export interface CustomProfileField extends OpenRecord {
  id: number;
  name: string;
  hint: string;
  field_type: number;
  /** Types 3 and 7; the type-7 shape is not stabilized. */
  field_data?: ListFieldData | Record<string, unknown>;
  display_in_profile_summary?: boolean;
  required: boolean;
  editable_by_user: boolean;
}

export interface ProfileDataValue extends OpenRecord {
  value: string;
  rendered_value?: string;
}

export interface User extends OpenRecord {
  user_id: number;
  delivery_email: string | null;
  email: string;
  full_name: string;
  date_joined: string;
  is_active: boolean;
  is_owner: boolean;
  is_admin: boolean;
  is_guest: boolean;
  is_bot: boolean;
  /** null non-bot, 1 generic, 2 incoming webhook, 3 outgoing webhook, 4 embedded. */
  bot_type: number | null;
  bot_owner_id?: number | null;
  role: number;
  timezone: string;
  /** May be absent for clients declaring `user_avatar_url_field_optional`. */
  avatar_url?: string | null;
  avatar_version: number;
  /** Keyed by custom-profile-field ID; present only when asked for. */
  profile_data?: Record<string, ProfileDataValue>;
}

export interface Reaction extends OpenRecord {
  emoji_name: string;
  emoji_code: string;
  reaction_type: ReactionType;
  user_id: number;
}

export interface DisplayRecipientUser extends OpenRecord {
  id: number;
  email: string;
  full_name: string;
  is_mirror_dummy: boolean;
}

export interface EditHistoryEntry extends OpenRecord {
  user_id: number | null;
  timestamp: number;
  prev_content?: string;
  prev_rendered_content?: string;
  prev_stream?: number;
  prev_topic?: string;
  stream?: number;
  topic?: string;
}

export interface Submessage extends OpenRecord {
  msg_type: string;
  content: string;
  message_id: number;
  sender_id: number;
  id: number;
}

/** A message as in the outgoing-webhook payload (and, with `flags`, as fetched). */
export interface Message extends OpenRecord {
  id: number;
  type: 'stream' | 'private';
  sender_id: number;
  sender_email: string;
  sender_full_name: string;
  sender_realm_str: string;
  avatar_url: string | null;
  client: string;
  content: string;
  rendered_content?: string;
  content_type: 'text/html' | 'text/x-markdown';
  /** Channel name, or the participants of a direct message. */
  display_recipient: string | DisplayRecipientUser[];
  recipient_id: number;
  stream_id?: number;
  /** The topic; always empty for direct messages. */
  subject: string;
  is_me_message: boolean;
  timestamp: number;
  last_edit_timestamp?: number;
  last_moved_timestamp?: number;
  edit_history?: EditHistoryEntry[];
  reactions: Reaction[];
  submessages: Submessage[];
  topic_links: { text: string; url: string }[];
  flags?: string[];
}

/** A topic preference: visibility_policy per (stream_id, topic) of one user. */
export interface TopicPreference extends OpenRecord {
  stream_id: number;
  topic_name: string;
  visibility_policy: number;
  last_updated?: number;
}

export interface Linkifier extends OpenRecord {
  filter_id: number;
  pattern: string;
  url_template: string;
}

export interface SavedSnippet extends OpenRecord {
  saved_snippet_id: number;
  title: string;
  content: string;
}

export interface UserStatus extends OpenRecord {
  status_text?: string;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: ReactionType;
}

export type PushTokenKind = 'fcm' | 'apns';

export interface PushRegistration {
  token_kind: PushTokenKind;
  push_account_id: number;
  push_public_key: string;
  bouncer_public_key: string;
  encrypted_push_registration: string;
}

export interface ExternalAuthenticationMethod extends OpenRecord {
  name: string;
  display_name: string;
  display_icon: string | null;
  login_url: string;
  signup_url: string;
}

/** GET /server_settings; older servers omit keys, so only the feature level is sure (absent = 0). */
export interface ServerSettings extends OpenRecord {
  authentication_methods?: Record<string, boolean>;
  external_authentication_methods?: ExternalAuthenticationMethod[];
  service_feature_level?: number;
  service_version?: string;
  service_merge_base?: string;
  push_notifications_enabled?: boolean;
  is_incompatible?: boolean;
  email_auth_enabled?: boolean;
  require_email_format_usernames?: boolean;
  realm_url?: string;
  realm_uri?: string;
  realm_name?: string;
  realm_icon?: string;
  realm_description?: string;
  realm_web_public_access_enabled?: boolean;
}

/** A narrow term: `operator` and `operand`. */
export interface NarrowTerm {
  operator: string;
  operand: string | number | number[];
  negated?: boolean;
}
