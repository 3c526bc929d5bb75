// The renderer's only door to main: invoke a channel of the contract, or listen to a notice.
// Names outside the contract are refused here, before anything reaches ipcRenderer, and the
// IpcRendererEvent (whose `sender` is ipcRenderer itself) never reaches the page.
import type { IpcRenderer, IpcRendererEvent } from 'electron';
import type { IpcBridge, IpcEnvelope } from '../shared/ipc';
import { channelNames, noticeNames } from './names';

const channels: ReadonlySet<string> = new Set(channelNames);
const notices: ReadonlySet<string> = new Set(noticeNames);

export function createBridge(ipcRenderer: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>): IpcBridge {
  const invoke = async (channel: unknown, args: unknown): Promise<IpcEnvelope<unknown>> => {
    if (typeof channel !== 'string' || !channels.has(channel)) {
      return { ok: false, error: { code: 'UNKNOWN_CHANNEL', message: `There is no channel named ${JSON.stringify(String(channel)).slice(0, 80)}.` } };
    }
    try {
      return (await ipcRenderer.invoke(channel, args)) as IpcEnvelope<unknown>;
    } catch (error) {
      // Main answers with envelopes and never throws; this is a handler missing or IPC failing.
      return { ok: false, error: { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) } };
    }
  };
  const on = (notice: unknown, listener: unknown): (() => void) => {
    if (typeof notice !== 'string' || !notices.has(notice)) throw new TypeError(`There is no notice named ${JSON.stringify(String(notice)).slice(0, 80)}.`);
    if (typeof listener !== 'function') throw new TypeError('The listener must be a function.');
    const forward = (_event: IpcRendererEvent, payload: unknown) => (listener as (payload: unknown) => void)(payload);
    ipcRenderer.on(notice, forward);
    return () => {
      ipcRenderer.removeListener(notice, forward);
    };
  };
  return { invoke, on } as IpcBridge;
}
