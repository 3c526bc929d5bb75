import { describe, expect, it, vi } from 'vitest';
import { ipcChannels, type IpcNotice, type IpcNotices } from '../../../shared/ipc';
import { IPC_ARGUMENT_MAX_BYTES } from '../../../shared/ipc-limits';
import type { IpcHandlers } from '../../../main/handlers/dispatch';
import { forwardNotices, registerIpcHandlers } from '../../../main/electron/ipc-wiring';
import { IPC_CALLS_IN_FLIGHT, IPC_CALLS_WAITING } from '../../../main/handlers/call-limit';
import { captureLogger } from './fakes';

type Handle = (event: { senderFrame: unknown; sender: unknown }, arg: unknown) => Promise<unknown>;

/** The webContents a call comes from: its window. */
const window = {};

function wire(trusted: (frame: unknown) => boolean) {
  const registered = new Map<string, Handle>();
  const ipcMain = { handle: (channel: string, handler: Handle) => void registered.set(channel, handler) };
  const handlers = { 'users.profile': vi.fn(async ({ user_id }: { user_id: number }) => ({ user_id })) } as unknown as IpcHandlers;
  const logger = captureLogger();
  registerIpcHandlers(ipcMain as never, { handlers, isTrusted: trusted as never, logger });
  return { registered, handlers, logger };
}

describe('ipcMain wiring', () => {
  it('registers exactly the channels of the contract', () => {
    const { registered } = wire(() => true);
    expect([...registered.keys()].sort()).toEqual(Object.keys(ipcChannels).sort());
  });

  it('dispatches a trusted call through the contract (validated argument, envelope answer)', async () => {
    const { registered, handlers } = wire(() => true);
    const frame = { url: 'app://bundle/index.html' };
    await expect(registered.get('users.profile')?.({ senderFrame: frame, sender: window }, { user_id: 7 })).resolves.toEqual({ ok: true, value: { user_id: 7 } });
    await expect(registered.get('users.profile')?.({ senderFrame: frame, sender: window }, { user_id: -1 })).resolves.toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(handlers['users.profile']).toHaveBeenCalledTimes(1);
  });

  it('answers an untrusted frame (a subframe) with an error envelope and never calls the handler', async () => {
    const subframe = { url: 'app://bundle/index.html', parent: {} };
    const isTrusted = vi.fn((frame: unknown) => frame !== subframe);
    const { registered, handlers, logger } = wire(isTrusted);
    const answer = await registered.get('users.profile')?.({ senderFrame: subframe, sender: window }, { user_id: 7 });
    expect(isTrusted).toHaveBeenCalledWith(subframe);
    expect(answer).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: expect.any(String) } });
    expect(handlers['users.profile']).not.toHaveBeenCalled();
    expect(logger.lines.map((line) => line.level)).toEqual(['warn']);
  });

  it("takes no larger argument than browser mode's WebSocket frame holds, and never calls the handler with one", async () => {
    const { registered, handlers } = wire(() => true);
    const frame = { url: 'app://bundle/index.html' };
    const oversized = { user_id: 7, padding: 'x'.repeat(IPC_ARGUMENT_MAX_BYTES) };
    await expect(registered.get('users.profile')?.({ senderFrame: frame, sender: window }, oversized)).resolves.toMatchObject({ ok: false, error: { code: 'TOO_LARGE' } });
    expect(handlers['users.profile']).not.toHaveBeenCalled();
  });
});

describe('a flood of calls from one window', () => {
  it('runs a few at a time, queues some and refuses the rest with a reason; another window is not held up', async () => {
    const registered = new Map<string, Handle>();
    const ipcMain = { handle: (channel: string, handler: Handle) => void registered.set(channel, handler) };
    const running = { now: 0, peak: 0 };
    const handlers = {
      'users.profile': async ({ user_id }: { user_id: number }) => {
        running.peak = Math.max(running.peak, ++running.now);
        await new Promise((resolve) => setTimeout(resolve, 1));
        running.now -= 1;
        return { user_id };
      },
    } as unknown as IpcHandlers;
    registerIpcHandlers(ipcMain as never, { handlers, isTrusted: () => true, logger: captureLogger() });
    const flooding = { senderFrame: {}, sender: {} };
    const profile = registered.get('users.profile')!;
    const flood = Array.from({ length: 300 }, (_, i) => profile(flooding, { user_id: i + 1 }));
    const other = await profile({ senderFrame: {}, sender: {} }, { user_id: 7 });
    expect(other).toEqual({ ok: true, value: { user_id: 7 } });
    const answers = (await Promise.all(flood)) as { ok: boolean; error?: { code: string } }[];
    expect(answers.filter((answer) => answer.ok)).toHaveLength(IPC_CALLS_IN_FLIGHT + IPC_CALLS_WAITING);
    expect(new Set(answers.filter((answer) => !answer.ok).map((answer) => answer.error?.code))).toEqual(new Set(['BUSY']));
    expect(running.peak).toBe(IPC_CALLS_IN_FLIGHT + 1);
    // The window's next call, once the flood is answered, runs as before.
    await expect(profile(flooding, { user_id: 8 })).resolves.toEqual({ ok: true, value: { user_id: 8 } });
  });
});

describe('notice forwarding', () => {
  type Listener = <N extends IpcNotice>(notice: N, payload: IpcNotices[N]) => void;

  function fakeWindow(url: string, destroyed = false) {
    return { isDestroyed: () => destroyed, webContents: { getURL: () => url, send: vi.fn() } };
  }

  it('sends every notice to every live window showing the app', () => {
    let listener: Listener | undefined;
    const unsubscribe = vi.fn();
    const core = { onNotice: (l: Listener) => ((listener = l), unsubscribe) };
    const first = fakeWindow('app://bundle/index.html');
    const second = fakeWindow('app://bundle/index.html#admin');
    const destroyed = fakeWindow('app://bundle/index.html', true);
    const elsewhere = fakeWindow('https://evil.example/');
    const stop = forwardNotices(core, () => [first, second, destroyed, elsewhere]);

    listener?.('typing', { conversation: 'dm:1', user_ids: [2] });
    expect(first.webContents.send).toHaveBeenCalledWith('typing', { conversation: 'dm:1', user_ids: [2] });
    expect(second.webContents.send).toHaveBeenCalledWith('typing', { conversation: 'dm:1', user_ids: [2] });
    expect(destroyed.webContents.send).not.toHaveBeenCalled();
    expect(elsewhere.webContents.send).not.toHaveBeenCalled();
    stop();
    expect(unsubscribe).toHaveBeenCalled();
  });
});
