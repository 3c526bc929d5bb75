// Listing channels (with the spec's include_* selection), updating a channel's settings, and
// archiving it as real servers do (DELETE /streams/{stream_id}, beyond the spec).
import { canAccessChannelMetadata, getStream, getStreamByName, isAdmin, isGuest } from '../access';
import type { Sim } from '../context';
import type { StreamRow, UserRow } from '../db/rows';
import { channelAudience } from '../events/audience';
import { badRequest } from '../http/errors';
import type { Route } from '../http/router';
import { channelRecord, channelStatistics, channelRecordFor } from '../records/channel';
import { announceArchive, announceDescription, announceRename } from '../messaging/channel-events';
import { renderMarkdown } from '../render';

export const MAX_CHANNEL_NAME_LENGTH = 60;
export const MAX_CHANNEL_DESCRIPTION_LENGTH = 1024;

function subscribedIds(sim: Sim, userId: number | null): Set<number> {
  return new Set(sim.db.prepare('SELECT stream_id FROM subscriptions WHERE user_id = ? AND active = 1').pluck().all(userId) as number[]);
}

function administrableChannel(sim: Sim, user: UserRow, streamId: number): StreamRow {
  const stream = getStream(sim.db, streamId);
  if (stream === undefined || !canAccessChannelMetadata(sim.db, user, stream)) throw badRequest('Invalid channel ID');
  if (!isAdmin(user) && stream.creator_id !== user.user_id) throw badRequest('You do not have permission to administer this channel.');
  return stream;
}

export function publishChannelUpdate(sim: Sim, stream: StreamRow, property: string, value: unknown, extra: Record<string, unknown> = {}): void {
  sim.queues.publish(channelAudience(sim, stream), { type: 'stream', op: 'update', stream_id: stream.stream_id, name: stream.name, property, value, ...extra });
}

