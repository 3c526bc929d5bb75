// ipcMain side of shared/ipc.ts: one handler per channel of the table, each checking the sender
// and then calling the same dispatch as browser mode, within the window's call limit; and the
// core's notices to every window.
import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { ipcChannels, type IpcChannel, type IpcEnvelope } from '../../shared/ipc';
import type { Logger } from '../api/logger';
import type { AppCore } from '../app/core';
import { CallLimit } from '../handlers/call-limit';
import { dispatch, type IpcHandlers } from '../handlers/dispatch';
import { isAppUrl } from './app-url';

export interface IpcWiring {
  handlers: IpcHandlers;
  isTrusted(frame: IpcMainInvokeEvent['senderFrame']): boolean;
  logger: Logger;
}

const untrusted: IpcEnvelope<never> = {
  ok: false,
  error: { code: 'FORBIDDEN', message: 'This page may not talk to the app.' },
};

export function registerIpcHandlers(ipcMain: Pick<IpcMain, 'handle'>, wiring: IpcWiring): void {
  // One limit per window (its webContents), gone with it.
  const limits = new WeakMap<IpcMainInvokeEvent['sender'], CallLimit>();
  const limitOf = (sender: IpcMainInvokeEvent['sender']): CallLimit => {
    let limit = limits.get(sender);
    if (!limit) limits.set(sender, (limit = new CallLimit()));
    return limit;
  };
  for (const channel of Object.keys(ipcChannels) as IpcChannel[]) {
    ipcMain.handle(channel, async (event, arg: unknown) => {
      if (!wiring.isTrusted(event.senderFrame)) {
        wiring.logger.warn('IPC refused from an untrusted frame', { channel });
        return untrusted;
      }
      return dispatch(wiring.handlers, channel, arg, wiring.logger, limitOf(event.sender));
    });
  }
}

interface NoticeTarget {
  isDestroyed(): boolean;
  webContents: { getURL(): string; send(channel: string, payload: unknown): void };
}

/** Sends every notice of the core to every live window showing the app; returns the unsubscribe. */
export function forwardNotices(core: Pick<AppCore, 'onNotice'>, windows: () => readonly NoticeTarget[]): () => void {
  return core.onNotice((notice, payload) => {
    for (const window of windows()) {
      if (!window.isDestroyed() && isAppUrl(window.webContents.getURL())) window.webContents.send(notice, payload);
    }
  });
}
