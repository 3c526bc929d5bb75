// The IPC contract between the renderer and main: every channel with the schema of its
// argument (checked in main: the renderer is untrusted) and the type of its result, and every
// notice main pushes. Each area declares its channels in shared/ipc-channels/; this module
// joins them into the one table that the renderer's typed calls, main's registration and the
// preload's allowlist all derive from, so no channel name is written twice. Payloads are plain
// JSON: epoch numbers for times.
import type { z } from 'zod';
import { adminChannels } from './ipc-channels/admin';
import { appChannels, type AppState } from './ipc-channels/app';
import { channelFeedChannels } from './ipc-channels/channel-feed';
import { messageViewChannels } from './ipc-channels/message-views';
import { composeChannels } from './ipc-channels/compose';
import { conversationChannels } from './ipc-channels/conversations';
import { messageActionChannels } from './ipc-channels/message-actions';
import { bulkChannels, type JobProgress } from './ipc-channels/bulk';
import { directoryChannels } from './ipc-channels/directory';
import { draftChannels } from './ipc-channels/drafts';
import { fileChannels, type UploadProgress } from './ipc-channels/files';
import { notificationChannels } from './ipc-channels/notifications';
import { outboxChannels } from './ipc-channels/outbox';
import { ownSettingsChannels } from './ipc-channels/own-settings';
import { schedulingChannels } from './ipc-channels/scheduling';
import { searchChannels } from './ipc-channels/search';
import { sidebarChannels } from './ipc-channels/sidebar';
import { subscriptionChannels } from './ipc-channels/subscriptions';
import { widgetChannels } from './ipc-channels/widgets';
import { inboxChannels } from './ipc-channels/inbox';
import { localDataChannels } from './ipc-channels/local-data';
import { recentChannels } from './ipc-channels/recent';
import { sendQueueChannels } from './ipc-channels/send-queue';
import { unreadChannels } from './ipc-channels/unread';
import type { MirrorChanges } from './mirror-changes';
import type { DesktopNotice } from './notifications';
import type { SyncStatusView } from './sync-status';

export * from './ipc-channels/admin';
export * from './ipc-channels/app';
export * from './ipc-channels/channel-feed';
export * from './ipc-channels/message-views';
export * from './ipc-channels/compose';
export * from './ipc-channels/conversations';
export * from './ipc-channels/message-actions';
export * from './ipc-channels/bulk';
export * from './ipc-channels/directory';
export * from './ipc-channels/drafts';
export * from './ipc-channels/files';
export * from './ipc-channels/notifications';
export * from './ipc-channels/outbox';
export * from './ipc-channels/own-settings';
export * from './ipc-channels/scheduling';
export * from './ipc-channels/search';
export * from './ipc-channels/send-queue';
export * from './ipc-channels/unread';
export * from './ipc-channels/sidebar';
export * from './ipc-channels/subscriptions';
export * from './ipc-channels/widgets';
export * from './ipc-channels/inbox';
export * from './ipc-channels/local-data';
export * from './ipc-channels/recent';

export const ipcChannels = {
  ...appChannels,
  ...localDataChannels,
  ...bulkChannels,
  ...directoryChannels,
  ...subscriptionChannels,
  ...widgetChannels,
  ...conversationChannels,
  ...channelFeedChannels,
  ...messageViewChannels,
  ...messageActionChannels,
  ...composeChannels,
  ...outboxChannels,
  ...ownSettingsChannels,
  ...draftChannels,
  ...fileChannels,
  ...sendQueueChannels,
  ...schedulingChannels,
  ...unreadChannels,
  ...searchChannels,
  ...sidebarChannels,
  ...inboxChannels,
  ...recentChannels,
  ...notificationChannels,
  ...adminChannels,
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
  'job.progress': notice<JobProgress>(),
  /** How far a staged file's upload has come (files.upload). */
  'files.progress': notice<UploadProgress>(),
  /** Browser mode: a desktop notification for the page to show. */
  notification: notice<DesktopNotice>(),
  /** Electron: the user clicked a notification main showed; the window opens its conversation. */
  'notification.open': notice<DesktopNotice>(),
  /** The connection came back and this many messages that waited for it are on the server now. */
  'outbox.delivered': notice<{ messages: number }>(),
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
