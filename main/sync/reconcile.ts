import type { RegisterQueueResult } from '../../shared/api/registration';
import type { Channel } from '../../shared/api/records';
import { channelFoldersTable, channelsTable, subscriptionsTable } from '../store/channels';
import { ChangeCollector } from '../store/changes';
import type { MirrorDatabase } from '../store/database';
import { forgetServerCopies, replaceServerDrafts } from '../store/drafts';
import { saveEventQueue } from '../store/event-queue';
import { replaceRecords } from '../store/keyed-table';
import { customProfileFieldsTable, linkifiersTable, replaceTopicPreferences, savedSnippetsTable, scheduledMessagesTable } from '../store/personal';
import { forgetOrganization } from '../store/organization';
import { replacePresences } from '../store/presence';
import { draftsSynchronizationIn, realmValues, replaceRealmValues, setRealmValues } from '../store/realm';
import { replaceUnread } from '../store/unread';
import { userStatusTable, usersTable } from '../store/users';
import { toLinkifier, toSavedSnippet } from '../store/normalize';
import { newestUnread } from './unread-cap';

/** The registration fields that are records, mirrored in their own tables; the rest are realm values. */
const RECORD_FIELDS = new Set([
  'queue_id',
  'last_event_id',
  'realm_users',
  'realm_non_active_users',
  'subscriptions',
  'unsubscribed',
  'never_subscribed',
  'streams',
  'channel_folders',
  'saved_snippets',
  'custom_profile_fields',
  'realm_linkifiers',
  'realm_filters',
  'scheduled_messages',
  'drafts',
  'user_topics',
  'user_status',
  'presences',
  'presence_last_update_id',
  'server_timestamp',
  'unread_msgs',
  'result',
  'msg',
]);

/**
 * Makes the mirror the registration snapshot, in one transaction: rows the snapshot no longer
 * has are removed, so a re-registration never keeps stale state. A list the answer lacks leaves
 * its table as it is (a registration without realm_users says nothing about users). Cached
 * messages are kept: the snapshot does not carry them. A snapshot of another organization (its
 * creation date differs from the mirror's) first empties the mirror. The transaction takes the
 * write lock at its start: it reads before it writes, and another connection's commit in between
 * (the session's, beside the sync worker's) would leave it unable to write at all.
 */
export function reconcileSnapshot(db: MirrorDatabase, snapshot: RegisterQueueResult, now: number = Date.now()): void {
  db.transaction(() => {
    if (isAnotherOrganization(db, snapshot)) forgetOrganization(db);
    const { realm_users: active, realm_non_active_users: inactive } = snapshot;
    if (active !== undefined || inactive !== undefined) {
      // Registration's users carry no is_active (the list says it); the mirror's records do.
      // Set in place: the snapshot is ours, and copying 100,000 records costs real time.
      for (const user of active ?? []) user.is_active ??= true;
      for (const user of inactive ?? []) user.is_active = false;
      replaceRecords(db, usersTable, (active ?? []).concat(inactive ?? []));
    }
    if (snapshot.user_status) {
      replaceRecords(db, userStatusTable, Object.entries(snapshot.user_status).map(([user_id, status]) => ({ ...status, user_id: Number(user_id) })));
    }
    if (snapshot.presences && snapshot.server_timestamp !== undefined) {
      replacePresences(db, { presences: snapshot.presences, server_timestamp: snapshot.server_timestamp, last_update_id: snapshot.presence_last_update_id }, now);
    }
    const channels = channelsOf(snapshot);
    if (channels) replaceRecords(db, channelsTable, channels);
    if (snapshot.subscriptions) replaceRecords(db, subscriptionsTable, snapshot.subscriptions);
    if (snapshot.channel_folders) {
      replaceRecords(db, channelFoldersTable, snapshot.channel_folders.map((f) => ({ ...f, channel_folder_id: Number(f.channel_folder_id ?? f.id) })));
    }
    if (snapshot.saved_snippets) replaceRecords(db, savedSnippetsTable, snapshot.saved_snippets.map(toSavedSnippet));
    if (snapshot.scheduled_messages) replaceRecords(db, scheduledMessagesTable, snapshot.scheduled_messages);
    if (snapshot.custom_profile_fields) replaceRecords(db, customProfileFieldsTable, snapshot.custom_profile_fields);
    if (snapshot.realm_linkifiers) replaceRecords(db, linkifiersTable, snapshot.realm_linkifiers.map(toLinkifier));
    if (snapshot.user_topics) replaceTopicPreferences(db, snapshot.user_topics);
    if (snapshot.drafts && snapshot.user_id !== undefined) {
      // What changed is not told: the whole mirror is read again after a registration.
      // Where the user keeps none there, the list is empty though the drafts are not gone.
      if (draftsSynchronizationIn(snapshot.user_settings) !== false) replaceServerDrafts(db, snapshot.drafts, snapshot.user_id, new ChangeCollector());
      else forgetServerCopies(db);
    }
    if (snapshot.unread_msgs && snapshot.user_id !== undefined) replaceUnread(db, newestUnread(snapshot.unread_msgs), snapshot.user_id);
    const values = Object.fromEntries(Object.entries(snapshot).filter(([key]) => !RECORD_FIELDS.has(key)));
    // Without the organization's settings (no realm_name), the answer only adds to the values kept.
    if (typeof snapshot.realm_name === 'string') replaceRealmValues(db, values);
    else setRealmValues(db, values);
    if (snapshot.queue_id !== null) {
      saveEventQueue(db, { queue_id: snapshot.queue_id, last_event_id: snapshot.last_event_id, registered_at: now });
    }
  }).immediate();
}

/** The organization's identity is its creation date; where either side lacks it, nothing can be told. */
function isAnotherOrganization(db: MirrorDatabase, snapshot: RegisterQueueResult): boolean {
  const known = realmValues(db).realm_date_created;
  const answered = snapshot.realm_date_created;
  return typeof known === 'number' && typeof answered === 'number' && known !== answered;
}

/**
 * Every channel the user can see: `streams` when it was fetched, merged with the
 * subscription lists (whose entries carry the user's own fields on top of the channel's);
 * undefined when the answer has none of these lists.
 */
function channelsOf(snapshot: RegisterQueueResult): Channel[] | undefined {
  const lists = (['subscriptions', 'unsubscribed', 'never_subscribed'] as const).map((list) => snapshot[list] as Channel[] | undefined);
  if (snapshot.streams === undefined && lists.every((list) => list === undefined)) return undefined;
  const byId = new Map<number, Channel>();
  for (const channel of snapshot.streams ?? []) byId.set(channel.stream_id, channel);
  for (const list of lists) {
    for (const entry of list ?? []) byId.set(entry.stream_id, { ...byId.get(entry.stream_id), ...entry });
  }
  return [...byId.values()];
}
