// The user's subscriptions: creating a channel, joining and leaving one (online; the server's
// subscription events file them, and on leaving the channel's unread counts go), and its
// settings, muted and desktop notifications (in the mirror at once, kept in the outbox offline,
// as a topic's preference is).
import { UserFacingError } from '../app/user-facing-error';
import type { ChangeSink } from '../store/changes';
import { channelIdNamed, channelsTable, setChannelDesktopNotifications, setChannelMuted, subscriptionsTable } from '../store/channels';
import type { MirrorDatabase } from '../store/database';
import { getRecord } from '../store/keyed-table';
import type { CoreContext } from './context';
import type { AreaHandlers } from './dispatch';

const UNKNOWN_CHANNEL = 'This app does not know that channel; ask the server for its channel list first.';

/** A channel the mirror knows, as it is now (the family names channels, not numbers them, in (un)subscribing); online only. */
function knownChannel(context: CoreContext, stream_id: number, doing: string) {
  const session = context.activeSession();
  session.requireOnline(doing);
  const channel = getRecord(session.db, channelsTable, stream_id);
  if (!channel) throw new UserFacingError('BAD_REQUEST', UNKNOWN_CHANNEL);
  return { session, channel };
}

/** A name another channel has, said next to the name field. */
const nameTaken = (name: string, why = ''): UserFacingError => new UserFacingError('CHANNEL_EXISTS', `A channel named #${name} already exists${why}: choose another name.`);

/** A setting of the user's own subscription: in the mirror at once, then to the server (waiting in the outbox offline). */
async function setSubscriptionProperty(context: CoreContext, stream_id: number, refusal: string, property: string, value: boolean, write: (db: MirrorDatabase, changes: ChangeSink) => void) {
  const session = context.activeSession();
  if (!getRecord(session.db, subscriptionsTable, stream_id)) throw new UserFacingError('BAD_REQUEST', refusal);
  session.write(write);
  const payload = { subscription_data: [{ stream_id, property, value }] };
  const deferred = await session.deferrable.call({ kind: 'updateSubscriptionSettings', record: { table: 'subscriptions', stream_id }, payload });
  return deferred.pending ? deferred : { pending: false as const, value: null };
}

/**
 * The family creates a channel by subscribing to a name no channel has; to an existing public one
 * it would only subscribe. So a name the mirror knows is refused here, and one it could not know
 * (a private channel) by the server's answer.
 */
async function createChannel(context: CoreContext, params: { name: string; description: string; invite_only: boolean }): Promise<{ stream_id: number }> {
  const session = context.activeSession();
  session.requireOnline('Creating a channel');
  const name = params.name.trim();
  const known = channelIdNamed(session.db, name);
  if (known !== undefined) {
    const channel = getRecord(session.db, channelsTable, known);
    throw nameTaken(channel?.name ?? name, channel?.is_archived ? ' (archived)' : '');
  }
  const answer = await session.client.call('subscribe', { subscriptions: [{ name, description: params.description }], invite_only: params.invite_only });
  if ((answer.already_subscribed[String(session.account.user_id)] ?? []).length > 0) {
    throw nameTaken(name, ', and you are in it');
  }
  return { stream_id: (await session.client.call('getStreamId', { stream: name })).stream_id };
}

/**
 * A channel's new name or description: only what changed goes (the server refuses a name the
 * channel has already); a name another channel of the mirror has is refused here.
 */
async function editChannel(context: CoreContext, { stream_id, name, description }: { stream_id: number; name?: string | undefined; description?: string | undefined }): Promise<null> {
  const { session, channel } = knownChannel(context, stream_id, 'Changing a channel');
  const newName = name?.trim();
  const renamed = newName !== undefined && newName !== channel.name;
  const taken = renamed ? channelIdNamed(session.db, newName) : undefined;
  if (renamed && taken !== undefined && taken !== stream_id) throw nameTaken(newName);
  const described = description !== undefined && description !== channel.description;
  if (!renamed && !described) return null;
  await session.client.call('updateChannel', { stream_id, ...(renamed && { new_name: newName }), ...(described && { description }) });
  return null;
}

export function subscriptionHandlers(context: CoreContext): AreaHandlers<'channels.create' | 'channels.edit' | 'channels.subscribe' | 'channels.unsubscribe' | 'channels.setMuted' | 'channels.setNotifications'> {
  return {
    'channels.create': (params) => createChannel(context, params),
    'channels.edit': (params) => editChannel(context, params),
    'channels.subscribe': async ({ stream_id }) => {
      const { session, channel: { name } } = knownChannel(context, stream_id, 'Subscribing to a channel');
      await session.client.call('subscribe', { subscriptions: [{ name }] });
      return null;
    },
    'channels.unsubscribe': async ({ stream_id }) => {
      const { session, channel: { name } } = knownChannel(context, stream_id, 'Unsubscribing from a channel');
      await session.client.call('unsubscribe', { subscriptions: [name] });
      return null;
    },
    'channels.setMuted': ({ stream_id, muted }) =>
      setSubscriptionProperty(context, stream_id, 'Only a channel you are subscribed to can be muted.', 'is_muted', muted, (db, changes) => setChannelMuted(db, stream_id, muted, changes)),
    'channels.setNotifications': ({ stream_id, notify_all }) =>
      setSubscriptionProperty(context, stream_id, 'Only a channel you are subscribed to notifies.', 'desktop_notifications', notify_all, (db, changes) =>
        setChannelDesktopNotifications(db, stream_id, notify_all, changes),
      ),
  };
}
