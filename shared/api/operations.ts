// Each operation's params and result, by operation name. Path parameters are params like any
// other; the operation table says which part of the request each one goes to.
import type { PresenceAnswer, UpdatePresenceParams } from './presence';
import type { ServiceEvent } from './events';
import type { RegisterQueueParams, RegisterQueueResult } from './registration';
import type { ChannelTopic } from './channel-topics';
import type { DraftData } from './drafts';
import type { Invite, RevokeInviteLinkParams } from './invites';
import type {
  Channel,
  ChannelFolder,
  CustomProfileField,
  Linkifier,
  ListFieldData,
  Message,
  MessageType,
  NarrowTerm,
  OpenRecord,
  PushRegistration,
  ReactionType,
  SavedSnippet,
  ScheduledMessage,
  ServerSettings,
  User,
} from './records';

/** Every success answer: extra fields are kept, unsupported parameters are reported. */
export interface SuccessEnvelope extends OpenRecord {
  result: 'success';
  msg: string;
  /** Since feature level 167: the request's parameters this endpoint ignored. */
  ignored_parameters_unsupported?: string[];
}

export type Success<T> = T & SuccessEnvelope;

// Empty success answers carry nothing beyond the envelope.
type Empty = Record<never, never>;

export interface CreateScheduledMessageParams {
  type: MessageType;
  to: number | number[];
  content: string;
  topic?: string;
  scheduled_delivery_timestamp: number;
  read_by_sender?: boolean;
}

export interface EditScheduledMessageParams {
  scheduled_message_id: number;
  type?: MessageType;
  to?: number | number[];
  content?: string;
  topic?: string;
  scheduled_delivery_timestamp?: number;
}

export interface SetTypingStatusParams {
  type?: 'direct' | 'stream' | 'channel';
  op: 'start' | 'stop';
  to?: number[];
  stream_id?: number;
  topic?: string;
}

export interface GetEventsParams {
  queue_id: string;
  last_event_id?: number;
  dont_block?: boolean;
}

export interface UpdateUserTopicParams {
  stream_id: number;
  topic: string;
  visibility_policy: number;
}

export interface UpdateChannelFolderParams {
  channel_folder_id: number;
  name?: string;
  description?: string;
  is_archived?: boolean;
}

export interface CreateChannelFolderParams {
  name: string;
  /** Must be passed; may be empty. */
  description: string;
}

export interface CheckMessagesMatchNarrowParams {
  msg_ids: number[];
  narrow: NarrowTerm[];
}

export interface CreateCustomProfileFieldParams {
  name?: string;
  hint?: string;
  field_type: number;
  field_data?: ListFieldData | Record<string, unknown>;
  display_in_profile_summary?: boolean;
  required?: boolean;
  editable_by_user?: boolean;
}

/** The user's own status: the family's POST /users/me/status (not in the spec; on every level). */
export type UpdateOwnStatusParams = Omit<UpdateStatusForUserParams, 'user_id'>;

export interface UpdateStatusForUserParams {
  user_id: number;
  /** Empty string clears the status. */
  status_text?: string;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: ReactionType;
}

export interface DeleteTopicParams {
  stream_id: number;
  /** The empty topic is written as realm_empty_topic_display_name. */
  topic_name: string;
}

export interface CreateInviteLinkParams {
  /** null = never expires; absent = the server's default. */
  invite_expires_in_minutes?: number | null;
  invite_as?: number;
  stream_ids?: number[];
  group_ids?: number[];
  include_realm_default_subscriptions?: boolean;
  /** null = organization default; empty string = none. */
  welcome_message_custom_text?: string | null;
}

export type RegisterPushDeviceParams = PushRegistration;

export interface RemoveReactionParams {
  message_id: number;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: ReactionType;
}

export interface AddReactionParams {
  message_id: number;
  emoji_name: string;
  emoji_code?: string;
  reaction_type?: ReactionType;
}

/** Which messages a move takes: the one named, it and the later ones of its topic, or the whole topic. */
export type PropagateMode = 'change_one' | 'change_later' | 'change_all';

