// The initial state POST /register returns, section by section, each gated by the
// fetch_event_types entry real servers use for it.
import { canAccessChannelMetadata, isAdmin, isGuest, isModerator, isOwner } from '../access';
import { channelFolderRecord, channelFolders, MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH, MAX_CHANNEL_FOLDER_NAME_LENGTH } from '../areas/channelFolders';
import { MAX_CHANNEL_DESCRIPTION_LENGTH, MAX_CHANNEL_NAME_LENGTH } from '../areas/channels';
import { registrationDrafts } from '../areas/drafts';
import { linkifiersFor } from '../areas/linkifiers';
import { MESSAGE_EDITING } from '../areas/messageEdits';
import { MESSAGE_MOVING } from '../areas/messageMoves';
import { mutedUsers } from '../areas/mutedUsers';
import { FIELD_TYPE_NAMES, profileFieldRecords } from '../areas/profileFields';
import { savedSnippetRecord } from '../areas/savedSnippets';
import { scheduledRecord } from '../areas/scheduledMessages';
import { OFFLINE_THRESHOLD_SECONDS, PING_INTERVAL_SECONDS, presences } from '../areas/presence';
import { realmIconUrl } from '../areas/serverSettings';
import { userStatusRecord } from '../areas/userStatus';
import { userTopicRecord } from '../areas/userTopics';
import type { Sim } from '../context';
import type { SavedSnippetRow, ScheduledMessageRow, StreamRow, SubscriptionRow, UserGroupRow, UserRow, UserStatusRow, UserTopicRow } from '../db/rows';
import { editHistoryState } from '../editHistory/visibility';
import { SYSTEM_GROUP } from '../groups';
import { alertWordsOf } from '../messaging/alertWords';
import { MAX_MESSAGE_LENGTH } from '../messaging/send';
import { canCreateChannels, canCreateInviteLinks, canSubscribeOthers, REALM_PERMISSIONS } from '../permissions';
import { channelRecord, channelStatistics, subscriptionRecord } from '../records/channel';
import { FLAG } from '../records/message';
import { apiEmail, avatarUrl, profileDataByUser, userRecord, USER_RECORD_COLUMNS, type UserSource } from '../records/user';
import { MAX_TOPIC_LENGTH, shownTopic } from '../topics';
import type { QueueOptions } from './queues';
import { customEmojiPath } from '../http/files';

const TYPING = {
  server_typing_started_expiry_period_milliseconds: 45_000,
  server_typing_stopped_wait_period_milliseconds: 12_000,
  server_typing_started_wait_period_milliseconds: 30_000,
} as const;

type State = Record<string, unknown>;

export interface RegisterRequest {
  user: UserRow;
  fetch: ReadonlySet<string> | null;
  queue: QueueOptions;
  includeSubscribers: boolean;
  presenceHistoryDays: number | undefined;
}