export const channelRoutes: Route[] = [
  {
    method: 'GET',
    path: '/streams',
    params: [
      'include_public',
      'include_web_public',
      'include_subscribed',
      'exclude_archived',
      'include_all',
      'include_default',
      'include_owner_subscribed',
      'include_can_access_content',
      'include_all_active',
    ],
    handle({ sim, user, params }) {
      const flag = (name: string, fallback: boolean): boolean => params.bool(name) ?? fallback;
      const includeAllActive = flag('include_all_active', false);
      if (includeAllActive && !isAdmin(user)) throw badRequest('User not authorized for this query');
      const subscribed = subscribedIds(sim, user.user_id);
      const ownerSubscribed = subscribedIds(sim, user.is_bot === 1 ? user.bot_owner_id : null);
      const guest = isGuest(user);
      const wanted = (stream: StreamRow): boolean => {
        const isSubscribed = subscribed.has(stream.stream_id);
        const metadata = isAdmin(user) || stream.is_web_public === 1 || (stream.invite_only === 0 && !guest) || isSubscribed;
        const content = isSubscribed || (stream.invite_only === 0 && !guest);
        return (
          (flag('include_all', false) && metadata) ||
          (includeAllActive && stream.is_archived === 0) ||
          (flag('include_public', true) && stream.invite_only === 0 && !guest) ||
          (flag('include_web_public', false) && stream.is_web_public === 1) ||
          (flag('include_subscribed', true) && isSubscribed) ||
          (flag('include_default', false) && stream.is_default === 1 && metadata) ||
          (flag('include_owner_subscribed', false) && ownerSubscribed.has(stream.stream_id) && metadata) ||
          (flag('include_can_access_content', false) && content)
        );
      };
      const excludeArchived = flag('exclude_archived', true);
      const { firstMessageIds, subscriberCounts } = channelStatistics(sim.db);
      const streams = (sim.db.prepare('SELECT * FROM streams ORDER BY name COLLATE NOCASE').all() as StreamRow[])
        .filter((stream) => !(excludeArchived && stream.is_archived === 1) && wanted(stream))
        .map((stream) => ({
          ...channelRecord(stream, firstMessageIds.get(stream.stream_id) ?? null, subscriberCounts.get(stream.stream_id) ?? 0),
          is_default: stream.is_default === 1,
        }));
      return { streams };
    },
  },
  {
    method: 'GET',
    path: '/streams/{stream_id}',
    params: [],
    handle({ sim, user, path }) {
      const stream = getStream(sim.db, path.int('stream_id'));
      if (stream === undefined || !canAccessChannelMetadata(sim.db, user, stream)) throw badRequest('Invalid channel ID');
      return { stream: { ...channelRecordFor(sim.db, stream), is_default: stream.is_default === 1 } };
    },
  },
  {
    // The family's look-up by name (reference: not shown), refused in its words for a channel the caller cannot see.
    method: 'GET',
    path: '/get_stream_id',
    params: ['stream'],
    handle({ sim, user, params }) {
      const name = params.requiredString('stream');
      const stream = getStreamByName(sim.db, name);
      if (stream === undefined || !canAccessChannelMetadata(sim.db, user, stream)) throw badRequest(`Invalid channel name '${name}'`);
      return { stream_id: stream.stream_id };
    },
  },
  {
    method: 'PATCH',
    path: '/streams/{stream_id}',
    params: ['description', 'new_name', 'folder_id'],
    handle({ sim, user, params, path }) {
      const stream = administrableChannel(sim, user, path.int('stream_id'));
      const name = params.string('new_name')?.trim();
      const description = params.string('description');
      const folderId = params.nullableInt('folder_id');
      if (name !== undefined) {
        if (name === stream.name) throw badRequest('Channel already has that name.');
        if (name === '' || name.length > MAX_CHANNEL_NAME_LENGTH) throw badRequest('Invalid channel name');
        const clash = getStreamByName(sim.db, name);
        if (clash !== undefined && clash.stream_id !== stream.stream_id) throw badRequest(`Channel name '${name}' is already taken.`);
      }
      if (description !== undefined && description.length > MAX_CHANNEL_DESCRIPTION_LENGTH) throw badRequest('Channel description is too long.');
      if (folderId !== undefined && folderId !== null) {
        if (sim.db.prepare('SELECT 1 FROM channel_folders WHERE channel_folder_id = ?').get(folderId) === undefined) throw badRequest('Invalid channel folder ID');
      }
      // The description first, then the name, as the real server changes them (each with its notice).
      let current = stream;
      if (description !== undefined) {
        const rendered = description === '' ? '' : renderMarkdown(description);
        sim.db.prepare('UPDATE streams SET description = ?, rendered_description = ? WHERE stream_id = ?').run(description, rendered, stream.stream_id);
        publishChannelUpdate(sim, current, 'description', description, { rendered_description: rendered });
        current = { ...current, description, rendered_description: rendered };
        announceDescription(sim, user, current, stream.description);
      }
      if (name !== undefined && name !== stream.name) {
        sim.db.prepare('UPDATE streams SET name = ? WHERE stream_id = ?').run(name, stream.stream_id);
        publishChannelUpdate(sim, current, 'name', name);
        current = { ...current, name };
        announceRename(sim, user, current, stream.name);
      }
      if (folderId !== undefined) {
        sim.db.prepare('UPDATE streams SET folder_id = ? WHERE stream_id = ?').run(folderId, stream.stream_id);
        publishChannelUpdate(sim, current, 'folder_id', folderId);
      }
      return {};
    },
  },
  {
    method: 'DELETE',
    path: '/streams/{stream_id}',
    params: [],
    handle({ sim, user, path }) {
      const stream = administrableChannel(sim, user, path.int('stream_id'));
      if (stream.is_archived === 1) throw badRequest('Channel is already deactivated');
      // Those who could see the channel hear of it before it is archived (zerver/actions/streams.py).
      const audience = channelAudience(sim, stream);
      sim.db.prepare('UPDATE streams SET is_archived = 1, is_default = 0 WHERE stream_id = ?').run(stream.stream_id);
      sim.queues.publish(audience, { type: 'stream', op: 'delete', streams: [{ stream_id: stream.stream_id }], stream_ids: [stream.stream_id] });
      announceArchive(sim, stream);
      return {};
    },
  },
];
