// The events GET /events delivers that the client applies (spec "Events"; the payloads the spec
// does not show follow reference/events.json and semantics.md (d)). Every event has `id` and
// `type`; anything else the server adds is kept (OpenRecord).
import type {
  Channel,
  ChannelFolder,
  CustomProfileField,
  Message,
  OpenRecord,
  ReactionType,
  SavedSnippet,
  ScheduledMessage,
  SubscriptionEntry,
  User,
} from './records';
import { z } from 'zod';
import {
  channelFolderSchema,
  channelSchema,
  customProfileFieldSchema,
  firstProblem,
  linkifierSchema,
  reactionSchema,
  recordId,
  savedSnippetSchema,
  scheduledMessageSchema,
  subscriptionSchema,
  topicPreferenceSchema,
  userSchema,
  userStatusSchema,
  messageSchema,
} from './record-schemas';
import { serverDraftSchema, type ServerDraft } from './drafts';
import { mutedUserSchema, type MutedUser } from './muted-users';
import { presenceEventSchema } from './presence';
import { quickProblem } from './quick-check';

interface EventBase extends OpenRecord {
  id: number;
}

export type SettingValue = boolean | number | string;

// realm_user update: `person` has user_id plus exactly one of these groups.
interface PersonBase extends OpenRecord {
  user_id: number;
}
export interface PersonFullName extends PersonBase {
  full_name: string;
}
export interface PersonAvatar extends PersonBase {
  avatar_url: string | null;
  /** `G` third-party provider, `U` uploaded. */
  avatar_source: string;
  avatar_url_medium: string | null;
  avatar_version: number;
}
export interface PersonTimezone extends PersonBase {
  /** Deprecated. */
  email?: string;
  timezone: string;
}
export interface PersonBotOwner extends PersonBase {
  bot_owner_id: number;
}
export interface PersonRole extends PersonBase {
  role: number;
}
export interface PersonDeliveryEmail extends PersonBase {
  delivery_email: string | null;
}
export interface PersonCustomProfileField extends PersonBase {
  custom_profile_field: { id: number; value: string | null; rendered_value?: string };
}
export interface PersonNewEmail extends PersonBase {
  new_email: string;
}
/** Deactivation and reactivation (feature level 222; earlier realm_user remove/add). */
export interface PersonIsActive extends PersonBase {
  is_active: boolean;
}
export type PersonUpdate =
  | PersonFullName
  | PersonAvatar
  | PersonTimezone
  | PersonBotOwner
  | PersonRole
  | PersonDeliveryEmail
  | PersonCustomProfileField
  | PersonNewEmail
  | PersonIsActive;

export interface RealmUserAddEvent extends EventBase {
  type: 'realm_user';
  op: 'add';
  person: User;
}
export interface RealmUserUpdateEvent extends EventBase {
  type: 'realm_user';
  op: 'update';
  person: PersonUpdate;
}
export interface RealmUserRemoveEvent extends EventBase {
  type: 'realm_user';
  op: 'remove';
  person: { user_id: number; full_name?: string };
}

export interface SubscriptionAddEvent extends EventBase {
  type: 'subscription';
  op: 'add';
  subscriptions: SubscriptionEntry[];
}
export interface SubscriptionRemoveEvent extends EventBase {
  type: 'subscription';
  op: 'remove';
  subscriptions: { stream_id: number; name: string }[];
}
export interface SubscriptionUpdateEvent extends EventBase {
  type: 'subscription';
  op: 'update';
  stream_id: number;
  property: string;
  value: SettingValue;
}
export interface SubscriptionPeerEvent extends EventBase {
  type: 'subscription';
  op: 'peer_add' | 'peer_remove';
  stream_ids: number[];
  user_ids: number[];
}

