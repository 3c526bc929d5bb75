// Reusable invitation links: roles no more privileged than the caller's, channels the caller may
// subscribe others to, groups the caller may add members to, and the custom welcome text. Listing
// and revoking follow the reference's rules: administrators manage every link, others their own,
// and links that make owners are for owners only.
import { randomBytes } from 'node:crypto';
import { canAccessChannelMetadata, getStream, isAdmin, isOwner, isSubscribed, ROLE, ROLES } from '../access';
import type { Sim } from '../context';
import { nowSeconds } from '../context';
import type { UserGroupRow, UserRow } from '../db/rows';
import { badRequest } from '../http/errors';
import type { Route } from '../http/router';
import { canCreateInviteLinks, canSubscribeOthers } from '../permissions';

const MAX_WELCOME_TEXT_LENGTH = 8000;
const DEFAULT_INVITE_MINUTES = 14_400;

interface InviteRow {
  id: number;
  link_key: string;
  referred_by: number;
  invite_as: number;
  expires_at: number | null;
  date_created: number;
  revoked: number;
}

/** Who may see and revoke a link: its maker, or an administrator; an owner's link only an owner. */
function canManage(user: UserRow, invite: InviteRow): boolean {
  if (invite.invite_as === ROLE.owner && !isOwner(user)) return false;
  return invite.referred_by === user.user_id || isAdmin(user);
}

const joinUrl = (sim: Sim, link_key: string): string => `${sim.url}/join/${link_key}/`;

export const inviteRoutes: Route[] = [
  {
    method: 'POST',
    path: '/invites/multiuse',
    params: ['invite_expires_in_minutes', 'invite_as', 'stream_ids', 'group_ids', 'include_realm_default_subscriptions', 'welcome_message_custom_text'],
    handle({ sim, user, params }) {
      const minutes = params.has('invite_expires_in_minutes') ? params.nullableInt('invite_expires_in_minutes') ?? null : DEFAULT_INVITE_MINUTES;
      if (minutes !== null && minutes <= 0) throw badRequest('Invalid invite_expires_in_minutes');
      const inviteAs = params.int('invite_as') ?? 400;
      if (!ROLES.includes(inviteAs)) throw badRequest('Invalid invite_as');
      const streamIds = params.intList('stream_ids') ?? [];
      const groupIds = params.intList('group_ids') ?? [];
      const includeDefaults = params.bool('include_realm_default_subscriptions') ?? false;
      const welcomeParam = params.string('welcome_message_custom_text');
      const welcomeRaw = welcomeParam === 'null' ? undefined : welcomeParam;
      if (welcomeRaw !== undefined && welcomeRaw.length > MAX_WELCOME_TEXT_LENGTH) {
        throw badRequest(`welcome_message_custom_text is too long (limit: ${MAX_WELCOME_TEXT_LENGTH} characters)`);
      }

      // The caller may only grant roles equal to or more restricted than their own.
      if (!canCreateInviteLinks(user) || inviteAs < user.role) throw badRequest('Insufficient permission');
      for (const streamId of streamIds) {
        const stream = getStream(sim.db, streamId);
        const usable = stream !== undefined && stream.is_archived === 0 && canAccessChannelMetadata(sim.db, user, stream) &&
          (stream.invite_only === 0 || isSubscribed(sim.db, user.user_id, streamId) || isAdmin(user));
        if (!usable) throw badRequest(`Invalid channel ID ${streamId}. No invites were sent.`);
      }
      if (streamIds.length > 0 && !canSubscribeOthers(user)) throw badRequest('You do not have permission to subscribe other users to channels.');
      for (const groupId of groupIds) {
        const group = sim.db.prepare('SELECT * FROM user_groups WHERE id = ?').get(groupId) as UserGroupRow | undefined;
        if (group === undefined) throw badRequest(`Invalid user group ID: ${groupId}`);
        if (group.is_system_group === 1 || !isAdmin(user)) throw badRequest('Insufficient permission');
      }

      // Only administrators choose the welcome text; for anyone else it is the organization default.
      const welcome = isAdmin(user) ? (welcomeRaw ?? null) : null;
      const key = randomBytes(12).toString('hex');
      sim.db
        .prepare(
          `INSERT INTO invites (link_key, referred_by, invite_as, expires_at, stream_ids, group_ids, include_realm_default_subscriptions, welcome_message_custom_text, date_created)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(key, user.user_id, inviteAs, minutes === null ? null : nowSeconds() + minutes * 60, JSON.stringify(streamIds), JSON.stringify(groupIds), Number(includeDefaults), welcome, nowSeconds());
      return { invite_link: joinUrl(sim, key) };
    },
  },
  {
    method: 'GET',
    path: '/invites',
    params: [],
    handle({ sim, user }) {
      const rows = sim.db
        .prepare('SELECT * FROM invites WHERE revoked = 0 AND (expires_at IS NULL OR expires_at > ?) ORDER BY id')
        .all(nowSeconds()) as InviteRow[];
      const invites = rows.filter((row) => canManage(user, row)).map((row) => ({
        id: row.id,
        invited_by_user_id: row.referred_by,
        invited: row.date_created,
        expiry_date: row.expires_at,
        invited_as: row.invite_as,
        link_url: joinUrl(sim, row.link_key),
        is_multiuse: true,
        notify_referrer_on_join: true,
      }));
      return { invites };
    },
  },
  {
    method: 'DELETE',
    path: '/invites/multiuse/{invite_id}',
    params: [],
    handle({ sim, user, path }) {
      const row = sim.db.prepare('SELECT * FROM invites WHERE id = ?').get(path.int('invite_id')) as InviteRow | undefined;
      if (row === undefined) throw badRequest('No such invitation');
      if (row.invite_as === ROLE.owner && !isOwner(user)) throw badRequest('Must be an organization owner');
      if (!canManage(user, row)) throw badRequest('Must be an organization administrator');
      if (row.revoked === 1) throw badRequest('Invitation has already been revoked');
      sim.db.prepare('UPDATE invites SET revoked = 1 WHERE id = ?').run(row.id);
      return {};
    },
  },
];
