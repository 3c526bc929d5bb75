import { describe, expect, it, vi } from 'vitest';
import { ipcChannels, type IpcNotice, type IpcNotices } from '../../../shared/ipc';
import { IPC_ARGUMENT_MAX_BYTES } from '../../../shared/ipc-limits';
import type { IpcHandlers } from '../../../main/handlers/dispatch';
import { forwardNotices, registerIpcHandlers } from '../../../main/electron/ipc-wiring';
import { captureLogger } from './fakes';

type Handle = (event: { senderFrame: unknown }, arg: unknown) => Promise<unknown>;

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
    await expect(registered.get('users.profile')?.({ senderFrame: frame }, { user_id: 7 })).resolves.toEqual({ ok: true, value: { user_id: 7 } });
    await expect(registered.get('users.profile')?.({ senderFrame: frame }, { user_id: -1 })).resolves.toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(handlers['users.profile']).toHaveBeenCalledTimes(1);
  });

  it('answers an untrusted frame (a subframe) with an error envelope and never calls the handler', async () => {
    const subframe = { url: 'app://bundle/index.html', parent: {} };
    const isTrusted = vi.fn((frame: unknown) => frame !== subframe);
    const { registered, handlers, logger } = wire(isTrusted);
    const answer = await registered.get('users.profile')?.({ senderFrame: subframe }, { user_id: 7 });
    expect(isTrusted).toHaveBeenCalledWith(subframe);
    expect(answer).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: expect.any(String) } });
    expect(handlers['users.profile']).not.toHaveBeenCalled();
    expect(logger.lines.map((line) => line.level)).toEqual(['warn']);
  });

  it("takes no larger argument than browser mode's WebSocket frame holds, and never calls the handler with one", async () => {
    const { registered, handlers } = wire(() => true);
    const frame = { url: 'app://bundle/index.html' };
    const oversized = { user_id: 7, padding: 'x'.repeat(IPC_ARGUMENT_MAX_BYTES) };
    await expect(registered.get('users.profile')?.({ senderFrame: frame }, oversized)).resolves.toMatchObject({ ok: false, error: { code: 'TOO_LARGE' } });
    expect(handlers['users.profile']).not.toHaveBeenCalled();
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