export interface StreamCreateEvent extends EventBase {
  type: 'stream';
  op: 'create';
  streams: Channel[];
}
export interface StreamDeleteEvent extends EventBase {
  type: 'stream';
  op: 'delete';
  stream_ids: number[];
  /** Deprecated. */
  streams?: { stream_id: number }[];
}
export interface StreamUpdateEvent extends EventBase {
  type: 'stream';
  op: 'update';
  stream_id: number;
  name: string;
  /** Unknown properties must be ignored. */
  property: string;
  value: SettingValue | { direct_members: number[]; direct_subgroups: number[] } | null;
  rendered_description?: string;
  history_public_to_subscribers?: boolean;
  is_web_public?: boolean;
}

export interface ChannelFolderAddEvent extends EventBase {
  type: 'channel_folder';
  op: 'add';
  channel_folder: ChannelFolder;
}
export interface ChannelFolderUpdateEvent extends EventBase {
  type: 'channel_folder';
  op: 'update';
  channel_folder_id: number;
  data: { name?: string; description?: string; rendered_description?: string; is_archived?: boolean };
}

/**
 * The organization's user groups changed (the family's, not in the spec; reference/events.json):
 * a group added, its fields or settings updated, members or subgroups added or removed, or the
 * group gone (deactivated, to a client without the include_deactivated_groups capability).
 */
export interface UserGroupAddEvent extends EventBase {
  type: 'user_group';
  op: 'add';
  group: OpenRecord & { id: number; name: string };
}
export interface UserGroupUpdateEvent extends EventBase {
  type: 'user_group';
  op: 'update';
  group_id: number;
  data: OpenRecord;
}
export interface UserGroupMembersEvent extends EventBase {
  type: 'user_group';
  op: 'add_members' | 'remove_members';
  group_id: number;
  user_ids: number[];
}
export interface UserGroupSubgroupsEvent extends EventBase {
  type: 'user_group';
  op: 'add_subgroups' | 'remove_subgroups';
  group_id: number;
  direct_subgroup_ids: number[];
}
export interface UserGroupRemoveEvent extends EventBase {
  type: 'user_group';
  op: 'remove';
  group_id: number;
}

/** The organization's custom emoji after a change, all of them (the family's, not in the spec). */
export interface RealmEmojiUpdateEvent extends EventBase {
  type: 'realm_emoji';
  op: 'update';
  realm_emoji: Record<string, OpenRecord>;
}

/** The family's server-side drafts (not in the spec): added, edited and removed on any of the user's devices. */
export interface DraftsAddEvent extends EventBase {
  type: 'drafts';
  op: 'add';
  drafts: ServerDraft[];
}
export interface DraftsUpdateEvent extends EventBase {
  type: 'drafts';
  op: 'update';
  draft: ServerDraft;
}
export interface DraftsRemoveEvent extends EventBase {
  type: 'drafts';
  op: 'remove';
  draft_id: number;
}

export interface SavedSnippetsAddEvent extends EventBase {
  type: 'saved_snippets';
  op: 'add' | 'update';
  saved_snippet: SavedSnippet;
}
export interface SavedSnippetsRemoveEvent extends EventBase {
  type: 'saved_snippets';
  op: 'remove';
  saved_snippet_id: number;
}

/** The full list, no `op`. */
export interface CustomProfileFieldsEvent extends EventBase {
  type: 'custom_profile_fields';
  fields: CustomProfileField[];
}

/** The full list, no `op`; the reference names each linkifier's ID `id`, the spec `filter_id`. */
export interface RealmLinkifiersEvent extends EventBase {
  type: 'realm_linkifiers';
  realm_linkifiers: OpenRecord[];
}

export interface ScheduledMessagesAddEvent extends EventBase {
  type: 'scheduled_messages';
  op: 'add';
  scheduled_messages: ScheduledMessage[];
}
export interface ScheduledMessagesUpdateEvent extends EventBase {
  type: 'scheduled_messages';
  op: 'update';
  scheduled_message: ScheduledMessage;
}
export interface ScheduledMessagesRemoveEvent extends EventBase {
  type: 'scheduled_messages';
  op: 'remove';
  scheduled_message_id: number;
}

