// The IPC bridge: the preload's in Electron, a WebSocket to the same dispatch in browser mode.
import { z } from 'zod';
import type { IpcBridge, IpcEnvelope, IpcNotice, IpcNotices } from '../../../shared/ipc';
import { IPC_FRAME_MAX_BYTES, tooLargeError, utf8Bytes } from '../../../shared/ipc-limits';
import { browserToken } from './browser-token';

declare global {
  interface Window {
    teamchat?: IpcBridge;
  }
}

/** What main sends over the socket: an answer (the call's id and its envelope) or a notice. */
const frameShape = z.union([
  z.object({
    id: z.number(),
    envelope: z.union([
      z.object({ ok: z.literal(true), value: z.unknown() }).transform((ok) => ({ ok: true as const, value: ok.value })),
      z.object({ ok: z.literal(false), error: z.object({ code: z.string(), message: z.string() }) }),
    ]),
  }),
  z.object({ notice: z.string(), payload: z.unknown() }),
]);

function webSocketBridge(): IpcBridge {
  const socket = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ipc?token=${encodeURIComponent(browserToken)}`);
  const opened = new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error('The app is not reachable; restart it and open its new URL.')), { once: true });
  });
  const pending = new Map<number, (envelope: IpcEnvelope<unknown>) => void>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let nextId = 1;
  socket.addEventListener('message', (event) => {
    const frame = frameShape.safeParse(JSON.parse(String(event.data)));
    if (!frame.success) return;
    const message = frame.data;
    if ('id' in message) {
      pending.get(message.id)?.(message.envelope);
      pending.delete(message.id);
    } else {
      for (const listener of listeners.get(message.notice) ?? []) listener(message.payload);
    }
  });
  socket.addEventListener('close', () => {
    for (const resolve of pending.values()) resolve({ ok: false, error: { code: 'DISCONNECTED', message: 'The connection to the app was lost; reload the page.' } });
    pending.clear();
  });
  return {
    async invoke(channel, args) {
      await opened;
      const id = nextId++;
      const frame = { id, channel, args };
      // Main would close the connection on a larger frame: refuse it here, and keep the connection.
      const text = JSON.stringify(frame);
      const size = utf8Bytes(text);
      if (size > IPC_FRAME_MAX_BYTES) return { ok: false, error: tooLargeError(size) } as never;
      const answer = new Promise<IpcEnvelope<unknown>>((resolve) => pending.set(id, resolve));
      socket.send(text);
      return answer as never;
    },
    on<N extends IpcNotice>(notice: N, listener: (payload: IpcNotices[N]) => void) {
      let set = listeners.get(notice);
      if (!set) listeners.set(notice, (set = new Set()));
      const wrapped = listener as (payload: unknown) => void;
      set.add(wrapped);
      return () => set.delete(wrapped);
    },
  };
}

export const bridge: IpcBridge = window.teamchat ?? webSocketBridge();