export function initialState(sim: Sim, request: RegisterRequest): State {
  const wants = (type: string): boolean => request.fetch === null || request.fetch.has(type);
  const state: State = {};
  if (wants('realm_user')) Object.assign(state, users(sim, request));
  if (wants('subscription')) Object.assign(state, subscriptions(sim, request));
  if (wants('stream')) state['streams'] = streams(sim, request);
  if (wants('channel_folders')) state['channel_folders'] = channelFolders(sim).map(channelFolderRecord);
  if (wants('saved_snippets')) {
    const rows = sim.db.prepare('SELECT * FROM saved_snippets WHERE user_id = ? ORDER BY saved_snippet_id').all(request.user.user_id) as SavedSnippetRow[];
    state['saved_snippets'] = rows.map(savedSnippetRecord);
  }
  if (wants('drafts')) state['drafts'] = registrationDrafts(sim, request.user.user_id);
  if (wants('custom_profile_fields')) {
    state['custom_profile_fields'] = profileFieldRecords(sim);
    state['custom_profile_field_types'] = Object.fromEntries(FIELD_TYPE_NAMES.map(([id, key, name]) => [key, { id, name }]));
  }
  if (wants('realm_linkifiers')) state['realm_linkifiers'] = linkifiersFor(sim, request.queue.capabilities);
  if (wants('realm_filters')) state['realm_filters'] = [];
  if (wants('scheduled_messages')) state['scheduled_messages'] = scheduledMessages(sim, request);
  if (wants('user_topic')) state['user_topics'] = userTopics(sim, request);
  if (wants('user_status')) state['user_status'] = userStatuses(sim);
  if (wants('presence')) {
    Object.assign(state, presences(sim, { slim: request.queue.slimPresence, historyDays: request.presenceHistoryDays }), { server_timestamp: Date.now() / 1000 });
  }
  if (wants('message')) state['max_message_id'] = sim.db.prepare('SELECT COALESCE(MAX(id), -1) FROM messages').pluck().get();
  // Keeping unread counts current takes both kinds of events, so a real server sends them only for both.
  if (wants('message') && wants('update_message_flags')) state['unread_msgs'] = unreadMessages(sim, request);
  if (wants('starred_messages')) {
    state['starred_messages'] = sim.db.prepare(`SELECT message_id FROM user_messages WHERE user_id = ? AND (flags & ${FLAG.starred}) != 0 ORDER BY message_id`).pluck().all(request.user.user_id);
  }
  if (wants('realm_user_groups')) state['realm_user_groups'] = userGroups(sim);
  if (wants('default_streams')) state['realm_default_streams'] = sim.db.prepare('SELECT stream_id FROM streams WHERE is_default = 1 ORDER BY stream_id').pluck().all();
  if (wants('realm_emoji')) state['realm_emoji'] = realmEmoji(sim);
  if (wants('user_settings')) state['user_settings'] = userSettings(request.user);
  if (wants('alert_words')) state['alert_words'] = alertWordsOf(sim.db, request.user.user_id);
  if (wants('muted_users')) state['muted_users'] = mutedUsers(sim, request.user.user_id);
  if (wants('realm')) Object.assign(state, realm(sim));
  return state;
}

function users(sim: Sim, request: RegisterRequest): State {
  const { user } = request;
  const host = sim.realm().host;
  const view = { viewer: user, realmHost: host, clientGravatar: request.queue.clientGravatar, profileData: profileDataByUser(sim.db), includeIsActive: false };
  const active: Record<string, unknown>[] = [];
  const inactive: Record<string, unknown>[] = [];
  for (const row of sim.db.prepare(`SELECT ${USER_RECORD_COLUMNS} FROM users ORDER BY user_id`).iterate() as IterableIterator<UserSource>) {
    (row.is_active === 1 ? active : inactive).push(userRecord(row, view));
  }
  return {
    realm_users: active,
    realm_non_active_users: inactive,
    cross_realm_bots: [],
    user_id: user.user_id,
    email: apiEmail(user, host),
    delivery_email: user.email,
    full_name: user.full_name,
    is_owner: isOwner(user),
    is_admin: isAdmin(user),
    is_moderator: isModerator(user),
    is_guest: isGuest(user),
    avatar_source: 'G',
    avatar_url: avatarUrl(user),
    avatar_url_medium: `${avatarUrl(user)}&s=500`,
    can_create_streams: canCreateChannels(user),
    can_create_public_streams: canCreateChannels(user),
    can_create_private_streams: canCreateChannels(user),
    can_create_web_public_streams: isOwner(user),
    can_subscribe_other_users: canSubscribeOthers(user),
    can_invite_others_to_realm: canCreateInviteLinks(user),
  };
}

/** Archived channels are only for clients that declared the archived_channels capability. */
function visibleStreams(sim: Sim, request: RegisterRequest): StreamRow[] {
  const archivedToo = request.queue.capabilities['archived_channels'] === true;
  return (sim.db.prepare('SELECT * FROM streams ORDER BY stream_id').all() as StreamRow[]).filter((stream) => archivedToo || stream.is_archived === 0);
}