export interface UserTopicEvent extends EventBase {
  type: 'user_topic';
  stream_id: number;
  topic_name: string;
  last_updated: number;
  visibility_policy: number;
}

export interface ReactionEvent extends EventBase {
  type: 'reaction';
  op: 'add' | 'remove';
  message_id: number;
  emoji_name: string;
  emoji_code: string;
  reaction_type: ReactionType;
  user_id: number;
}

export interface UpdateMessageFlagsEvent extends EventBase {
  type: 'update_message_flags';
  op: 'add' | 'remove';
  flag: string;
  messages: number[];
  all: boolean;
  /** remove + read only: what the client needs to re-count unreads. */
  message_details?: Record<string, OpenRecord>;
}

export interface MessageEvent extends EventBase {
  type: 'message';
  message: Message;
  flags: string[];
  /** The `local_id` the message was sent with, to the queue it was sent with only. */
  local_message_id?: string;
}

/** A message's content edited, or messages moved to another topic or channel. */
export interface UpdateMessageEvent extends EventBase {
  type: 'update_message';
  message_id: number;
  /** Every message the edit applies to (several when a topic move propagates). */
  message_ids: number[];
  user_id?: number | null;
  edit_timestamp: number;
  content?: string;
  rendered_content?: string;
  is_me_message?: boolean;
  stream_id?: number;
  new_stream_id?: number;
  /** The topic the messages had before a move (present when they moved). */
  orig_subject?: string;
  subject?: string;
  /** Which of the topic's messages a move took: `change_one`, `change_later` (it and those after) or `change_all`. */
  propagate_mode?: string;
  topic_links?: { text: string; url: string }[];
  rendering_only?: boolean;
  /** The user's flags of message_id after the edit: the server reads mentions and alert words again. */
  flags?: string[];
}

/** Messages deleted: message_ids with the bulk_message_deletion capability, else message_id. */
export interface DeleteMessageEvent extends EventBase {
  type: 'delete_message';
  message_ids?: number[];
  message_id?: number;
  message_type: 'private' | 'stream';
  /** Where the deleted channel messages were. */
  stream_id?: number;
  topic?: string;
}

/** A widget's submessage (a poll vote, say) added to a message. */
export interface SubmessageEvent extends EventBase {
  type: 'submessage';
  msg_type: string;
  message_id: number;
  submessage_id: number;
  sender_id: number;
  content: string;
}

/** An organization setting changed: `realm_<property>` in registration's terms. */
export interface RealmUpdateEvent extends EventBase {
  type: 'realm';
  op: 'update';
  property: string;
  value: SettingValue | null | OpenRecord;
}

/** Several organization settings changed at once. */
export interface RealmUpdateDictEvent extends EventBase {
  type: 'realm';
  op: 'update_dict';
  property: string;
  data: OpenRecord;
}

export interface TypingEvent extends EventBase {
  type: 'typing';
  op: 'start' | 'stop';
  message_type: 'direct' | 'stream';
  sender: { user_id: number; email: string };
  /** Direct messages only. */
  recipients?: { user_id: number; email: string }[];
  /** Channel messages only. */
  stream_id?: number;
  topic?: string;
}

export interface UserStatusEvent extends EventBase {
  type: 'user_status';
  user_id: number;
  status_text?: string;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: ReactionType;
  /** Deprecated. */
  away?: boolean;
}

/** Someone came back online (or appeared): their presence as of now, in the legacy per-client form. */
export interface PresenceEvent extends EventBase {
  type: 'presence';
  user_id: number;
  /** Deprecated; absent with slim_presence. */
  email?: string;
  server_timestamp: number;
  presence: Record<string, { status: 'active' | 'idle'; timestamp: number; client?: string; pushable?: boolean }>;
}

export interface AlertWordsEvent extends EventBase {
  type: 'alert_words';
  alert_words: string[];
}

/** The whole list of users this one muted, after a change (the family's, not in the spec). */
export interface MutedUsersEvent extends EventBase {
  type: 'muted_users';
  muted_users: MutedUser[];
}

