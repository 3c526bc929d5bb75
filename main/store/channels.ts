import type { Channel, ChannelFolder, SubscriptionEntry } from '../../shared/api/records';
import type { ChannelSummary } from '../../shared/channels';
import { emptyTopicUse } from '../../shared/empty-topic';
import { channelNotifiesAll } from '../../shared/notifications';
import type { ChannelAbout } from '../../shared/ipc-channels/channel-feed';
import type { SidebarChannels } from '../../shared/sidebar';
import type { ChangeSink } from './changes';
import type { MirrorDatabase, ReadOnlyMirror } from './database';
import { z } from 'zod';
import type { EventHandlers } from './event-handlers';
import { inGroupSetting } from './group-settings';
import { realmValue, streamDesktopDefault } from './realm';
import { forgetChannelUnread } from './unread';
import { reader, tupleReader } from './statements';
import { channelFolderSchema, channelSchema, subscriptionSchema } from '../../shared/api/record-schemas';
import { deleteRecords, getRecord, type KeyedTable, patchRecord, storedRecord, upsertRecords } from './keyed-table';

export const channelsTable: KeyedTable<Channel> = {
  table: 'channels',
  key: 'stream_id',
  columns: {
    stream_id: (c) => c.stream_id,
    name: (c) => c.name,
    folder_id: (c) => c.folder_id,
    is_archived: (c) => c.is_archived === true,
    invite_only: (c) => c.invite_only === true,
    is_web_public: (c) => c.is_web_public === true,
    rendered_description: (c) => c.rendered_description ?? '',
  },
  record: storedRecord<Channel>(channelSchema),
};

const streamIdRow = z.object({ stream_id: z.number() });

/** The channel of this name, case aside (names are unique so in an organization). */
export function channelIdNamed(db: ReadOnlyMirror, name: string): number | undefined {
  return reader(db, 'SELECT stream_id FROM channels WHERE name = ? LIMIT 1', streamIdRow).get(name.trim())?.stream_id;
}

/** SQLite keeps booleans as 0 and 1. */
const flag = z.number().transform((value) => value === 1);

// Read as arrays of the columns (warm start's listing reads every channel); the 0/1 columns are
// numbers turned into booleans here, not by a zod transform, which would copy every row.
const channelSummaryRow = z.tuple([z.number(), z.string(), z.number().nullable(), z.number(), z.number(), z.number(), z.string()]);

/** Every channel's summary in name order, from the queried columns alone (the full records stay unread). */
export function channelSummaries(db: ReadOnlyMirror): ChannelSummary[] {
  return tupleReader(
    db,
    'SELECT stream_id, name, folder_id, is_archived, invite_only, is_web_public, rendered_description FROM channels ORDER BY name, stream_id',
    channelSummaryRow,
  )
    .all()
    .map(([stream_id, name, folder_id, is_archived, invite_only, is_web_public, rendered_description]) => ({
      stream_id,
      name,
      folder_id,
      is_archived: is_archived === 1,
      invite_only: invite_only === 1,
      is_web_public: is_web_public === 1,
      rendered_description,
    }));
}

export function subscribedChannelIds(db: ReadOnlyMirror): Set<number> {
  return new Set(reader(db, 'SELECT stream_id FROM subscriptions', z.object({ stream_id: z.number() })).all().map((row) => row.stream_id));
}

export const subscriptionsTable: KeyedTable<SubscriptionEntry> = {
  table: 'subscriptions',
  key: 'stream_id',
  columns: { stream_id: (s) => s.stream_id },
  record: storedRecord<SubscriptionEntry>(subscriptionSchema),
};

export const channelFoldersTable: KeyedTable<ChannelFolder> = {
  table: 'channel_folders',
  key: 'channel_folder_id',
  columns: {
    channel_folder_id: (f) => f.channel_folder_id,
    name: (f) => f.name,
    is_archived: (f) => f.is_archived === true,
  },
  record: storedRecord<ChannelFolder>(channelFolderSchema),
};

