// Browsing the mirror: channels by folder, the user directory, profiles.
import { z } from 'zod';
import type { ChannelFolder, CustomProfileField, User, UserStatus } from '../api/records';
import type { PresenceStatus } from '../api/presence';
import type { ChannelSummary } from '../channels';
import { directoryFilter } from '../directory-filter';
import { channel, id, page } from './define';

export type UserSummary = Pick<User, 'user_id' | 'full_name' | 'email' | 'delivery_email' | 'role' | 'is_active' | 'is_bot' | 'bot_type'>;

/** A status as the screens show it: a custom emoji's image is named by its path on the server (fetched through main). */
export interface StatusView extends UserStatus {
  /** For a realm_emoji status: where its image is; null for a Unicode emoji, or a custom one the mirror does not know. */
  emoji_url: string | null;
}

export interface UserProfile {
  user: User;
  status: StatusView | null;
  /** The organization's fields in display order, each with this user's value if any. */
  fields: { field: CustomProfileField; value: string | null; rendered_value: string | null }[];
}

export type { ChannelSummary };

/** What shows beside a person's name: active, idle or offline, and the status they set. */
export interface PersonPresence {
  user_id: number;
  presence: PresenceStatus;
  status: StatusView | null;
}

export interface ChannelListing {
  folders: ChannelFolder[];
  channels: (ChannelSummary & { subscribed: boolean })[];
}

export const channelFilters = z.object({
  /** The spec's channel-listing filters, applied to the mirror. */
  include_public: z.boolean().default(true),
  include_web_public: z.boolean().default(false),
  include_subscribed: z.boolean().default(true),
  exclude_archived: z.boolean().default(true),
  include_all: z.boolean().default(false),
});
export type ChannelFilters = z.infer<typeof channelFilters>;

export const directoryChannels = {
  'channels.list': channel<ChannelListing>()(channelFilters),
  /** The directory: those the text and the filter find (active users by default), how many, and how many of them are deactivated. */
  'users.search': channel<{ users: UserSummary[]; total: number; deactivated: number }>()(
    z.object({ text: z.string().max(200).default(''), filter: directoryFilter.default('active'), ...page }),
  ),
  'users.profile': channel<UserProfile | null>()(z.object({ user_id: id })),
  /** Each of these people's presence and status, from the mirror (presence read against the server's clock). */
  'users.presence': channel<PersonPresence[]>()(z.object({ user_ids: z.array(id).max(1_000) })),
  'users.byEmail': channel<UserProfile | null>()(z.object({ email: z.string().trim().min(3).max(254) })),
  /** Asks the server (GET /streams with these filters) and keeps what it answers in the mirror. */
  'channels.fetch': channel<ChannelListing>()(channelFilters),
  /** Asks the server for every user with profile data (GET /users) and keeps them in the mirror. */
  'users.fetch': channel<{ fetched: number }>()(z.undefined()),
} as const;