/** Deprecated since feature level 89, replaced by user_settings update. */
export interface UpdateDisplaySettingsEvent extends EventBase {
  type: 'update_display_settings';
  user: string;
  setting_name: string;
  setting: SettingValue;
  language_name?: string;
}

/** Deprecated since feature level 89, replaced by user_settings update. */
export interface UpdateGlobalNotificationsEvent extends EventBase {
  type: 'update_global_notifications';
  user: string;
  notification_name: string;
  setting: SettingValue;
}

export interface UserSettingsUpdateEvent extends EventBase {
  type: 'user_settings';
  op: 'update';
  property: string;
  value: SettingValue;
  language_name?: string;
}

export interface HeartbeatEvent extends EventBase {
  type: 'heartbeat';
}

/** The server restarted; a new feature level may apply. */
export interface RestartEvent extends EventBase {
  type: 'restart';
  service_version: string;
  service_merge_base: string;
  service_feature_level: number;
  server_generation: number;
}

export type KnownEvent =
  | RealmUserAddEvent
  | RealmUserUpdateEvent
  | RealmUserRemoveEvent
  | SubscriptionAddEvent
  | SubscriptionRemoveEvent
  | SubscriptionUpdateEvent
  | SubscriptionPeerEvent
  | StreamCreateEvent
  | StreamDeleteEvent
  | StreamUpdateEvent
  | ChannelFolderAddEvent
  | ChannelFolderUpdateEvent
  | UserGroupAddEvent
  | UserGroupUpdateEvent
  | UserGroupMembersEvent
  | UserGroupSubgroupsEvent
  | UserGroupRemoveEvent
  | RealmEmojiUpdateEvent
  | SavedSnippetsAddEvent
  | SavedSnippetsRemoveEvent
  | DraftsAddEvent
  | DraftsUpdateEvent
  | DraftsRemoveEvent
  | CustomProfileFieldsEvent
  | RealmLinkifiersEvent
  | ScheduledMessagesAddEvent
  | ScheduledMessagesUpdateEvent
  | ScheduledMessagesRemoveEvent
  | UserTopicEvent
  | ReactionEvent
  | UpdateMessageFlagsEvent
  | MessageEvent
  | UpdateMessageEvent
  | DeleteMessageEvent
  | SubmessageEvent
  | RealmUpdateEvent
  | RealmUpdateDictEvent
  | TypingEvent
  | UserStatusEvent
  | PresenceEvent
  | AlertWordsEvent
  | MutedUsersEvent
  | UpdateDisplaySettingsEvent
  | UpdateGlobalNotificationsEvent
  | UserSettingsUpdateEvent
  | HeartbeatEvent
  | RestartEvent;

/** Any other event type or op: kept as received, for the sync layer to skip. */
export interface UnknownEvent extends EventBase {
  type: string;
  op?: string;
}

export type ServiceEvent = KnownEvent | UnknownEvent;

/** The ops of each known type; null for types that carry no `op`. */
export const KNOWN_EVENTS: { readonly [T in KnownEvent['type']]: readonly string[] | null } = {
  realm_user: ['add', 'update', 'remove'],
  subscription: ['add', 'remove', 'update', 'peer_add', 'peer_remove'],
  stream: ['create', 'delete', 'update'],
  channel_folder: ['add', 'update'],
  user_group: ['add', 'update', 'add_members', 'remove_members', 'add_subgroups', 'remove_subgroups', 'remove'],
  realm_emoji: ['update'],
  saved_snippets: ['add', 'update', 'remove'],
  drafts: ['add', 'update', 'remove'],
  custom_profile_fields: null,
  realm_linkifiers: null,
  scheduled_messages: ['add', 'update', 'remove'],
  user_topic: null,
  reaction: ['add', 'remove'],
  update_message_flags: ['add', 'remove'],
  message: null,
  update_message: null,
  delete_message: null,
  submessage: null,
  realm: ['update', 'update_dict'],
  typing: ['start', 'stop'],
  user_status: null,
  presence: null,
  alert_words: null,
  muted_users: null,
  update_display_settings: null,
  update_global_notifications: null,
  user_settings: ['update'],
  heartbeat: null,
  restart: null,
};

