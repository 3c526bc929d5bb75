// Subscribing to channels (creating the ones that do not exist yet, with the notice real servers
// have Notification Bot post in a new channel's "channel events" topic), with the `stream` create,
// `subscription` add and peer_add events; a subscription's own settings (muted, pinned), with
// update events; unsubscribing, with the remove and peer_remove events, and the channel's
// messages marked read for whoever left (the real server's deferred `mark_stream_messages_as_read`:
// coming back, nothing old is unread).
import { getStreamByName, getUser, isSubscribed, subscriberIds, userByApiEmail } from '../access';
import type { Sim } from '../context';
import { nowSeconds } from '../context';
import type { MessageRow, StreamRow, SubscriptionRow, UserRow } from '../db/rows';
import { channelAudience } from '../events/audience';
import { badRequest } from '../http/errors';
import type { Route } from '../http/router';
import { channelRecordFor, subscriptionRecord } from '../records/channel';
import { FLAG } from '../records/message';
import { renderMarkdown } from '../render';
import { canCreateChannels, canSubscribeOthers } from '../permissions';
import { MAX_CHANNEL_DESCRIPTION_LENGTH, MAX_CHANNEL_NAME_LENGTH } from './channels';
import { changeFlags } from './flags';
import { announceCreation } from '../messaging/channel-events';

const COLORS = ['#76ce90', '#fae589', '#a6c7e5', '#e79ab5', '#bfd56f', '#f4ae55', '#b0a5fd', '#addfe5'];

function principals(sim: Sim, value: unknown, caller: UserRow): UserRow[] {
  if (value === undefined) return [caller];
  if (!Array.isArray(value)) throw badRequest('principals is not a list');
  return (value as unknown[]).map((item) => {
    const user = typeof item === 'number' ? getUser(sim.db, item) : typeof item === 'string' ? userByApiEmail(sim.db, sim.realm().host, item) : undefined;
    if (user === undefined || user.is_active !== 1) throw badRequest(`User not found: ${String(item)}`);
    return user;
  });
}

