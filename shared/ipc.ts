// The IPC contract between the renderer and main: every channel with the schema of its
// argument (checked in main: the renderer is untrusted) and the type of its result, and every
// notice main pushes. The renderer's typed calls and main's registration both loop over this
// table, so no channel name is written twice. Payloads are plain JSON: epoch numbers for times.
import { z } from 'zod';
import type { Channel, ChannelFolder, CustomProfileField, User, UserStatus } from './api/records';
import type { MirrorChanges } from './mirror-changes';
import type { SyncStatusView } from './sync-status';

const id = z.number().int().positive();
const accountId = z.string().regex(/^[0-9a-f]{16}$/, 'not an account id');
const page = { offset: z.number().int().min(0).max(10_000_000).default(0), limit: z.number().int().min(1).max(500).default(100) };

export interface AccountView {
  account_id: string;
  server_url: string;
  email: string;
  user_id: number;
  realm_name: string;
}

/** What GET /server_settings tells before any key is asked. */
export interface ServerInfo {
  server_url: string;
  realm_name: string;
  /** An app-served image URL (never the server's, which would need the key). */
  realm_icon: string | null;
  /** HTML: sanitized by the renderer before it is shown. */
  realm_description: string;
  service_version: string;
  service_feature_level: number;
  /** Login methods the server advertises: built-in ones that are on, then external providers. */
  login_methods: string[];
  push_notifications_enabled: boolean;
}

export interface AppState {
  accounts: AccountView[];
  active_account_id: string | null;
  /** Why keys are kept for this session only; null when the OS keychain is used. */
  keychain_unavailable: string | null;
  status: SyncStatusView;
}

export type UserSummary = Pick<User, 'user_id' | 'full_name' | 'email' | 'delivery_email' | 'role' | 'is_active' | 'is_bot' | 'bot_type'>;

export interface UserProfile {
  user: User;
  status: UserStatus | null;
  /** The organization's fields in display order, each with this user's value if any. */
  fields: { field: CustomProfileField; value: string | null; rendered_value: string | null }[];
}

/** What the channel list shows of a channel. */
export type ChannelSummary = Pick<Channel, 'stream_id' | 'name' | 'folder_id' | 'is_archived' | 'invite_only' | 'is_web_public' | 'rendered_description'>;

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

/** A channel: its argument schema, and (as a phantom) its result type. */
const channel =
  <R>() =>
  <A extends z.ZodType>(input: A) => ({ input, result: undefined as unknown as R });

const accountArg = z.object({ account_id: accountId });

export const ipcChannels = {
  'app.state': channel<AppState>()(z.undefined()),
  'server.info': channel<ServerInfo>()(z.object({ server_url: z.string().trim().min(1).max(2048) })),
  'accounts.signIn': channel<AccountView>()(
    z.object({
      server_url: z.string().trim().min(1).max(2048),
      email: z.string().trim().min(3).max(254),
      api_key: z.string().trim().min(1).max(256),
    }),
  ),
  'accounts.switch': channel<AppState>()(accountArg),
  'accounts.signOut': channel<AppState>()(accountArg),
  'sync.retryNow': channel<null>()(z.undefined()),
  'channels.list': channel<ChannelListing>()(channelFilters),
  'users.search': channel<{ users: UserSummary[]; total: number }>()(
    z.object({ text: z.string().max(200).default(''), include_inactive: z.boolean().default(false), ...page }),
  ),
  'users.profile': channel<UserProfile | null>()(z.object({ user_id: id })),
  'users.byEmail': channel<UserProfile | null>()(z.object({ email: z.string().trim().min(3).max(254) })),
  /** The renderer reports what its Content-Security-Policy blocked; main logs it. */
  'security.cspViolation': channel<null>()(
    z.object({ blocked_uri: z.string().max(500), violated_directive: z.string().max(200), source_file: z.string().max(500) }),
  ),
} as const;

export type IpcChannel = keyof typeof ipcChannels;
export type IpcArgs<C extends IpcChannel> = z.input<(typeof ipcChannels)[C]['input']>;
export type IpcParsedArgs<C extends IpcChannel> = z.output<(typeof ipcChannels)[C]['input']>;
export type IpcResult<C extends IpcChannel> = (typeof ipcChannels)[C]['result'];

export interface IpcError {
  /** INVALID_ARGUMENT, UNKNOWN_CHANNEL, a service error code, NETWORK, TIMEOUT, UNSUPPORTED_FEATURE, INTERNAL... */
  code: string;
  message: string;
}

export type IpcEnvelope<R> = { ok: true; value: R } | { ok: false; error: IpcError };

export function isIpcChannel(name: unknown): name is IpcChannel {
  return typeof name === 'string' && Object.hasOwn(ipcChannels, name);
}

/** What main pushes to the renderer: each notice and (as a phantom) its payload type. */
const notice = <P>() => undefined as unknown as P;

export const ipcNotices = {
  'mirror.changed': notice<MirrorChanges>(),
  'sync.status': notice<SyncStatusView>(),
  typing: notice<{ conversation: string; user_ids: number[] }>(),
  'app.state': notice<AppState>(),
};
export type IpcNotices = typeof ipcNotices;
export type IpcNotice = keyof IpcNotices;

/** The names alone, for the preload: it is built with these values inlined, without zod. */
export const ipcChannelNames = Object.keys(ipcChannels) as IpcChannel[];
export const ipcNoticeNames = Object.keys(ipcNotices) as IpcNotice[];

/** The bridge the preload (Electron) or the WebSocket client (browser mode) gives the renderer. */
export interface IpcBridge {
  invoke<C extends IpcChannel>(channel: C, args: IpcArgs<C>): Promise<IpcEnvelope<IpcResult<C>>>;
  on<N extends IpcNotice>(notice: N, listener: (payload: IpcNotices[N]) => void): () => void;
}