export const channelEvents: EventHandlers<'subscription' | 'stream' | 'channel_folder'> = {
  subscription: (db, event, changes) => {
    switch (event.op) {
      case 'add':
        upsertRecords(db, subscriptionsTable, event.subscriptions);
        for (const entry of event.subscriptions) mergeIntoChannel(db, entry);
        changes.add('subscriptions', ...event.subscriptions.map((s) => s.stream_id));
        changes.add('channels', ...event.subscriptions.map((s) => s.stream_id));
        return;
      case 'remove': {
        const ids = event.subscriptions.map((s) => s.stream_id);
        deleteRecords(db, subscriptionsTable, ids);
        changes.add('subscriptions', ...ids);
        if (forgetChannelUnread(db, ids)) changes.add('unread', 'counts');
        return;
      }
      case 'update':
        patchRecord(db, subscriptionsTable, event.stream_id, (s) => ({ ...s, [event.property]: event.value }));
        changes.add('subscriptions', event.stream_id);
        return;
      default:
        // peer_add / peer_remove: subscriber lists are not mirrored.
        return;
    }
  },
  stream: (db, event, changes) => {
    if (event.op === 'create') {
      upsertRecords(db, channelsTable, event.streams);
      changes.add('channels', ...event.streams.map((c) => c.stream_id));
    } else if (event.op === 'delete') {
      // A channel archived: to a client that declared archived_channels (this app does) the family
      // keeps it, and the user's subscription, flagged is_archived, its history still readable.
      const ids = event.stream_ids ?? (event.streams ?? []).map((s) => s.stream_id);
      for (const id of ids) {
        patchRecord(db, channelsTable, id, (c) => ({ ...c, is_archived: true }));
        patchRecord(db, subscriptionsTable, id, (s) => ({ ...s, is_archived: true }));
      }
      changes.add('channels', ...ids);
      changes.add('subscriptions', ...ids);
    } else {
      const { property, value, rendered_description, history_public_to_subscribers, is_web_public } = event;
      patchRecord(db, channelsTable, event.stream_id, (c) => ({
        ...c,
        [property]: value,
        ...(rendered_description !== undefined && { rendered_description }),
        ...(history_public_to_subscribers !== undefined && { history_public_to_subscribers }),
        ...(is_web_public !== undefined && { is_web_public }),
      }));
      changes.add('channels', event.stream_id);
    }
  },
  channel_folder: (db, event, changes) => {
    if (event.op === 'add') {
      const folder = event.channel_folder;
      const channel_folder_id = Number(folder.channel_folder_id ?? folder.id);
      upsertRecords(db, channelFoldersTable, [{ ...folder, channel_folder_id }]);
      changes.add('channel_folders', channel_folder_id);
    } else {
      const channel_folder_id = Number(event.channel_folder_id);
      patchRecord(db, channelFoldersTable, channel_folder_id, (f): ChannelFolder => ({ ...f, ...event.data }));
      changes.add('channel_folders', channel_folder_id);
    }
  },
};

/** The subscription's desktop_notifications: true or false where the user chose, null (or absent) for their default. */
export function channelDesktopNotifications(db: ReadOnlyMirror, stream_id: number): boolean | null {
  const row = reader(db, "SELECT json_extract(json, '$.desktop_notifications') AS value FROM subscriptions WHERE stream_id = ?", z.object({ value: z.number().nullable() })).get(stream_id);
  return row === undefined || row.value === null ? null : row.value === 1;
}

export function setChannelDesktopNotifications(db: MirrorDatabase, stream_id: number, desktop_notifications: boolean, changes: ChangeSink): void {
  patchRecord(db, subscriptionsTable, stream_id, (s) => ({ ...s, desktop_notifications }));
  changes.add('subscriptions', stream_id);
}

/** The user's mute of a channel they are subscribed to, as the settings' update event files it. */
export function setChannelMuted(db: MirrorDatabase, stream_id: number, is_muted: boolean, changes: ChangeSink): void {
  patchRecord(db, subscriptionsTable, stream_id, (s) => ({ ...s, is_muted }));
  changes.add('subscriptions', stream_id);
}

/** Channels as the server listed them on demand. */
export function storeChannels(db: MirrorDatabase, channels: readonly Channel[], changes: ChangeSink): void {
  upsertRecords(db, channelsTable, channels);
  changes.add('channels', ...channels.map((channel) => channel.stream_id));
}

/** A subscription entry carries the channel's fields too; keep the channel record current. */
function mergeIntoChannel(db: MirrorDatabase, entry: SubscriptionEntry): void {
  const channel = getRecord(db, channelsTable, entry.stream_id);
  upsertRecords(db, channelsTable, [channelsTable.record.parse({ ...channel, ...entry })]);
}

const sidebarFolderRow = z.object({ channel_folder_id: z.number(), name: z.string() });
const sidebarChannelRow = z.object({
  stream_id: z.number(),
  name: z.string(),
  folder_id: z.number().nullable(),
  is_muted: flag,
  invite_only: flag,
  // Unknown policies (a newer server's) read as the organization's.
  topics_policy: z.enum(['inherit', 'allow_empty_topic', 'disable_empty_topic', 'empty_topic_only']).nullable().catch(null),
});

/**
 * The sidebar's channels: those subscribed to and not archived, each with whether it takes the
 * empty topic at the server's `featureLevel`, and the folders in the organization's order.
 */