/** Narrows an event to the union the sync layer can switch on exhaustively. */
export function isKnownEvent(event: ServiceEvent): event is KnownEvent {
  if (!Object.hasOwn(KNOWN_EVENTS, event.type)) return false;
  const ops = KNOWN_EVENTS[event.type as KnownEvent['type']];
  return ops === null || (typeof event.op === 'string' && ops.includes(event.op));
}

// What the mirror reads of each known event, checked before it is applied: an event that
// fails is skipped and reported, and its batch goes on.
const idList = z.array(recordId);
const anyValue = z.unknown();
const EVENT_FIELDS = {
  realm_user: {
    add: z.looseObject({ person: userSchema }),
    update: z.looseObject({
      person: z.looseObject({
        user_id: recordId,
        custom_profile_field: z.looseObject({ id: recordId, value: z.string().nullable(), rendered_value: z.string().optional() }).optional(),
        new_email: z.string().optional(),
        role: z.number().int().optional(),
      }),
    }),
    remove: z.looseObject({ person: z.looseObject({ user_id: recordId }) }),
  },
  subscription: {
    add: z.looseObject({ subscriptions: z.array(subscriptionSchema) }),
    remove: z.looseObject({ subscriptions: z.array(subscriptionSchema) }),
    update: z.looseObject({ stream_id: recordId, property: z.string(), value: anyValue }),
    peer_add: z.looseObject({}),
    peer_remove: z.looseObject({}),
  },
  stream: {
    create: z.looseObject({ streams: z.array(channelSchema) }),
    delete: z.looseObject({ stream_ids: idList.optional(), streams: z.array(subscriptionSchema).optional() }),
    update: z.looseObject({
      stream_id: recordId,
      property: z.string(),
      value: anyValue,
      rendered_description: z.string().optional(),
      history_public_to_subscribers: z.boolean().optional(),
      is_web_public: z.boolean().optional(),
    }),
  },
  channel_folder: {
    add: z.looseObject({ channel_folder: channelFolderSchema }),
    update: z.looseObject({ channel_folder_id: recordId, data: z.looseObject({}) }),
  },
  user_group: {
    add: z.looseObject({ group: z.looseObject({ id: recordId, name: z.string() }) }),
    update: z.looseObject({ group_id: recordId, data: z.looseObject({}) }),
    add_members: z.looseObject({ group_id: recordId, user_ids: idList }),
    remove_members: z.looseObject({ group_id: recordId, user_ids: idList }),
    add_subgroups: z.looseObject({ group_id: recordId, direct_subgroup_ids: idList }),
    remove_subgroups: z.looseObject({ group_id: recordId, direct_subgroup_ids: idList }),
    remove: z.looseObject({ group_id: recordId }),
  },
  realm_emoji: { update: z.looseObject({ realm_emoji: z.record(z.string(), z.looseObject({})) }) },
  saved_snippets: {
    add: z.looseObject({ saved_snippet: savedSnippetSchema }),
    update: z.looseObject({ saved_snippet: savedSnippetSchema }),
    remove: z.looseObject({ saved_snippet_id: recordId }),
  },
  drafts: {
    add: z.looseObject({ drafts: z.array(serverDraftSchema) }),
    update: z.looseObject({ draft: serverDraftSchema }),
    remove: z.looseObject({ draft_id: recordId }),
  },
  custom_profile_fields: z.looseObject({ fields: z.array(customProfileFieldSchema) }),
  realm_linkifiers: z.looseObject({ realm_linkifiers: z.array(linkifierSchema) }),
  scheduled_messages: {
    add: z.looseObject({ scheduled_messages: z.array(scheduledMessageSchema) }),
    update: z.looseObject({ scheduled_message: scheduledMessageSchema }),
    remove: z.looseObject({ scheduled_message_id: recordId }),
  },
  user_topic: topicPreferenceSchema,
  reaction: {
    add: reactionSchema.extend({ message_id: recordId }),
    remove: reactionSchema.extend({ message_id: recordId }),
  },
  update_message_flags: {
    add: z.looseObject({ flag: z.string(), messages: idList, all: z.boolean().optional() }),
    remove: z.looseObject({ flag: z.string(), messages: idList, all: z.boolean().optional() }),
  },
  message: z.looseObject({ message: messageSchema, flags: z.array(z.string()).optional(), local_message_id: z.string().optional() }),
  update_message: z.looseObject({
    message_id: recordId,
    message_ids: idList,
    edit_timestamp: z.number(),
    content: z.string().optional(),
    rendered_content: z.string().optional(),
    stream_id: recordId.optional(),
    orig_subject: z.string().optional(),
    subject: z.string().optional(),
    new_stream_id: recordId.optional(),
    propagate_mode: z.string().optional(),
    rendering_only: z.boolean().optional(),
    flags: z.array(z.string()).optional(),
    topic_links: z.array(z.looseObject({})).optional(),
  }),
  delete_message: z.looseObject({ message_ids: idList.optional(), message_id: recordId.optional(), stream_id: recordId.optional(), topic: z.string().optional() }),
  submessage: z.looseObject({ msg_type: z.string(), message_id: recordId, submessage_id: recordId, sender_id: recordId, content: z.string() }),
  realm: {
    update: z.looseObject({ property: z.string(), value: anyValue }),
    update_dict: z.looseObject({ property: z.string(), data: z.looseObject({}) }),
  },
  typing: {
    start: z.looseObject({ sender: z.looseObject({ user_id: recordId }) }),
    stop: z.looseObject({ sender: z.looseObject({ user_id: recordId }) }),
  },
  user_status: userStatusSchema.extend({ user_id: recordId }),
  presence: presenceEventSchema,
  alert_words: z.looseObject({ alert_words: z.array(z.string()) }),
  muted_users: z.looseObject({ muted_users: z.array(mutedUserSchema) }),
  update_display_settings: z.looseObject({ setting_name: z.string(), setting: anyValue }),
  update_global_notifications: z.looseObject({ notification_name: z.string(), setting: anyValue }),
  user_settings: { update: z.looseObject({ property: z.string(), value: anyValue }) },
  heartbeat: z.looseObject({}),
  restart: z.looseObject({ service_version: z.string(), service_merge_base: z.string(), service_feature_level: z.number().int() }),
} satisfies { readonly [T in KnownEvent['type']]: z.ZodType | Readonly<Record<string, z.ZodType>> };


