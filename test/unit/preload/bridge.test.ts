import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { ipcChannels, ipcNotices } from '../../../shared/ipc';
import { createBridge } from '../../../preload/bridge';
import { channelNames, noticeNames } from '../../../preload/names';

function fakeIpcRenderer(answer: (channel: string, args: unknown) => Promise<unknown> = async () => ({ ok: true, value: 'answer' })) {
  const emitter = new EventEmitter();
  return {
    emitter,
    invoke: vi.fn(answer),
    on: vi.fn((channel: string, listener: (...args: unknown[]) => void) => emitter.on(channel, listener)),
    removeListener: vi.fn((channel: string, listener: (...args: unknown[]) => void) => emitter.removeListener(channel, listener)),
  };
}

describe('preload names', () => {
  it('are exactly the channels and notices of the contract', () => {
    expect([...channelNames].sort()).toEqual(Object.keys(ipcChannels).sort());
    expect([...noticeNames].sort()).toEqual(Object.keys(ipcNotices).sort());
  });
});

describe('preload bridge', () => {
  it('exposes exactly invoke and on', () => {
    expect(Object.keys(createBridge(fakeIpcRenderer() as never)).sort()).toEqual(['invoke', 'on']);
  });

  it('invokes a channel of the contract with its argument and returns main’s envelope', async () => {
    const ipc = fakeIpcRenderer();
    const bridge = createBridge(ipc as never);
    await expect(bridge.invoke('users.profile', { user_id: 4 })).resolves.toEqual({ ok: true, value: 'answer' });
    expect(ipc.invoke).toHaveBeenCalledWith('users.profile', { user_id: 4 });
  });

  it.each(['users.delete', 'constructor', '__proto__', 'toString', 'mirror.changed', '', 42, null])('refuses the unknown channel %j without reaching main', async (channel) => {
    const ipc = fakeIpcRenderer();
    const bridge = createBridge(ipc as never);
    await expect(bridge.invoke(channel as never, undefined as never)).resolves.toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
    expect(ipc.invoke).not.toHaveBeenCalled();
  });

  it('turns an IPC failure into an error envelope', async () => {
    const bridge = createBridge(fakeIpcRenderer(() => Promise.reject(new Error("No handler registered for 'app.state'"))) as never);
    await expect(bridge.invoke('app.state', undefined)).resolves.toEqual({ ok: false, error: { code: 'INTERNAL', message: "No handler registered for 'app.state'" } });
  });

  it('passes notices to the listener without the IPC event, until unsubscribed', () => {
    const ipc = fakeIpcRenderer();
    const bridge = createBridge(ipc as never);
    const listener = vi.fn();
    const unsubscribe = bridge.on('typing', listener);
    const event = { sender: ipc, senderId: 0 };
    ipc.emitter.emit('typing', event, { conversation: 'dm:1', user_ids: [5] });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]).toEqual([{ conversation: 'dm:1', user_ids: [5] }]);
    unsubscribe();
    ipc.emitter.emit('typing', event, { conversation: 'dm:1', user_ids: [] });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(ipc.emitter.listenerCount('typing')).toBe(0);
  });

  it('refuses to listen to a name that is not a notice, or without a function', () => {
    const ipc = fakeIpcRenderer();
    const bridge = createBridge(ipc as never);
    expect(() => bridge.on('users.profile' as never, () => undefined)).toThrow(TypeError);
    expect(() => bridge.on('ELECTRON_BROWSER_WINDOW_ALERT' as never, () => undefined)).toThrow(TypeError);
    expect(() => bridge.on('typing', 'not a function' as never)).toThrow(TypeError);
    expect(ipc.on).not.toHaveBeenCalled();
  });
});
