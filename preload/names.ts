// The contract's channel and notice names, inlined at build time from shared/ipc.ts (see
// electron.vite.config.ts and vitest.config.ts): the sandboxed preload is one self-contained
// file, and importing shared/ipc.ts itself would bundle zod into it.
import type { IpcChannel, IpcNotice } from '../shared/ipc';

declare const __IPC_CHANNEL_NAMES__: readonly IpcChannel[];
declare const __IPC_NOTICE_NAMES__: readonly IpcNotice[];

export const channelNames: readonly IpcChannel[] = __IPC_CHANNEL_NAMES__;
export const noticeNames: readonly IpcNotice[] = __IPC_NOTICE_NAMES__;
