// The IPC names as build-time constants for the preload (electron.vite.config.ts) and its
// tests (vitest.config.ts): taken from the contract, so no name is written twice.
import { ipcChannelNames, ipcNoticeNames } from './ipc';

export const ipcNames = {
  __IPC_CHANNEL_NAMES__: JSON.stringify(ipcChannelNames),
  __IPC_NOTICE_NAMES__: JSON.stringify(ipcNoticeNames),
};