export type CheckedEvent =
  | { kind: 'known'; event: KnownEvent }
  | { kind: 'unknown'; event: UnknownEvent }
  | { kind: 'invalid'; event: unknown; problem: string };

/** Sorts one event from GET /events: known and well formed, of a type or op the app does not know, or malformed. */
export function checkEvent(event: unknown): CheckedEvent {
  // The envelope by hand: this runs for every event, and a schema for three fields costs as much as one for ten.
  const problem = envelopeProblem(event);
  if (problem) return { kind: 'invalid', event, problem };
  const candidate = event as ServiceEvent;
  if (!isKnownEvent(candidate)) return { kind: 'unknown', event: candidate };
  const fields: z.ZodType | Readonly<Record<string, z.ZodType>> = EVENT_FIELDS[candidate.type];
  const schema = fields instanceof z.ZodType ? fields : fields[candidate.op as string];
  const error = schema && quickProblem(schema, event);
  if (error) return { kind: 'invalid', event, problem: firstProblem(error) };
  return { kind: 'known', event: candidate };
}

function envelopeProblem(event: unknown): string | undefined {
  if (typeof event !== 'object' || event === null) return 'an event is not an object';
  const { id, type, op } = event as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isInteger(id)) return 'id: not an integer';
  if (typeof type !== 'string') return 'type: not a string';
  if (op !== undefined && typeof op !== 'string') return 'op: not a string';
  return undefined;
}