/** A content edit, or a move of messages to another topic or channel (resolving a topic is a move to its "✔ " name). */
export interface UpdateMessageParams {
  message_id: number;
  content?: string;
  topic?: string;
  stream_id?: number;
  propagate_mode?: PropagateMode;
  send_notification_to_old_thread?: boolean;
  send_notification_to_new_thread?: boolean;
}

export interface DeleteMessageParams {
  message_id: number;
}

export interface CreateUserParams {
  email: string;
  password: string;
  full_name: string;
}

export interface UpdateMessageFlagsParams {
  messages: number[];
  op: 'add' | 'remove';
  flag: string;
}

/** The reference's neighbour of flag updates: a range of a narrow, around an anchor. */
export interface UpdateMessageFlagsForNarrowParams {
  anchor: number | 'newest' | 'oldest' | 'first_unread';
  include_anchor?: boolean;
  num_before: number;
  num_after: number;
  narrow: NarrowTerm[];
  op: 'add' | 'remove';
  flag: string;
}

export interface EditSavedSnippetParams {
  saved_snippet_id: number;
  title?: string;
  content?: string;
}

export interface GetChannelsParams {
  include_public?: boolean;
  include_web_public?: boolean;
  include_subscribed?: boolean;
  exclude_archived?: boolean;
  include_all?: boolean;
  include_default?: boolean;
  include_owner_subscribed?: boolean;
  include_can_access_content?: boolean;
  /** Deprecated: needs administrative privileges; include_all replaces it. */
  include_all_active?: boolean;
}

export interface DeactivateUserParams {
  user_id: number;
  deactivation_notification_comment?: string;
}

/** The reference's neighbour of deactivation (POST /users/{user_id}/reactivate). */
export interface ReactivateUserParams {
  user_id: number;
}

/** The family's topic history of a channel (not in the spec). */
export interface GetChannelTopicsParams {
  stream_id: number;
}

/** The family's server-side drafts (not in the spec): created together, edited and deleted one at a time. */
export interface CreateDraftsParams {
  drafts: DraftData[];
}
export interface EditDraftParams {
  draft_id: number;
  draft: DraftData;
}
export interface DeleteDraftParams {
  draft_id: number;
}

/** The family's muting (not in the spec): the user whose messages are to show hidden, or no longer. */
export interface MuteUserParams {
  muted_user_id: number;
}

/** The reference's PATCH /users/{user_id}, as bulk jobs use it: the role (100 owner … 600 guest), custom profile field values. */
export interface UpdateUserParams {
  user_id: number;
  role?: number;
  profile_data?: { id: number; value: string }[];
}

export interface UpdateLinkifierParams {
  filter_id: number;
  pattern: string;
  url_template: string;
}

export interface GetUsersParams {
  client_gravatar?: boolean;
  include_custom_profile_fields?: boolean;
  user_ids?: number[];
}

export interface GetUserByEmailParams {
  /** The real email or the placeholder `user<user_id>@<realm_host>`. */
  email: string;
  client_gravatar?: boolean;
  include_custom_profile_fields?: boolean;
}

export interface DeleteQueueParams {
  queue_id: string;
}

export interface DeleteScheduledMessageParams {
  scheduled_message_id: number;
}

export interface SendMessageParams {
  type: MessageType;
  /** Channel ID (or name) for channel messages; user IDs for direct messages. */
  to: number | string | number[];
  topic?: string;
  content: string;
  queue_id?: string;
  local_id?: string;
  read_by_sender?: boolean;
}

export type Anchor = number | 'newest' | 'oldest' | 'first_unread';

export interface GetMessagesParams {
  anchor?: Anchor;
  include_anchor?: boolean;
  num_before: number;
  num_after: number;
  narrow?: NarrowTerm[];
  client_gravatar?: boolean;
  apply_markdown?: boolean;
}

export interface GetChannelFoldersParams {
  include_archived?: boolean;
}

export interface CreateSavedSnippetParams {
  title: string;
  content: string;
}

export interface DeleteSavedSnippetParams {
  saved_snippet_id: number;
}

/**
 * Channels are named, not numbered, here: the family subscribes by name (reference: not shown in
 * the spec). A name no channel has creates one, with the description given, private if asked.
 */
