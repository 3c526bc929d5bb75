// The channel and notice names of shared/ipc.ts, written out here because the sandboxed preload
// is one self-contained file and importing that module's values would bundle zod into it. The
// types below stop compiling when the contract gains a name these lists lack (or these lists
// name something the contract does not have).
import type { IpcChannel, IpcNotice } from '../shared/ipc';

export const channelNames = [
  'app.state',
  'server.info',
  'accounts.signIn',
  'accounts.switch',
  'accounts.signOut',
  'sync.retryNow',
  'channels.list',
  'users.search',
  'users.profile',
  'users.byEmail',
  'security.cspViolation',
] as const satisfies readonly IpcChannel[];

export const noticeNames = ['mirror.changed', 'sync.status', 'typing', 'app.state'] as const satisfies readonly IpcNotice[];

type Complete<Missing extends never> = Missing;
export type ChannelNamesComplete = Complete<Exclude<IpcChannel, (typeof channelNames)[number]>>;
export type NoticeNamesComplete = Complete<Exclude<IpcNotice, (typeof noticeNames)[number]>>;