function subscriberLists(sim: Sim): Map<number, number[]> {
  const lists = new Map<number, number[]>();
  const rows = sim.db.prepare('SELECT s.stream_id, s.user_id FROM subscriptions s JOIN users u USING (user_id) WHERE s.active = 1 AND u.is_active = 1 ORDER BY s.user_id');
  for (const row of rows.iterate() as IterableIterator<{ stream_id: number; user_id: number }>) {
    let list = lists.get(row.stream_id);
    if (list === undefined) {
      list = [];
      lists.set(row.stream_id, list);
    }
    list.push(row.user_id);
  }
  return lists;
}

function subscriptions(sim: Sim, request: RegisterRequest): State {
  const { user } = request;
  const own = new Map<number, SubscriptionRow>();
  for (const row of sim.db.prepare('SELECT * FROM subscriptions WHERE user_id = ?').all(user.user_id) as SubscriptionRow[]) own.set(row.stream_id, row);
  const { firstMessageIds, subscriberCounts } = channelStatistics(sim.db);
  const lists = request.includeSubscribers ? subscriberLists(sim) : null;
  const subscribed: Record<string, unknown>[] = [];
  const unsubscribed: Record<string, unknown>[] = [];
  const neverSubscribed: Record<string, unknown>[] = [];
  for (const stream of visibleStreams(sim, request)) {
    const channel = channelRecord(stream, firstMessageIds.get(stream.stream_id) ?? null, subscriberCounts.get(stream.stream_id) ?? 0);
    const subscribers = lists === null ? undefined : (lists.get(stream.stream_id) ?? []);
    const row = own.get(stream.stream_id);
    if (row?.active === 1) subscribed.push(subscriptionRecord(channel, row, subscribers));
    else if (row !== undefined) unsubscribed.push(subscriptionRecord(channel, row, subscribers));
    else if (isAdmin(user) || stream.is_web_public === 1 || (stream.invite_only === 0 && !isGuest(user))) {
      neverSubscribed.push(subscribers === undefined || stream.invite_only === 1 ? channel : { ...channel, subscribers });
    }
  }
  return { subscriptions: subscribed, unsubscribed, never_subscribed: neverSubscribed };
}

function streams(sim: Sim, request: RegisterRequest): Record<string, unknown>[] {
  const { firstMessageIds, subscriberCounts } = channelStatistics(sim.db);
  const subscribed = new Set(sim.db.prepare('SELECT stream_id FROM subscriptions WHERE user_id = ? AND active = 1').pluck().all(request.user.user_id) as number[]);
  return visibleStreams(sim, request)
    .filter((stream) => subscribed.has(stream.stream_id) || canAccessChannelMetadata(sim.db, request.user, stream))
    .map((stream) => ({ ...channelRecord(stream, firstMessageIds.get(stream.stream_id) ?? null, subscriberCounts.get(stream.stream_id) ?? 0), is_default: stream.is_default === 1 }));
}

function scheduledMessages(sim: Sim, request: RegisterRequest): Record<string, unknown>[] {
  const display = sim.realm().empty_topic_display_name;
  const allowEmpty = request.queue.capabilities['empty_topic_name'] === true;
  const rows = sim.db
    .prepare('SELECT * FROM scheduled_messages WHERE sender_id = ? AND delivered_message_id IS NULL ORDER BY scheduled_delivery_timestamp, scheduled_message_id')
    .all(request.user.user_id) as ScheduledMessageRow[];
  return rows.map((row) => scheduledRecord({ ...row, topic: row.type === 'stream' ? shownTopic(row.topic, display, allowEmpty) : row.topic }));
}

function userTopics(sim: Sim, request: RegisterRequest): Record<string, unknown>[] {
  const display = sim.realm().empty_topic_display_name;
  const allowEmpty = request.queue.capabilities['empty_topic_name'] === true;
  const rows = sim.db.prepare('SELECT * FROM user_topics WHERE user_id = ? ORDER BY last_updated').all(request.user.user_id) as UserTopicRow[];
  return rows.map((row) => userTopicRecord({ ...row, topic_name: shownTopic(row.topic_name, display, allowEmpty) }));
}

