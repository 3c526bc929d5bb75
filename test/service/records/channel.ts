// The channel object (as listed and as registered) and the subscription entry built on it.
import type { Db } from '../db/schema';
import type { StreamRow, SubscriptionRow } from '../db/rows';
import { SYSTEM_GROUP } from '../groups';

export function channelRecord(row: StreamRow, firstMessageId: number | null, subscriberCount: number): Record<string, unknown> {
  const administrators = row.creator_id === null ? SYSTEM_GROUP.nobody : { direct_members: [row.creator_id], direct_subgroups: [] };
  return {
    stream_id: row.stream_id,
    name: row.name,
    is_archived: row.is_archived === 1,
    description: row.description,
    rendered_description: row.rendered_description,
    date_created: row.date_created,
    creator_id: row.creator_id,
    invite_only: row.invite_only === 1,
    is_web_public: row.is_web_public === 1,
    stream_post_policy: 1,
    message_retention_days: row.message_retention_days,
    history_public_to_subscribers: row.history_public_to_subscribers === 1,
    topics_policy: row.topics_policy,
    first_message_id: firstMessageId,
    folder_id: row.folder_id,
    is_recently_active: firstMessageId !== null,
    is_announcement_only: false,
    can_add_subscribers_group: SYSTEM_GROUP.nobody,
    can_remove_subscribers_group: SYSTEM_GROUP.administrators,
    can_administer_channel_group: administrators,
    can_delete_any_message_group: SYSTEM_GROUP.nobody,
    can_delete_own_message_group: SYSTEM_GROUP.everyone,
    can_send_message_group: SYSTEM_GROUP.everyone,
    can_subscribe_group: SYSTEM_GROUP.nobody,
    can_move_messages_out_of_channel_group: SYSTEM_GROUP.nobody,
    can_move_messages_within_channel_group: SYSTEM_GROUP.nobody,
    can_resolve_topics_group: SYSTEM_GROUP.nobody,
    stream_weekly_traffic: null,
    subscriber_count: subscriberCount,
  };
}

export function subscriptionRecord(channel: Record<string, unknown>, subscription: SubscriptionRow, subscribers?: number[]): Record<string, unknown> {
  const record: Record<string, unknown> = {
    ...channel,
    color: subscription.color,
    is_muted: subscription.is_muted === 1,
    in_home_view: subscription.is_muted === 0,
    pin_to_top: subscription.pin_to_top === 1,
    desktop_notifications: subscription.desktop_notifications === null ? null : subscription.desktop_notifications === 1,
    email_notifications: null,
    wildcard_mentions_notify: null,
    push_notifications: null,
    audible_notifications: null,
  };
  if (subscribers !== undefined) record['subscribers'] = subscribers;
  return record;
}

/** Oldest message id and subscriber count of every channel, in two grouped queries. */
export function channelStatistics(db: Db): { firstMessageIds: Map<number, number>; subscriberCounts: Map<number, number> } {
  const firstMessageIds = new Map<number, number>();
  for (const row of db.prepare('SELECT stream_id, MIN(id) AS first FROM messages WHERE stream_id IS NOT NULL GROUP BY stream_id').iterate() as IterableIterator<{ stream_id: number; first: number }>) {
    firstMessageIds.set(row.stream_id, row.first);
  }
  const subscriberCounts = new Map<number, number>();
  const counts = db.prepare(
    'SELECT s.stream_id, COUNT(*) AS n FROM subscriptions s JOIN users u USING (user_id) WHERE s.active = 1 AND u.is_active = 1 GROUP BY s.stream_id',
  );
  for (const row of counts.iterate() as IterableIterator<{ stream_id: number; n: number }>) subscriberCounts.set(row.stream_id, row.n);
  return { firstMessageIds, subscriberCounts };
}

export function firstMessageId(db: Db, streamId: number): number | null {
  const row = db.prepare('SELECT MIN(id) AS first FROM messages WHERE stream_id = ?').get(streamId) as { first: number | null };
  return row.first;
}

export function channelRecordFor(db: Db, row: StreamRow): Record<string, unknown> {
  const count = db
    .prepare('SELECT COUNT(*) FROM subscriptions s JOIN users u USING (user_id) WHERE s.stream_id = ? AND s.active = 1 AND u.is_active = 1')
    .pluck()
    .get(row.stream_id) as number;
  return channelRecord(row, firstMessageId(db, row.stream_id), count);
}
