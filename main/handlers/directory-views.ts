// The mirror's records shaped for the screens (shared/ipc.ts view types).
import type { User } from '../../shared/api/records';
import type { ChannelFilters, ChannelListing, ChannelSummary, PersonPresence, StatusView, UserProfile, UserSummary } from '../../shared/ipc';
import { customEmojiSource } from '../store/custom-emoji';
import { channelFoldersTable, channelSummaries, subscribedChannelIds } from '../store/channels';
import type { MirrorDatabase, ReadOnlyMirror } from '../store/database';
import { presentUsers } from '../store/presence';
import { allRecords, getRecord } from '../store/keyed-table';
import { customProfileFieldsTable } from '../store/personal';
import { userStatusTable } from '../store/users';

export function userSummary(user: User): UserSummary {
  const { user_id, full_name, email, delivery_email, role, is_active, is_bot, bot_type } = user;
  return { user_id, full_name, email, delivery_email, role, is_active, is_bot, bot_type };
}

/** A person's status as set, without the key it is kept by, a custom emoji's image found; null when none is set. */
function statusOf(db: ReadOnlyMirror, user_id: number): StatusView | null {
  const status = getRecord(db, userStatusTable, user_id);
  if (!status) return null;
  const { user_id: _user_id, ...rest } = status;
  const custom = rest.reaction_type === 'realm_emoji' && rest.emoji_code ? customEmojiSource(db, rest.emoji_code) : null;
  return { ...rest, emoji_url: custom };
}

/** Presence and status beside each of these people's names; anyone not active or idle is offline. */
export function peoplePresence(db: ReadOnlyMirror, user_ids: readonly number[]): PersonPresence[] {
  const present = presentUsers(db);
  return user_ids.map((user_id) => ({ user_id, presence: present.get(user_id) ?? 'offline', status: statusOf(db, user_id) }));
}

export function userProfile(db: MirrorDatabase, user: User): UserProfile {
  const fields = allRecords(db, customProfileFieldsTable, 'position').map((field) => {
    const data = user.profile_data?.[String(field.id)];
    return { field, value: data?.value ?? null, rendered_value: data?.rendered_value ?? null };
  });
  return { user, status: statusOf(db, user.user_id), fields };
}

/** The spec's channel-listing filters, answered from the mirror so they work offline. */
export function channelListing(db: MirrorDatabase, filters: ChannelFilters): ChannelListing {
  const subscribed = subscribedChannelIds(db);
  const wanted = (c: ChannelSummary): boolean =>
    (!filters.exclude_archived || !c.is_archived) &&
    (filters.include_all ||
      (filters.include_public && !c.invite_only) ||
      (filters.include_web_public && c.is_web_public) ||
      (filters.include_subscribed && subscribed.has(c.stream_id)));
  return {
    folders: allRecords(db, channelFoldersTable, 'name COLLATE NOCASE'),
    channels: channelSummaries(db)
      .filter(wanted)
      .map((c) => ({ ...c, subscribed: subscribed.has(c.stream_id) })),
  };
}

