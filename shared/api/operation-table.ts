// The operations as data: method, path (relative to /api/v1; `{name}` is a path parameter),
// and the feature level each operation and each dated parameter needs. Levels come from the
// spec's "new in feature level N" notes; the neighbours the spec does not show from the reference.
import type { OperationName, ParamsOf } from './operations';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface FeatureRequirement {
  level: number;
  /** Plural noun phrase for messages: "<feature> need feature level N". */
  feature: string;
}

export interface DatedParam {
  /** The level the parameter appeared in. */
  since?: number;
  /** Values of the parameter that appeared later than the parameter itself. */
  values?: Readonly<Record<string, number>>;
}

export interface OperationSpec<K extends OperationName = OperationName> {
  method: HttpMethod;
  path: string;
  /** The spec's heading, or the operation's usual name for the neighbours. */
  title: string;
  /** The spec's item number (1-24); absent for operations the spec names as not shown. */
  spec?: number;
  /** false: sent without credentials. */
  auth?: false;
  requires?: FeatureRequirement;
  params?: { readonly [P in keyof ParamsOf<K> & string]?: DatedParam };
}

const CHANNEL_TYPE: DatedParam = { values: { channel: 248 } };
const SCHEDULED_MESSAGES: FeatureRequirement = { level: 173, feature: 'Scheduled message lists' };
const CHANNEL_FOLDERS: FeatureRequirement = { level: 389, feature: 'Channel folders' };
const SAVED_SNIPPETS: FeatureRequirement = { level: 297, feature: 'Saved snippets' };
const DRAFTS: FeatureRequirement = { level: 87, feature: 'Drafts kept by the server' };