export function subscribedChannelTree(db: ReadOnlyMirror, featureLevel: number | null): SidebarChannels {
  const folders = reader(
    db,
    "SELECT channel_folder_id, name FROM channel_folders WHERE is_archived = 0 ORDER BY coalesce(json_extract(json, '$.order'), channel_folder_id), channel_folder_id",
    sidebarFolderRow,
  ).all();
  const channels = reader(
    db,
    `SELECT s.stream_id, coalesce(c.name, json_extract(s.json, '$.name')) AS name, c.folder_id,
            coalesce(json_extract(s.json, '$.is_muted'), 0) AS is_muted,
            coalesce(c.invite_only, json_extract(s.json, '$.invite_only'), 0) AS invite_only,
            coalesce(json_extract(c.json, '$.topics_policy'), json_extract(s.json, '$.topics_policy')) AS topics_policy,
            coalesce(c.rendered_description, json_extract(s.json, '$.rendered_description'), '') AS rendered_description,
            json_extract(s.json, '$.desktop_notifications') AS desktop_notifications
     FROM subscriptions s LEFT JOIN channels c ON c.stream_id = s.stream_id
     WHERE coalesce(c.is_archived, json_extract(s.json, '$.is_archived'), 0) = 0 ORDER BY name COLLATE NOCASE, s.stream_id`,
    sidebarChannelRow,
  ).all();
  const organization = organizationTopicRules(db);
  return { folders, channels: channels.map(({ topics_policy, ...channel }) => ({ ...channel, empty_topic: emptyTopicUse(topics_policy, organization, featureLevel) })) };
}

function organizationTopicRules(db: ReadOnlyMirror) {
  return { realm_topics_policy: realmValue(db, 'realm_topics_policy'), realm_mandatory_topics: realmValue(db, 'realm_mandatory_topics') };
}

const channelAboutRow = z.object({
  stream_id: z.number(),
  name: z.string(),
  subscribed: flag,
  is_archived: flag,
  invite_only: flag,
  is_muted: flag,
  topics_policy: sidebarChannelRow.shape.topics_policy,
  rendered_description: z.string(),
  description: z.string(),
  desktop_notifications: z.number().nullable(),
});

/**
 * Who may administer the channel (rename it, describe it), as its record names them: a group
 * setting's value (a group id, or members and subgroups); undefined where the record has none.
 */
export function channelAdministerSetting(db: ReadOnlyMirror, stream_id: number): unknown {
  const row = reader(
    db,
    "SELECT json_extract(json, '$.can_administer_channel_group') AS value, json_type(json, '$.can_administer_channel_group') AS type FROM channels WHERE stream_id = ?",
    z.object({ value: z.union([z.number(), z.string()]).nullable(), type: z.string().nullable() }),
  ).get(stream_id);
  if (!row || row.value === null) return undefined;
  return row.type === 'object' && typeof row.value === 'string' ? (JSON.parse(row.value) as unknown) : row.value;
}

/**
 * Whether the user may administer the channel: an organization administrator, or in its group
 * setting. Where the mirror cannot tell (no setting, groups unknown), administrators only: the
 * server decides anyway.
 */
export function mayAdministerChannel(db: ReadOnlyMirror, stream_id: number, user: { user_id: number; is_administrator: boolean }): boolean {
  return user.is_administrator || inGroupSetting(db, user.user_id, channelAdministerSetting(db, stream_id)) === true;
}

/** One channel as its feed heads it, subscribed to or not; undefined when the mirror does not know it. */
export function channelAbout(db: ReadOnlyMirror, stream_id: number, featureLevel: number | null): Omit<ChannelAbout, 'may_administer'> | undefined {
  const row = reader(
    db,
    // Either record may be missing: a subscription carries the channel's fields too (as the sidebar reads it).
    `SELECT k.stream_id, coalesce(c.name, json_extract(s.json, '$.name')) AS name, s.stream_id IS NOT NULL AS subscribed,
            coalesce(c.is_archived, json_extract(s.json, '$.is_archived'), 0) AS is_archived,
            coalesce(c.invite_only, json_extract(s.json, '$.invite_only'), 0) AS invite_only,
            coalesce(json_extract(s.json, '$.is_muted'), 0) AS is_muted,
            coalesce(json_extract(c.json, '$.topics_policy'), json_extract(s.json, '$.topics_policy')) AS topics_policy,
            coalesce(c.rendered_description, json_extract(s.json, '$.rendered_description'), '') AS rendered_description,
            coalesce(json_extract(c.json, '$.description'), json_extract(s.json, '$.description'), '') AS description,
            json_extract(s.json, '$.desktop_notifications') AS desktop_notifications
     FROM (SELECT ? AS stream_id) k LEFT JOIN channels c ON c.stream_id = k.stream_id LEFT JOIN subscriptions s ON s.stream_id = k.stream_id
     WHERE c.stream_id IS NOT NULL OR s.stream_id IS NOT NULL`,
    channelAboutRow,
  ).get(stream_id);
  if (!row) return undefined;
  const { topics_policy, desktop_notifications, ...about } = row;
  return {
    ...about,
    empty_topic: emptyTopicUse(topics_policy, organizationTopicRules(db), featureLevel),
    notifies_all: about.subscribed && channelNotifiesAll(desktop_notifications === null ? null : desktop_notifications === 1, streamDesktopDefault(db)),
  };
}