export interface SubscribeParams {
  subscriptions: { name: string; description?: string }[];
  invite_only?: boolean;
}

/** Settings of the caller's own subscriptions (reference: not shown in the spec), e.g. is_muted. */
export interface UpdateSubscriptionSettingsParams {
  subscription_data: { stream_id: number; property: string; value: boolean | string }[];
}

/** One version of a message in its edit history (reference: not shown in the spec), oldest first: the first is the message as sent. */
export interface MessageHistoryEntry {
  user_id: number | null;
  timestamp: number;
  /** The topic, content and rendering as they stood after this version. */
  topic: string;
  content?: string;
  rendered_content?: string | null;
  prev_topic?: string;
  prev_content?: string;
  stream?: number;
  prev_stream?: number;
}

/** An event on a message's widget (reference: not shown in the spec); content is the event as JSON text. */
export interface SendSubmessageParams {
  message_id: number;
  msg_type: 'widget';
  content: string;
}

/** A channel's name and description changed (reference: not shown in the spec); only what is given changes. */
export interface UpdateChannelParams {
  stream_id: number;
  new_name?: string;
  description?: string;
}

/** The caller's own subscriptions, by channel name. */
export interface UnsubscribeParams {
  subscriptions: string[];
}

export interface MatchedMessage extends OpenRecord {
  match_content: string;
  match_subject: string;
}

