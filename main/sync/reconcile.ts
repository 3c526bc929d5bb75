import type { RegisterQueueResult } from '../../shared/api/registration';
import type { Channel } from '../../shared/api/records';
import { channelFoldersTable, channelsTable, subscriptionsTable } from '../store/channels';
import type { MirrorDatabase } from '../store/database';
import { saveEventQueue } from '../store/event-queue';
import { replaceRecords } from '../store/keyed-table';
import { customProfileFieldsTable, linkifiersTable, replaceTopicPreferences, savedSnippetsTable, scheduledMessagesTable } from '../store/personal';
import { replaceRealmValues } from '../store/realm';
import { userStatusTable, usersTable } from '../store/users';
import { toLinkifier, toSavedSnippet } from './normalize';

/** The registration fields that are records, mirrored in their own tables; the rest are realm values. */
const RECORD_FIELDS = new Set([
  'queue_id',
  'last_event_id',
  'realm_users',
  'realm_non_active_users',
  'cross_realm_bots',
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
  'user_topics',
  'user_status',
  'result',
  'msg',
]);

/**
 * Makes the mirror exactly the registration snapshot, in one transaction: rows the snapshot
 * no longer has are removed, so a re-registration never keeps stale state. Cached messages
 * are kept: the snapshot does not carry them, and they are refetched when shown.
 */
export function reconcileSnapshot(db: MirrorDatabase, snapshot: RegisterQueueResult, now: number = Date.now()): void {
  db.transaction(() => {
    // Registration's users carry no is_active (the list says it); the mirror's records do.
    // Set in place: the snapshot is ours, and copying 100,000 records costs real time.
    const active = snapshot.realm_users ?? [];
    const inactive = snapshot.realm_non_active_users ?? [];
    for (const user of active) user.is_active ??= true;
    for (const user of inactive) user.is_active = false;
    replaceRecords(db, usersTable, active.concat(inactive));
    replaceRecords(
      db,
      userStatusTable,
      Object.entries(snapshot.user_status ?? {}).map(([user_id, status]) => ({ ...status, user_id: Number(user_id) })),
    );
    replaceRecords(db, channelsTable, channelsOf(snapshot));
    replaceRecords(db, subscriptionsTable, snapshot.subscriptions ?? []);
    replaceRecords(db, channelFoldersTable, (snapshot.channel_folders ?? []).map((f) => ({ ...f, channel_folder_id: Number(f.channel_folder_id ?? f.id) })));
    replaceRecords(db, savedSnippetsTable, (snapshot.saved_snippets ?? []).map(toSavedSnippet));
    replaceRecords(db, scheduledMessagesTable, snapshot.scheduled_messages ?? []);
    replaceRecords(db, customProfileFieldsTable, snapshot.custom_profile_fields ?? []);
    replaceRecords(db, linkifiersTable, (snapshot.realm_linkifiers ?? []).map(toLinkifier));
    replaceTopicPreferences(db, snapshot.user_topics ?? []);
    replaceRealmValues(db, Object.fromEntries(Object.entries(snapshot).filter(([key]) => !RECORD_FIELDS.has(key))));
    if (snapshot.queue_id !== null) {
      saveEventQueue(db, { queue_id: snapshot.queue_id, last_event_id: snapshot.last_event_id, registered_at: now });
    }
  })();
}

/**
 * Every channel the user can see: `streams` when it was fetched, merged with the
 * subscription lists (whose entries carry the user's own fields on top of the channel's).
 */
function channelsOf(snapshot: RegisterQueueResult): Channel[] {
  const byId = new Map<number, Channel>();
  for (const channel of snapshot.streams ?? []) byId.set(channel.stream_id, channel);
  for (const list of ['subscriptions', 'unsubscribed', 'never_subscribed'] as const) {
    for (const entry of (snapshot[list] ?? []) as Channel[]) {
      byId.set(entry.stream_id, { ...byId.get(entry.stream_id), ...entry });
    }
  }
  return [...byId.values()];
}
