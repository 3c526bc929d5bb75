import type { Channel, ChannelFolder, SubscriptionEntry } from '../../shared/api/records';
import type { ChannelSummary } from '../../shared/channels';
import type { MirrorDatabase } from './database';
import { type KeyedTable, prepared } from './keyed-table';

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
};

/** Every channel's summary in name order, from the queried columns alone (the full records stay unread). */
export function channelSummaries(db: MirrorDatabase): ChannelSummary[] {
  const rows = prepared(
    db,
    'SELECT stream_id, name, folder_id, is_archived, invite_only, is_web_public, rendered_description FROM channels ORDER BY name, stream_id',
  ).all() as (Omit<ChannelSummary, 'is_archived' | 'invite_only' | 'is_web_public'> & { is_archived: number; invite_only: number; is_web_public: number })[];
  return rows.map((row) => ({ ...row, is_archived: row.is_archived === 1, invite_only: row.invite_only === 1, is_web_public: row.is_web_public === 1 }));
}

export function subscribedChannelIds(db: MirrorDatabase): Set<number> {
  return new Set((prepared(db, 'SELECT stream_id FROM subscriptions').all() as { stream_id: number }[]).map((row) => row.stream_id));
}

export const subscriptionsTable: KeyedTable<SubscriptionEntry> = {
  table: 'subscriptions',
  key: 'stream_id',
  columns: { stream_id: (s) => s.stream_id },
};

export const channelFoldersTable: KeyedTable<ChannelFolder> = {
  table: 'channel_folders',
  key: 'channel_folder_id',
  columns: {
    channel_folder_id: (f) => f.channel_folder_id,
    name: (f) => f.name,
    is_archived: (f) => f.is_archived === true,
  },
};