function userStatuses(sim: Sim): Record<string, unknown> {
  const rows = sim.db.prepare('SELECT * FROM user_status').all() as UserStatusRow[];
  return Object.fromEntries(rows.map((row) => [String(row.user_id), userStatusRecord(sim, row)]).filter(([, record]) => Object.keys(record as object).length > 0));
}

/** As the family's server counts them: a channel the user left keeps its unread flags, not its counts. */
function unreadMessages(sim: Sim, request: RegisterRequest): State {
  const display = sim.realm().empty_topic_display_name;
  const allowEmpty = request.queue.capabilities['empty_topic_name'] === true;
  const rows = sim.db
    .prepare(
      `SELECT m.id, m.type, m.stream_id, m.topic, m.dm_key, m.sender_id, um.flags FROM user_messages um JOIN messages m ON m.id = um.message_id
       WHERE um.user_id = ? AND (um.flags & ${FLAG.read}) = 0
         AND (m.type != 'stream' OR EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = um.user_id AND s.stream_id = m.stream_id AND s.active = 1))
       ORDER BY m.id`,
    )
    .all(request.user.user_id) as { id: number; type: string; stream_id: number | null; topic: string; dm_key: string | null; sender_id: number; flags: number }[];
  const pms = new Map<number, number[]>();
  const channels = new Map<string, { stream_id: number; topic: string; unread_message_ids: number[] }>();
  const huddles = new Map<string, number[]>();
  const mentions: number[] = [];
  for (const row of rows) {
    if ((row.flags & (FLAG.mentioned | FLAG.stream_wildcard_mentioned | FLAG.topic_wildcard_mentioned)) !== 0) mentions.push(row.id);
    if (row.type === 'stream' && row.stream_id !== null) {
      const topic = shownTopic(row.topic, display, allowEmpty);
      const key = `${row.stream_id}\u0000${topic.toLowerCase()}`;
      const entry = channels.get(key) ?? { stream_id: row.stream_id, topic, unread_message_ids: [] };
      entry.unread_message_ids.push(row.id);
      channels.set(key, entry);
      continue;
    }
    const participants = (row.dm_key ?? '').split(',').map(Number);
    if (participants.length <= 2) {
      const other = participants.find((id) => id !== request.user.user_id) ?? request.user.user_id;
      pms.set(other, [...(pms.get(other) ?? []), row.id]);
    } else {
      huddles.set(row.dm_key ?? '', [...(huddles.get(row.dm_key ?? '') ?? []), row.id]);
    }
  }
  return {
    count: rows.length,
    pms: [...pms].map(([other, ids]) => ({ other_user_id: other, sender_id: other, unread_message_ids: ids })),
    streams: [...channels.values()],
    huddles: [...huddles].map(([key, ids]) => ({ user_ids_string: key, unread_message_ids: ids })),
    mentions,
    old_unreads_missing: false,
  };
}

function userGroups(sim: Sim): Record<string, unknown>[] {
  const groups = sim.db.prepare('SELECT * FROM user_groups ORDER BY id').all() as UserGroupRow[];
  const roles = sim.db.prepare('SELECT user_id, role FROM users WHERE is_active = 1').all() as { user_id: number; role: number }[];
  return groups.map((group) => ({
    id: group.id,
    name: group.name,
    description: group.description,
    is_system_group: group.is_system_group === 1,
    date_created: null,
    creator_id: null,
    members: group.is_system_group === 1
      ? roles.filter((user) => group.max_role !== null && user.role <= group.max_role).map((user) => user.user_id)
      : (sim.db.prepare('SELECT user_id FROM user_group_members WHERE group_id = ? ORDER BY user_id').pluck().all(group.id) as number[]),
    direct_subgroup_ids: [],
    can_add_members_group: SYSTEM_GROUP.administrators,
    can_join_group: SYSTEM_GROUP.nobody,
    can_leave_group: SYSTEM_GROUP.everyone,
    can_manage_group: SYSTEM_GROUP.administrators,
    can_mention_group: SYSTEM_GROUP.everyone,
    can_remove_members_group: SYSTEM_GROUP.administrators,
    deactivated: false,
  }));
}

