// The shapes of stored rows, as better-sqlite3 returns them (booleans are 0/1).

export interface RealmRow {
  name: string;
  description: string;
  host: string;
  empty_topic_display_name: string;
  date_created: number;
  default_email_address_visibility: number;
  message_edit_history_visibility_policy: string;
}

export interface UserRow {
  user_id: number;
  email: string;
  full_name: string;
  api_key: string;
  role: number;
  is_active: number;
  is_bot: number;
  bot_type: number | null;
  bot_owner_id: number | null;
  bot_token: string | null;
  webhook_url: string | null;
  can_create_users: number;
  timezone: string;
  date_joined: number;
  avatar_version: number;
  avatar_source: string;
  email_address_visibility: number;
  twenty_four_hour_time: number;
  enable_drafts_synchronization: number;
  password: string | null;
}

export interface StreamRow {
  stream_id: number;
  name: string;
  description: string;
  rendered_description: string;
  invite_only: number;
  is_web_public: number;
  is_archived: number;
  is_default: number;
  history_public_to_subscribers: number;
  message_retention_days: number | null;
  topics_policy: string;
  date_created: number;
  creator_id: number | null;
  folder_id: number | null;
}

export interface SubscriptionRow {
  user_id: number;
  stream_id: number;
  active: number;
  color: string;
  is_muted: number;
  pin_to_top: number;
  desktop_notifications: number | null;
}

export interface MessageRow {
  id: number;
  sender_id: number;
  type: 'stream' | 'private';
  stream_id: number | null;
  dm_key: string | null;
  recipient_id: number;
  topic: string;
  content: string;
  rendered_content: string;
  timestamp: number;
  client: string;
  /** Absent until the content is first edited. */
  last_edit_timestamp?: number | null;
  /** Absent until the message is first moved (resolving its topic is not a move). */
  last_moved_timestamp?: number | null;
}

/** One edit or move of a message; null where it changed nothing of that kind. */
export interface MessageEditRow {
  id: number;
  message_id: number;
  user_id: number;
  timestamp: number;
  prev_content: string | null;
  prev_rendered_content: string | null;
  prev_topic: string | null;
  topic: string | null;
  prev_stream: number | null;
  stream: number | null;
}

export interface ReactionRow {
  message_id: number;
  user_id: number;
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
}

export interface SubmessageRow {
  id: number;
  message_id: number;
  sender_id: number;
  msg_type: string;
  content: string;
}

export interface ScheduledMessageRow {
  scheduled_message_id: number;
  sender_id: number;
  type: 'stream' | 'private';
  stream_id: number | null;
  to_user_ids: string | null;
  topic: string;
  content: string;
  rendered_content: string;
  scheduled_delivery_timestamp: number;
  failed: number;
  read_by_sender: number | null;
  delivered_message_id: number | null;
}

export interface ChannelFolderRow {
  channel_folder_id: number;
  name: string;
  description: string;
  rendered_description: string;
  is_archived: number;
  order: number;
  date_created: number;
  creator_id: number | null;
}

export interface ProfileFieldRow {
  id: number;
  name: string;
  hint: string;
  field_type: number;
  field_data: string | null;
  display_in_profile_summary: number;
  required: number;
  editable_by_user: number;
  order: number;
}

export interface ProfileValueRow {
  user_id: number;
  field_id: number;
  value: string;
  rendered_value: string | null;
}

export interface LinkifierRow {
  id: number;
  pattern: string;
  url_template: string;
  order: number;
}

export interface SavedSnippetRow {
  saved_snippet_id: number;
  user_id: number;
  title: string;
  content: string;
  date_created: number;
}

export interface DraftRow {
  draft_id: number;
  user_id: number;
  type: '' | 'stream' | 'private';
  /** A JSON list of IDs. */
  to_ids: string;
  topic: string;
  content: string;
  last_edit_time: number;
}

export interface UserStatusRow {
  user_id: number;
  status_text: string;
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
}

export interface UserTopicRow {
  user_id: number;
  stream_id: number;
  topic_name: string;
  visibility_policy: number;
  last_updated: number;
}

export interface UserGroupRow {
  id: number;
  name: string;
  description: string;
  is_system_group: number;
  max_role: number | null;
}