export const OPERATIONS: { readonly [K in OperationName]: OperationSpec<K> } = {
  createScheduledMessage: {
    method: 'POST',
    path: '/scheduled_messages',
    title: 'Create a scheduled message',
    spec: 1,
    requires: { level: 179, feature: 'Scheduled messages' },
    params: { read_by_sender: { since: 236 }, type: CHANNEL_TYPE },
  },
  editScheduledMessage: {
    method: 'PATCH',
    path: '/scheduled_messages/{scheduled_message_id}',
    title: 'Edit a scheduled message',
    spec: 2,
    requires: { level: 184, feature: 'Scheduled message edits' },
    params: { type: CHANNEL_TYPE },
  },
  setTypingStatus: {
    method: 'POST',
    path: '/typing',
    title: 'Set typing status',
    spec: 3,
    params: { stream_id: { since: 215 }, type: { values: { stream: 58, channel: 248 } } },
  },
  getEvents: { method: 'GET', path: '/events', title: 'Get events from an event queue', spec: 4 },
  updateUserTopic: {
    method: 'POST',
    path: '/user_topics',
    title: 'Update personal preferences for a topic',
    spec: 5,
    requires: { level: 170, feature: 'Topic preferences' },
  },
  updateChannelFolder: {
    method: 'PATCH',
    path: '/channel_folders/{channel_folder_id}',
    title: 'Update a channel folder',
    spec: 6,
    requires: CHANNEL_FOLDERS,
  },
  createChannelFolder: {
    method: 'POST',
    path: '/channel_folders/create',
    title: 'Create a channel folder',
    spec: 7,
    requires: CHANNEL_FOLDERS,
  },
  checkMessagesMatchNarrow: {
    method: 'GET',
    path: '/messages/matches_narrow',
    title: 'Check if messages match a narrow',
    spec: 8,
  },
  createCustomProfileField: {
    method: 'POST',
    path: '/realm/profile_fields',
    title: 'Create a custom profile field',
    spec: 9,
    params: { display_in_profile_summary: { since: 146 }, required: { since: 244 }, editable_by_user: { since: 296 } },
  },
  updateStatusForUser: {
    method: 'POST',
    path: '/users/{user_id}/status',
    title: 'Update user status',
    spec: 10,
    requires: { level: 407, feature: 'Status updates for other users' },
  },
  deleteTopic: {
    method: 'POST',
    path: '/streams/{stream_id}/delete_topic',
    title: 'Delete a topic',
    spec: 11,
  },
  createInviteLink: {
    method: 'POST',
    path: '/invites/multiuse',
    title: 'Create a reusable invitation link',
    spec: 12,
    params: {
      invite_expires_in_minutes: { since: 126 },
      group_ids: { since: 322 },
      include_realm_default_subscriptions: { since: 261 },
      welcome_message_custom_text: { since: 416 },
    },
  },
  registerPushDevice: {
    method: 'POST',
    path: '/mobile_push/register',
    title: 'Register an end-to-end encrypted push device',
    spec: 13,
    requires: { level: 406, feature: 'End-to-end encrypted push registrations' },
  },
  removeReaction: {
    method: 'DELETE',
    path: '/messages/{message_id}/reactions',
    title: 'Remove an emoji reaction',
    spec: 14,
  },
  addReaction: { method: 'POST', path: '/messages/{message_id}/reactions', title: 'Add an emoji reaction' },
  updateMessage: { method: 'PATCH', path: '/messages/{message_id}', title: 'Edit a message' },
  deleteMessage: { method: 'DELETE', path: '/messages/{message_id}', title: 'Delete a message' },
  createUser: {
    method: 'POST',
    path: '/users',
    title: 'Create a user',
    spec: 15,
    requires: { level: 36, feature: 'User accounts created through the API' },
  },
  updateMessageFlags: {
    method: 'POST',
    path: '/messages/flags',
    title: 'Update personal message flags',
    spec: 16,
  },
  editSavedSnippet: {
    method: 'PATCH',
    path: '/saved_snippets/{saved_snippet_id}',
    title: 'Edit a saved snippet',
    spec: 17,
    requires: { level: 368, feature: 'Saved snippet edits' },
  },
  getChannels: {
    method: 'GET',
    path: '/streams',
    title: 'Get all channels',
    spec: 18,
    params: { exclude_archived: { since: 315 }, include_all: { since: 356 }, include_can_access_content: { since: 356 } },
  },
  deactivateUser: {
    method: 'DELETE',
    path: '/users/{user_id}',
    title: 'Deactivate a user',
    spec: 19,
    params: { deactivation_notification_comment: { since: 135 } },
  },
  updateLinkifier: {
    method: 'PATCH',
    path: '/realm/filters/{filter_id}',
    title: 'Update a linkifier',
    spec: 20,
    requires: { level: 57, feature: 'Linkifier updates' },
    params: { url_template: { since: 176 } },
  },
  getUsers: {
    method: 'GET',
    path: '/users',
    title: 'Get users',
    spec: 22,
    params: { user_ids: { since: 384 } },
  },
  getUserByEmail: { method: 'GET', path: '/users/{email}', title: 'Get a user by email', spec: 23 },
  getOwnUser: { method: 'GET', path: '/users/me', title: 'Get own user' },
  getServerSettings: { method: 'GET', path: '/server_settings', title: 'Get server settings', spec: 24, auth: false },
  updatePresence: { method: 'POST', path: '/users/me/presence', title: 'Update your presence', params: { last_update_id: { since: 263 } } },
  registerQueue: { method: 'POST', path: '/register', title: 'Register an event queue' },
  deleteQueue: { method: 'DELETE', path: '/events', title: 'Delete an event queue' },
  getScheduledMessages: {
    method: 'GET',
    path: '/scheduled_messages',
    title: 'Get scheduled messages',
    requires: SCHEDULED_MESSAGES,
  },
  deleteScheduledMessage: {
    method: 'DELETE',
    path: '/scheduled_messages/{scheduled_message_id}',
    title: 'Delete a scheduled message',
    requires: SCHEDULED_MESSAGES,
  },
  sendMessage: {
    method: 'POST',
    path: '/messages',
    title: 'Send a message',
    params: { read_by_sender: { since: 236 }, type: CHANNEL_TYPE },
  },
  getMessages: { method: 'GET', path: '/messages', title: 'Get messages' },
  subscribe: { method: 'POST', path: '/users/me/subscriptions', title: 'Subscribe to a channel' },
  unsubscribe: { method: 'DELETE', path: '/users/me/subscriptions', title: 'Unsubscribe from a channel' },
  getStreamId: { method: 'GET', path: '/get_stream_id', title: 'Get channel ID' },
  updateChannel: { method: 'PATCH', path: '/streams/{stream_id}', title: 'Update a channel' },
  updateSubscriptionSettings: { method: 'POST', path: '/users/me/subscriptions/properties', title: 'Update subscription settings' },
  sendSubmessage: { method: 'POST', path: '/submessage', title: 'Send a submessage' },
  getMessageHistory: { method: 'GET', path: '/messages/{message_id}/history', title: "Get a message's edit history" },
  updateOwnStatus: { method: 'POST', path: '/users/me/status', title: 'Update your status' },
  updateSettings: { method: 'PATCH', path: '/settings', title: 'Update settings' },
  addAlertWords: { method: 'POST', path: '/users/me/alert_words', title: 'Add alert words' },
  removeAlertWords: { method: 'DELETE', path: '/users/me/alert_words', title: 'Remove alert words' },
  renderMessage: { method: 'POST', path: '/messages/render', title: 'Render a message' },
  getReadReceipts: { method: 'GET', path: '/messages/{message_id}/read_receipts', title: "Get a message's read receipts", requires: { level: 137, feature: 'Read receipts' } },
  getChannelFolders: { method: 'GET', path: '/channel_folders', title: 'Get channel folders', requires: CHANNEL_FOLDERS },
  getSavedSnippets: { method: 'GET', path: '/saved_snippets', title: 'Get saved snippets', requires: SAVED_SNIPPETS },
  createSavedSnippet: { method: 'POST', path: '/saved_snippets', title: 'Create a saved snippet', requires: SAVED_SNIPPETS },
  deleteSavedSnippet: {
    method: 'DELETE',
    path: '/saved_snippets/{saved_snippet_id}',
    title: 'Delete a saved snippet',
    requires: SAVED_SNIPPETS,
  },
  getCustomProfileFields: { method: 'GET', path: '/realm/profile_fields', title: 'Get custom profile fields' },
  getLinkifiers: {
    method: 'GET',
    path: '/realm/linkifiers',
    title: 'Get linkifiers',
    requires: { level: 54, feature: 'Linkifier lists' },
  },
  updateMessageFlagsForNarrow: {
    method: 'POST',
    path: '/messages/flags/narrow',
    title: 'Update personal message flags for narrow',
    requires: { level: 155, feature: 'Flag updates over a narrow' },
  },
  getInvites: { method: 'GET', path: '/invites', title: 'Get all invitations' },
  revokeInviteLink: { method: 'DELETE', path: '/invites/multiuse/{invite_id}', title: 'Revoke a reusable invitation link' },
  reactivateUser: { method: 'POST', path: '/users/{user_id}/reactivate', title: 'Reactivate a user' },
  // The family's, not in the spec nor the reference: as a real server of level 372 answers them.
  getChannelTopics: { method: 'GET', path: '/users/me/{stream_id}/topics', title: 'Get topics in a channel' },
  createDrafts: { method: 'POST', path: '/drafts', title: 'Create drafts', requires: DRAFTS },
  editDraft: { method: 'PATCH', path: '/drafts/{draft_id}', title: 'Edit a draft', requires: DRAFTS },
  deleteDraft: { method: 'DELETE', path: '/drafts/{draft_id}', title: 'Delete a draft', requires: DRAFTS },
  muteUser: { method: 'POST', path: '/users/me/muted_users/{muted_user_id}', title: 'Mute a user', requires: { level: 48, feature: 'Muted users' } },
  unmuteUser: { method: 'DELETE', path: '/users/me/muted_users/{muted_user_id}', title: 'Unmute a user', requires: { level: 48, feature: 'Muted users' } },
  updateUser: { method: 'PATCH', path: '/users/{user_id}', title: 'Update a user' },
};

/**
 * Spec item 21 goes the other way: the service POSTs this payload to an outgoing-webhook bot's
 * URL, so the client receives it rather than calls it.
 */
export const OUTGOING_WEBHOOK_DELIVERY = {
  method: 'POST',
  path: '/service-outgoing-webhook',
  title: 'Outgoing webhook delivery',
  spec: 21,
} as const;

/** The names of a path template's parameters, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
}