/** Params and result of every operation the client calls. */
export interface Operations {
  createScheduledMessage: { params: CreateScheduledMessageParams; result: { scheduled_message_id: number } };
  editScheduledMessage: { params: EditScheduledMessageParams; result: Empty };
  setTypingStatus: { params: SetTypingStatusParams; result: Empty };
  getEvents: { params: GetEventsParams; result: { events: ServiceEvent[]; queue_id: string } };
  updateUserTopic: { params: UpdateUserTopicParams; result: Empty };
  updateChannelFolder: { params: UpdateChannelFolderParams; result: Empty };
  createChannelFolder: { params: CreateChannelFolderParams; result: { channel_folder_id: number } };
  checkMessagesMatchNarrow: {
    params: CheckMessagesMatchNarrowParams;
    result: { messages: Record<string, MatchedMessage> };
  };
  createCustomProfileField: { params: CreateCustomProfileFieldParams; result: { id: number } };
  updateStatusForUser: { params: UpdateStatusForUserParams; result: Empty };
  updateOwnStatus: { params: UpdateOwnStatusParams; result: Empty };
  /** The user's own settings: the family's PATCH /settings (not in the spec), the ones the app changes. */
  updateSettings: { params: { twenty_four_hour_time?: boolean }; result: Empty };
  /** The family's alert words (not in the spec): each answers the user's whole list after the change. */
  addAlertWords: { params: { alert_words: string[] }; result: { alert_words: string[] } };
  removeAlertWords: { params: { alert_words: string[] }; result: { alert_words: string[] } };
  /** The family's compose preview: the HTML a message's Markdown would be sent as. */
  renderMessage: { params: { content: string }; result: { rendered: string } };
  deleteTopic: { params: DeleteTopicParams; result: { complete: boolean } };
  createInviteLink: { params: CreateInviteLinkParams; result: { invite_link: string } };
  registerPushDevice: { params: RegisterPushDeviceParams; result: Empty };
  removeReaction: { params: RemoveReactionParams; result: Empty };
  addReaction: { params: AddReactionParams; result: Empty };
  updateMessage: { params: UpdateMessageParams; result: Empty };
  deleteMessage: { params: DeleteMessageParams; result: Empty };
  createUser: { params: CreateUserParams; result: { user_id: number } };
  updateMessageFlags: {
    params: UpdateMessageFlagsParams;
    result: { messages: number[]; ignored_because_not_subscribed_channels?: number[] };
  };
  updateMessageFlagsForNarrow: {
    params: UpdateMessageFlagsForNarrowParams;
    result: {
      processed_count: number;
      updated_count: number;
      first_processed_id: number | null;
      last_processed_id: number | null;
      found_oldest: boolean;
      found_newest: boolean;
      ignored_because_not_subscribed_channels?: number[];
    };
  };
  editSavedSnippet: { params: EditSavedSnippetParams; result: Empty };
  getChannels: { params: GetChannelsParams; result: { streams: Channel[] } };
  deactivateUser: { params: DeactivateUserParams; result: Empty };
  updateLinkifier: { params: UpdateLinkifierParams; result: Empty };
  getUsers: { params: GetUsersParams; result: { members: User[] } };
  getUserByEmail: { params: GetUserByEmailParams; result: { user: User } };
  /** The caller's own user, whatever the organization shows of email addresses (neighbours.json get-own-user). */
  getOwnUser: { params: Empty; result: User & { max_message_id?: number } };
  getServerSettings: { params: Empty; result: ServerSettings };
  /** The client reports the user active or idle, and hears everyone's presence (neighbours.json). */
  updatePresence: { params: UpdatePresenceParams; result: PresenceAnswer };
  registerQueue: { params: RegisterQueueParams; result: RegisterQueueResult };
  deleteQueue: { params: DeleteQueueParams; result: Empty };
  getScheduledMessages: { params: Empty; result: { scheduled_messages: ScheduledMessage[] } };
  deleteScheduledMessage: { params: DeleteScheduledMessageParams; result: Empty };
  sendMessage: { params: SendMessageParams; result: { id: number } };
  getMessages: {
    params: GetMessagesParams;
    result: {
      messages: Message[];
      found_newest: boolean;
      found_oldest: boolean;
      found_anchor?: boolean;
      anchor: number;
      history_limited?: boolean;
    };
  };
  getChannelFolders: { params: GetChannelFoldersParams; result: { channel_folders: ChannelFolder[] } };
  getSavedSnippets: { params: Empty; result: { saved_snippets: SavedSnippet[] } };
  createSavedSnippet: { params: CreateSavedSnippetParams; result: { saved_snippet_id: number } };
  deleteSavedSnippet: { params: DeleteSavedSnippetParams; result: Empty };
  getCustomProfileFields: { params: Empty; result: { custom_fields: CustomProfileField[] } };
  getLinkifiers: { params: Empty; result: { linkifiers: Linkifier[] } };
  getInvites: { params: Empty; result: { invites: Invite[] } };
  revokeInviteLink: { params: RevokeInviteLinkParams; result: Empty };
  reactivateUser: { params: ReactivateUserParams; result: Empty };
  getChannelTopics: { params: GetChannelTopicsParams; result: { topics: ChannelTopic[] } };
  /** The new drafts' ids, in the order given. */
  createDrafts: { params: CreateDraftsParams; result: { ids: number[] } };
  editDraft: { params: EditDraftParams; result: Empty };
  deleteDraft: { params: DeleteDraftParams; result: Empty };
  muteUser: { params: MuteUserParams; result: Empty };
  unmuteUser: { params: MuteUserParams; result: Empty };
  updateUser: { params: UpdateUserParams; result: Empty };
  /** Per user id (as a string), the names of the channels subscribed to now, and of those already subscribed to. */
  subscribe: { params: SubscribeParams; result: { subscribed: Record<string, string[]>; already_subscribed: Record<string, string[]> } };
  unsubscribe: { params: UnsubscribeParams; result: { removed: string[]; not_removed: string[] } };
  updateChannel: { params: UpdateChannelParams; result: Empty };
  /** The family's look-up of a channel the user can see, by name. */
  getStreamId: { params: { stream: string }; result: { stream_id: number } };
  updateSubscriptionSettings: { params: UpdateSubscriptionSettingsParams; result: Empty };
  sendSubmessage: { params: SendSubmessageParams; result: Empty };
  getMessageHistory: { params: { message_id: number }; result: { message_history: MessageHistoryEntry[] } };
  /** Who has read the message (not its sender, nor bots, nor those who send no read receipts). */
  getReadReceipts: { params: { message_id: number }; result: { user_ids: number[] } };
}

export type OperationName = keyof Operations;
export type ParamsOf<K extends OperationName> = Operations[K]['params'];
export type ResultOf<K extends OperationName> = Success<Operations[K]['result']>;
