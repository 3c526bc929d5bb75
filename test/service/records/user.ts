// The User record as a given viewer may see it: email visibility decides delivery_email and the
// API email; client_gravatar decides whether avatar_url is left for the client to compute.
import { createHash } from 'node:crypto';
import { isAdmin, isGuest, isModerator } from '../access';
import type { Db } from '../db/schema';
import type { ProfileValueRow, UserRow } from '../db/rows';

export const EMAIL_VISIBILITY = { everyone: 1, members: 2, admins: 3, nobody: 4, moderators: 5 } as const;

/** The columns a user record is built from (register reads only these, for speed at 100k users). */
export const USER_RECORD_COLUMNS =
  'user_id, email, full_name, role, is_active, is_bot, bot_type, bot_owner_id, timezone, date_joined, avatar_version, avatar_source, email_address_visibility';
export type UserSource = Pick<
  UserRow,
  'user_id' | 'email' | 'full_name' | 'role' | 'is_active' | 'is_bot' | 'bot_type' | 'bot_owner_id' | 'timezone' | 'date_joined' | 'avatar_version' | 'avatar_source' | 'email_address_visibility'
>;

export type ProfileData = Record<string, { value: string; rendered_value?: string }>;

export interface UserView {
  viewer: UserRow;
  realmHost: string;
  clientGravatar: boolean;
  /** Undefined leaves profile_data out. */
  profileData?: ReadonlyMap<number, ProfileData>;
  includeIsActive: boolean;
}

export function canSeeDeliveryEmail(viewer: UserRow, target: UserSource): boolean {
  return viewer.user_id === target.user_id || visibleByPolicy(viewer, target);
}

/** What the target's email visibility setting allows the viewer's role (oneself not excepted). */
export function visibleByPolicy(viewer: UserRow, target: UserSource): boolean {
  if (target.is_bot === 1) return true;
  switch (target.email_address_visibility) {
    case EMAIL_VISIBILITY.everyone:
      return true;
    case EMAIL_VISIBILITY.members:
      return !isGuest(viewer);
    case EMAIL_VISIBILITY.moderators:
      return isModerator(viewer);
    case EMAIL_VISIBILITY.admins:
      return isAdmin(viewer);
    default:
      return false;
  }
}

/** The address API calls use: the real one unless the user restricts who may see it. */
export function apiEmail(target: UserSource, realmHost: string): string {
  return target.is_bot === 1 || target.email_address_visibility === EMAIL_VISIBILITY.everyone ? target.email : `user${target.user_id}@${realmHost}`;
}

/** Where an uploaded avatar is served: a path on this server, which asks for credentials. */
export function uploadedAvatarPath(user_id: number, avatar_version: number): string {
  return `/user_avatars/${user_id}.png?version=${avatar_version}`;
}

export function avatarUrl(target: UserSource): string {
  if (target.avatar_source === 'U') return uploadedAvatarPath(target.user_id, target.avatar_version);
  const hash = createHash('md5').update(target.email.toLowerCase()).digest('hex');
  return `https://secure.gravatar.com/avatar/${hash}?d=identicon&version=${target.avatar_version}`;
}

export function userRecord(target: UserSource, view: UserView): Record<string, unknown> {
  const visible = canSeeDeliveryEmail(view.viewer, target);
  const record: Record<string, unknown> = {
    user_id: target.user_id,
    delivery_email: visible ? target.email : null,
    email: apiEmail(target, view.realmHost),
    full_name: target.full_name,
    date_joined: `${new Date(target.date_joined * 1000).toISOString().slice(0, 19)}+00:00`,
    is_owner: target.role === 100,
    is_admin: target.role <= 200,
    is_guest: target.role === 600,
    is_bot: target.is_bot === 1,
    bot_type: target.bot_type,
    role: target.role,
    timezone: target.timezone,
    // client_gravatar leaves only third-party avatars for the client to compute.
    avatar_url: view.clientGravatar && visible && target.avatar_source !== 'U' ? null : avatarUrl(target),
    avatar_version: target.avatar_version,
  };
  if (view.includeIsActive) record['is_active'] = target.is_active === 1;
  if (target.is_bot === 1) record['bot_owner_id'] = target.bot_owner_id;
  else if (view.profileData !== undefined) record['profile_data'] = view.profileData.get(target.user_id) ?? {};
  return record;
}

/** Every user's custom profile field values, in one query. */
export function profileDataByUser(db: Db): Map<number, ProfileData> {
  const byUser = new Map<number, ProfileData>();
  for (const row of db.prepare('SELECT * FROM custom_profile_values').iterate() as IterableIterator<ProfileValueRow>) {
    let data = byUser.get(row.user_id);
    if (data === undefined) {
      data = {};
      byUser.set(row.user_id, data);
    }
    data[String(row.field_id)] = row.rendered_value === null ? { value: row.value } : { value: row.value, rendered_value: row.rendered_value };
  }
  return byUser;
}