function createChannel(sim: Sim, creator: UserRow, name: string, description: string, inviteOnly: boolean): StreamRow {
  if (!canCreateChannels(creator)) throw badRequest('Insufficient permission');
  if (name.length > MAX_CHANNEL_NAME_LENGTH) throw badRequest(`Channel name too long (limit: ${MAX_CHANNEL_NAME_LENGTH} characters).`);
  if (description.length > MAX_CHANNEL_DESCRIPTION_LENGTH) throw badRequest('Channel description is too long.');
  const { lastInsertRowid } = sim.db
    .prepare('INSERT INTO streams (name, description, rendered_description, invite_only, history_public_to_subscribers, date_created, creator_id) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run(name, description, description === '' ? '' : renderMarkdown(description), Number(inviteOnly), Number(!inviteOnly), nowSeconds(), creator.user_id);
  return sim.db.prepare('SELECT * FROM streams WHERE stream_id = ?').get(lastInsertRowid) as StreamRow;
}

export const subscriptionRoutes: Route[] = [
  {
    method: 'POST',
    path: '/users/me/subscriptions',
    params: ['subscriptions', 'principals', 'invite_only'],
    handle({ sim, user, params }) {
      const requested = params.requiredJson('subscriptions');
      if (!Array.isArray(requested)) throw badRequest('subscriptions is not a list');
      const targets = principals(sim, params.json('principals'), user);
      if (targets.some((target) => target.user_id !== user.user_id) && !canSubscribeOthers(user)) {
        throw badRequest('Insufficient permission');
      }
      const inviteOnly = params.bool('invite_only') ?? false;
      const subscribed: Record<string, string[]> = {};
      const alreadySubscribed: Record<string, string[]> = {};
      const created: StreamRow[] = [];
      for (const entry of requested as unknown[]) {
        const name = typeof entry === 'object' && entry !== null && 'name' in entry ? String((entry as { name: unknown }).name).trim() : '';
        if (name === '') throw badRequest('Invalid channel name');
        const description = typeof entry === 'object' && entry !== null && 'description' in entry ? String((entry as { description: unknown }).description) : '';
        let stream = getStreamByName(sim.db, name);
        if (stream === undefined) {
          stream = createChannel(sim, user, name, description, inviteOnly);
          created.push(stream);
          sim.queues.publish(channelAudience(sim, stream), { type: 'stream', op: 'create', streams: [channelRecordFor(sim.db, stream)] });
        } else if (stream.is_archived === 1 || (stream.invite_only === 1 && !isSubscribed(sim.db, user.user_id, stream.stream_id))) {
          // Joining a private channel takes an invitation from inside it.
          throw badRequest(`Unable to access channel (${name}).`);
        }
        for (const target of targets) {
          const key = String(target.user_id);
          const existing = sim.db.prepare('SELECT * FROM subscriptions WHERE user_id = ? AND stream_id = ?').get(target.user_id, stream.stream_id) as SubscriptionRow | undefined;
          if (existing?.active === 1) {
            (alreadySubscribed[key] ??= []).push(stream.name);
            continue;
          }
          const peers = subscriberIds(sim.db, stream.stream_id);
          const color = COLORS[stream.stream_id % COLORS.length] ?? '#76ce90';
          sim.db
            .prepare('INSERT INTO subscriptions (user_id, stream_id, active, color) VALUES (?, ?, 1, ?) ON CONFLICT (user_id, stream_id) DO UPDATE SET active = 1')
            .run(target.user_id, stream.stream_id, color);
          const row = sim.db.prepare('SELECT * FROM subscriptions WHERE user_id = ? AND stream_id = ?').get(target.user_id, stream.stream_id) as SubscriptionRow;
          const subscribers = subscriberIds(sim.db, stream.stream_id);
          sim.queues.publish([target.user_id], { type: 'subscription', op: 'add', subscriptions: [subscriptionRecord(channelRecordFor(sim.db, stream), row, subscribers)] });
          sim.queues.publish(peers, { type: 'subscription', op: 'peer_add', stream_ids: [stream.stream_id], user_ids: [target.user_id] });
          (subscribed[key] ??= []).push(stream.name);
        }
      }
      for (const stream of created) announceCreation(sim, user, stream);
      return { subscribed, already_subscribed: alreadySubscribed };
    },
  },
  {
    // The caller's own settings per subscription; a mute is told as the family's server tells it:
    // the deprecated in_home_view first, then is_muted.
    method: 'POST',
    path: '/users/me/subscriptions/properties',
    params: ['subscription_data'],
    handle({ sim, user, params }) {
      const data = params.requiredJson('subscription_data');
      if (!Array.isArray(data)) throw badRequest('subscription_data is not a list');
      for (const [index, entry] of (data as unknown[]).entries()) {
        const { stream_id, property, value } = (typeof entry === 'object' && entry !== null ? entry : {}) as { stream_id?: unknown; property?: unknown; value?: unknown };
        if (typeof stream_id !== 'number' || !isSubscribed(sim.db, user.user_id, stream_id)) throw badRequest(`Not subscribed to channel ID ${String(stream_id)}`);
        if (property !== 'is_muted' && property !== 'in_home_view' && property !== 'pin_to_top' && property !== 'desktop_notifications') {
          throw badRequest(`Unknown subscription property: ${String(property)}`);
        }
        // As the family's server words it (checked with curl): a null is refused too, not taken as "the default".
        if (typeof value !== 'boolean') throw badRequest(`subscription_data[${index}]["value"]["bool"] is not a boolean`);
        if (property === 'pin_to_top' || property === 'desktop_notifications') {
          sim.db.prepare(`UPDATE subscriptions SET ${property} = ? WHERE user_id = ? AND stream_id = ?`).run(Number(value), user.user_id, stream_id);
          sim.queues.publish([user.user_id], { type: 'subscription', op: 'update', property, value, stream_id });
          continue;
        }
        const muted = property === 'is_muted' ? value : !value;
        sim.db.prepare('UPDATE subscriptions SET is_muted = ? WHERE user_id = ? AND stream_id = ?').run(Number(muted), user.user_id, stream_id);
        sim.queues.publish([user.user_id], { type: 'subscription', op: 'update', property: 'in_home_view', value: !muted, stream_id });
        sim.queues.publish([user.user_id], { type: 'subscription', op: 'update', property: 'is_muted', value: muted, stream_id });
      }
      return {};
    },
  },
  {
    // The caller's own subscriptions, by channel name, as the family's server takes them.
    method: 'DELETE',
    path: '/users/me/subscriptions',
    params: ['subscriptions'],
    handle({ sim, user, params }) {
      const requested = params.requiredJson('subscriptions');
      if (!Array.isArray(requested) || requested.some((name) => typeof name !== 'string')) throw badRequest('subscriptions is not a list of channel names');
      const removed: string[] = [];
      const notRemoved: string[] = [];
      for (const name of requested as string[]) {
        const stream = getStreamByName(sim.db, name.trim());
        if (stream === undefined) throw badRequest(`Channel(s) (${name}) do not exist`);
        if (!isSubscribed(sim.db, user.user_id, stream.stream_id)) {
          notRemoved.push(stream.name);
          continue;
        }
        sim.db.prepare('UPDATE subscriptions SET active = 0 WHERE user_id = ? AND stream_id = ?').run(user.user_id, stream.stream_id);
        sim.queues.publish([user.user_id], { type: 'subscription', op: 'remove', subscriptions: [{ stream_id: stream.stream_id, name: stream.name }] });
        sim.queues.publish(subscriberIds(sim.db, stream.stream_id), { type: 'subscription', op: 'peer_remove', stream_ids: [stream.stream_id], user_ids: [user.user_id] });
        removed.push(stream.name);
        markChannelRead(sim, user, stream.stream_id);
      }
      return { removed, not_removed: notRemoved };
    },
  },
];

/** After the remove events, as the real server's deferred work does it: one read event for the channel's unread. */
function markChannelRead(sim: Sim, user: UserRow, stream_id: number): void {
  const unread = sim.db
    .prepare(`SELECT m.* FROM messages m JOIN user_messages um ON um.message_id = m.id AND um.user_id = ? WHERE m.stream_id = ? AND (um.flags & ${FLAG.read}) = 0`)
    .all(user.user_id, stream_id) as MessageRow[];
  if (unread.length > 0) changeFlags(sim, user, unread, { op: 'add', flag: 'read' });
}
