// Who the signed-in user is and what the connected server allows: the role decides which
// administration forms are offered, the feature level and announced limits which rules apply.
import { z } from 'zod';
import type { Dialect } from '../api/dialects';
import type { CustomProfileField, Linkifier, ServerSettings } from '../api/records';
import type { RegistrationContext } from '../api/registration';
import { ROLE_VALUES, STATUS_TEXT_MAX_LENGTH, WELCOME_MESSAGE_CUSTOM_TEXT_MAX_LENGTH } from '../api/limits';
import { channel, id } from './define';

export interface MeView {
  user_id: number;
  full_name: string;
  /** Their picture as the server gives it (shown through main); null: none known, initials instead. */
  avatar_url: string | null;
  /** The address the user can see of themself (their real one where the server gives it). */
  email: string;
  /** The spec's role number (100 owner ... 600 guest); null until the mirror holds the user. */
  role: number | null;
  /** The user's timezone as set on the server ('' when unset). */
  timezone: string;
  /** Times in 24 hours (13:30) or 12 (1:30 PM), as the user set it on the server; null: not said, the system's way. */
  twenty_four_hour_time: boolean | null;
  /** Words or phrases whose every use notifies the user and is highlighted, as a mention is (shared/alert-words.ts). */
  alert_words: string[];
  /** The people the user muted (on any of their devices): their messages show hidden until asked for. */
  muted_user_ids: number[];
  /** The groups the user is in (directly, through subgroups, or by role): mentions of them mention the user. */
  group_ids: number[];
  /** Whether the organization lets the user create public and private channels (true where the mirror cannot tell). */
  may_create_channels: { public: boolean; private: boolean };
  /** undefined until the server has told it (calls are then not refused for it). */
  feature_level: number | null;
  /** How the server spells the identifiers the spec renames; null until it has shown it. */
  dialect: Dialect | null;
  /** The limits and names the last registration announced. */
  announced: RegistrationContext;
}

/** A reusable invitation link the caller may manage, as the administration screen lists it. */
export interface InviteLinkView {
  /** The server's ID, used to revoke the link. */
  id: number;
  link_url: string;
  invited_by_user_id: number;
  /** The maker's name from the mirror; null when the mirror does not hold them. */
  invited_by_name: string | null;
  invited_as: number;
  /** When it was created, in UTC seconds. */
  invited: number;
  /** When it expires, in UTC seconds; null: never. */
  expiry_date: number | null;
  /** What the link subscribes people to, when this app created it; null: the server does not tell. */
  subscriptions: { channels: string[]; group_ids: number[]; include_realm_default_subscriptions: boolean } | null;
}

/** A group new users can be invited into, by name. */
export interface UserGroupChoice {
  id: number;
  name: string;
  description: string;
}

// Lengths are the spec's or announced ones, checked by the client before sending; these bounds
// only keep absurd input out of main.
const text = (max: number) => z.string().max(max);
/** One of the spec's roles (100 owner … 600 guest). */
const role = z.union(ROLE_VALUES.map((role) => z.literal(role)) as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]]);

export const adminChannels = {
  'me.get': channel<MeView>()(z.undefined()),
  'folders.create': channel<{ channel_folder_id: number }>()(z.object({ name: text(1000), description: text(100_000) })),
  'folders.update': channel<null>()(
    z.object({ channel_folder_id: id, name: text(1000).optional(), description: text(100_000).optional(), is_archived: z.boolean().optional() }),
  ),
  'users.create': channel<{ user_id: number }>()(
    z.object({ email: z.string().trim().min(3).max(254), full_name: z.string().trim().min(1).max(1000), password: z.string().min(1).max(1000) }),
  ),
  'users.deactivate': channel<null>()(z.object({ user_id: id, deactivation_notification_comment: text(10_000).optional() })),
  /** Brings a deactivated user back (POST /users/{user_id}/reactivate). */
  'users.reactivate': channel<null>()(z.object({ user_id: id })),
  /** Gives a user another role (PATCH /users/{user_id}). */
  'users.setRole': channel<null>()(z.object({ user_id: id, role })),
  'users.setStatus': channel<null>()(
    z.object({ user_id: id, status_text: z.string().max(STATUS_TEXT_MAX_LENGTH).optional(), emoji_name: text(100).optional() }),
  ),
  'invites.create': channel<{ invite_link: string }>()(
    z.object({
      /** null: never expires; absent: the server's default. */
      invite_expires_in_minutes: z.number().int().positive().max(10_000_000).nullable().optional(),
      invite_as: role.optional(),
      stream_ids: z.array(id).max(1000).optional(),
      group_ids: z.array(id).max(1000).optional(),
      include_realm_default_subscriptions: z.boolean().optional(),
      /** null: the organization's default text; '': none. */
      welcome_message_custom_text: z.string().max(WELCOME_MESSAGE_CUSTOM_TEXT_MAX_LENGTH).nullable().optional(),
    }),
  ),
  /** The unexpired reusable invitation links the caller may manage, newest first. */
  'invites.list': channel<InviteLinkView[]>()(z.undefined()),
  /** Revokes each link in turn; one refusal does not stop the others. */
  'invites.revoke': channel<{ revoked: number[]; refused: { id: number; message: string }[] }>()(z.object({ ids: z.array(id).min(1).max(1000) })),
  /** The organization's groups that invitations can add people to (not the role-based system groups). */
  'groups.list': channel<UserGroupChoice[]>()(z.undefined()),
  'profileFields.list': channel<CustomProfileField[]>()(z.undefined()),
  'profileFields.create': channel<{ id: number }>()(
    z.object({
      name: text(1000).optional(),
      hint: text(10_000).optional(),
      field_type: z.number().int(),
      field_data: z.record(z.string(), z.unknown()).optional(),
      display_in_profile_summary: z.boolean().optional(),
      required: z.boolean().optional(),
      editable_by_user: z.boolean().optional(),
    }),
  ),
  'linkifiers.list': channel<Linkifier[]>()(z.undefined()),
  'linkifiers.update': channel<null>()(z.object({ filter_id: id, pattern: text(10_000).min(1), url_template: text(10_000).min(1) })),
  /** The organization's server settings: fresh when online, the mirror's last copy otherwise (null if never fetched). */
  'server.settings': channel<ServerSettings | null>()(z.undefined()),
  /** Registers this device for end-to-end encrypted push; main makes the keys and encrypts the registration. */
  'push.register': channel<{ push_account_id: number }>()(
    z.object({
      token_kind: z.enum(['fcm', 'apns']),
      token: z.string().trim().min(1).max(4096),
      bouncer_public_key: z.string().trim().min(1).max(200),
      ios_app_id: z.string().trim().min(1).max(200).optional(),
    }),
  ),
  /** The active human owners: the only one cannot be deactivated. */
  'users.activeOwners': channel<number[]>()(z.undefined()),
} as const;