function realmEmoji(sim: Sim): Record<string, unknown> {
  const rows = sim.db.prepare('SELECT * FROM realm_emoji ORDER BY id').all() as { id: number; name: string; author_id: number | null; deactivated: number }[];
  return Object.fromEntries(
    rows.map((row) => [
      String(row.id),
      { id: String(row.id), name: row.name, source_url: `${sim.url}${customEmojiPath(row.id)}`, deactivated: row.deactivated === 1, author_id: row.author_id },
    ]),
  );
}

function userSettings(user: UserRow): State {
  return {
    twenty_four_hour_time: user.twenty_four_hour_time === 1,
    enable_drafts_synchronization: user.enable_drafts_synchronization === 1,
    timezone: user.timezone,
    default_language: 'en',
    enter_sends: false,
    email_address_visibility: user.email_address_visibility,
    send_private_typing_notifications: true,
    send_stream_typing_notifications: true,
    send_read_receipts: true,
    receives_typing_notifications: true,
    // As a real server's default: a channel's messages notify only where the channel says so.
    enable_stream_desktop_notifications: false,
  };
}

function realm(sim: Sim): State {
  const row = sim.realm();
  return {
    ...REALM_PERMISSIONS,
    realm_name: row.name,
    realm_description: row.description,
    realm_url: sim.url,
    realm_uri: sim.url,
    realm_icon_url: realmIconUrl(sim),
    realm_icon_source: 'U',
    realm_logo_url: realmIconUrl(sim),
    realm_logo_source: 'D',
    realm_night_logo_url: realmIconUrl(sim),
    realm_night_logo_source: 'D',
    realm_date_created: row.date_created,
    realm_empty_topic_display_name: row.empty_topic_display_name,
    realm_topics_policy: 'allow_empty_topic',
    realm_mandatory_topics: false,
    realm_default_language: 'en',
    realm_message_retention_days: -1,
    ...MESSAGE_EDITING,
    ...editHistoryState(row),
    ...MESSAGE_MOVING,
    realm_invite_required: false,
    realm_emails_restricted_to_domains: false,
    realm_waiting_period_threshold: 0,
    realm_enable_spectator_access: false,
    realm_enable_guest_user_indicator: true,
    realm_enable_read_receipts: true,
    realm_email_auth_enabled: true,
    realm_password_auth_enabled: true,
    realm_push_notifications_enabled: sim.config.pushConfigured,
    realm_welcome_message_custom_text: '',
    realm_org_type: 10,
    realm_plan_type: 1,
    realm_bot_domain: row.host,
    realm_authentication_methods: { Email: { enabled: true, available: true } },
    max_message_length: MAX_MESSAGE_LENGTH,
    max_topic_length: MAX_TOPIC_LENGTH,
    max_stream_name_length: MAX_CHANNEL_NAME_LENGTH,
    max_stream_description_length: MAX_CHANNEL_DESCRIPTION_LENGTH,
    max_channel_folder_name_length: MAX_CHANNEL_FOLDER_NAME_LENGTH,
    max_channel_folder_description_length: MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH,
    max_file_upload_size_mib: sim.config.maxFileUploadSizeMib,
    max_avatar_file_size_mib: 5,
    max_icon_file_size_mib: 5,
    max_logo_file_size_mib: 5,
    event_queue_longpoll_timeout_seconds: sim.config.longpollTimeoutSeconds,
    server_generation: Math.floor(Date.now() / 1000),
    server_presence_ping_interval_seconds: PING_INTERVAL_SECONDS,
    server_presence_offline_threshold_seconds: OFFLINE_THRESHOLD_SECONDS,
    password_min_length: 6,
    password_max_length: 100,
    ...TYPING,
  };
}
