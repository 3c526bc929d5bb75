import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ipcChannels, type IpcNotice, type IpcNotices } from '../../../shared/ipc';
import type { AppCore } from '../../../main/app/core';
import type { IpcHandlers } from '../../../main/handlers/dispatch';
import { electronEvent, FakeContents } from './fakes';

type Listener = <N extends IpcNotice>(notice: N, payload: IpcNotices[N]) => void;
type Handle = (event: { senderFrame: unknown; sender: unknown }, arg: unknown) => Promise<unknown>;

let userData: string;

beforeEach(() => {
  userData = mkdtempSync(join(tmpdir(), 'start-'));
  for (const method of ['log', 'info', 'warn', 'error'] as const) vi.spyOn(console, method).mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.doUnmock('electron');
  rmSync(userData, { recursive: true, force: true });
});

/** Enough of Electron for the lifecycle, recording the order of what matters. */
function fakeElectron({ locked = true } = {}) {
  const order: string[] = [];
  let ready: () => void = () => undefined;
  const whenReady = new Promise<void>((resolve) => (ready = resolve));
  const windows: FakeWindow[] = [];

  class FakeWindow extends EventEmitter {
    static getAllWindows = () => windows.filter((window) => !window.destroyed);
    destroyed = false;
    minimized = false;
    webContents = Object.assign(new FakeContents(), {
      mainFrame: { parent: null, url: '', processId: 3, frameTreeNodeId: windows.length + 1 },
      getURL: () => this.webContents.mainFrame.url,
      send: vi.fn(),
    });
    loadURL = vi.fn(async (url: string) => {
      this.webContents.mainFrame.url = url;
    });
    focus = vi.fn();
    show = vi.fn();
    restore = vi.fn();
    maximize = vi.fn();
    constructor(readonly options: Record<string, unknown>) {
      super();
      order.push('window');
      windows.push(this);
    }
    isDestroyed = () => this.destroyed;
    isMinimized = () => this.minimized;
    isMaximized = () => false;
    getNormalBounds = () => ({ x: 10, y: 10, width: 900, height: 700 });
  }

  const app = Object.assign(new EventEmitter(), {
    name: 'Team Chat',
    isPackaged: true,
    enableSandbox: vi.fn(() => void order.push('enableSandbox')),
    requestSingleInstanceLock: vi.fn(() => locked),
    getPath: vi.fn((name: string) => (name === 'userData' ? userData : `/nonexistent/${name}`)),
    whenReady: vi.fn(() => whenReady),
    quit: vi.fn(),
    exit: vi.fn(),
  });
  const electron = {
    app,
    BrowserWindow: FakeWindow,
    protocol: {
      registerSchemesAsPrivileged: vi.fn(() => void order.push('registerSchemesAsPrivileged')),
      handle: vi.fn((scheme: string) => void order.push(`handle:${scheme}`)),
    },
    ipcMain: { handles: new Map<string, Handle>(), handle: vi.fn((channel: string, handler: Handle) => void electron.ipcMain.handles.set(channel, handler)) },
    session: { defaultSession: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() } },
    powerMonitor: new EventEmitter(),
    net: { isOnline: () => true },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
    shell: { openExternal: vi.fn(async () => undefined) },
    dialog: { showErrorBox: vi.fn() },
    Menu: { buildFromTemplate: vi.fn((template: unknown) => template), setApplicationMenu: vi.fn() },
  };
  return { electron, order, windows, ready: () => ready() };
}

function fakeCore() {
  const listeners: Listener[] = [];
  const core = {
    handlers: { 'users.profile': vi.fn(async ({ user_id }: { user_id: number }) => ({ user_id })) } as unknown as IpcHandlers,
    onNotice: (listener: Listener) => (listeners.push(listener), () => undefined),
    serverImage: vi.fn(),
    download: vi.fn(),
    networkChanged: vi.fn(),
    shutdown: vi.fn(async () => undefined),
  } satisfies AppCore;
  return { core, notify: (...args: Parameters<Listener>) => listeners.forEach((listener) => listener(...args)) };
}

async function boot(options: { locked?: boolean; createCore?: () => Promise<AppCore> } = {}) {
  const fake = fakeElectron(options);
  const { core, notify } = fakeCore();
  const createCore = vi.fn(options.createCore ?? (async () => core));
  vi.resetModules();
  vi.doMock('electron', () => fake.electron);
  const { startApp } = await import('../../../main/electron/start');
  startApp({ createCore, rendererDir: '/app/out/renderer', preloadPath: '/app/out/preload/index.cjs' });
  const becomeReady = async () => {
    fake.ready();
    await vi.waitFor(() => expect(fake.windows.length + fake.electron.app.exit.mock.calls.length).toBeGreaterThan(0));
  };
  return { ...fake, core, notify, createCore, becomeReady };
}

describe('app lifecycle', () => {
  it('enables the sandbox and privileges both schemes (in one call) before ready', async () => {
    const { electron, order, createCore } = await boot();
    expect(order).toEqual(['enableSandbox', 'registerSchemesAsPrivileged']);
    expect(electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledTimes(1);
    expect(electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: { standard: true, secure: true, corsEnabled: true } },
      { scheme: 'server-image', privileges: { standard: true, secure: true } },
    ]);
    expect(createCore).not.toHaveBeenCalled();
  });

  it('quits at once when another instance runs, starting nothing', async () => {
    const { electron, createCore } = await boot({ locked: false });
    expect(electron.app.quit).toHaveBeenCalled();
    expect(electron.app.whenReady).not.toHaveBeenCalled();
    expect(createCore).not.toHaveBeenCalled();
  });

  it('on ready: creates the core in userData, serves the protocols, then opens the window at app://bundle', async () => {
    const { electron, order, windows, createCore, becomeReady } = await boot();
    await becomeReady();
    expect(createCore).toHaveBeenCalledWith({ dataDir: userData, logger: expect.any(Object), rendererDir: '/app/out/renderer' });
    expect(order.slice(2)).toEqual(['handle:app', 'handle:server-image', 'window']);
    expect(windows).toHaveLength(1);
    expect(windows[0]?.loadURL).toHaveBeenCalledWith('app://bundle/index.html');
    expect(windows[0]?.options.webPreferences).toMatchObject({ preload: '/app/out/preload/index.cjs', sandbox: true, contextIsolation: true });
    expect(electron.session.defaultSession.setPermissionRequestHandler).toHaveBeenCalled();
    expect(electron.session.defaultSession.setPermissionCheckHandler).toHaveBeenCalled();
    expect([...electron.ipcMain.handles.keys()].sort()).toEqual(Object.keys(ipcChannels).sort());
    expect(electron.Menu.setApplicationMenu).toHaveBeenCalled();
  });

  it('answers IPC from the window top frame, and an error envelope to its subframes', async () => {
    const { electron, windows, core, becomeReady } = await boot();
    await becomeReady();
    const handle = electron.ipcMain.handles.get('users.profile');
    const mainFrame = windows[0]?.webContents.mainFrame;
    await expect(handle?.({ senderFrame: mainFrame, sender: windows[0]?.webContents }, { user_id: 3 })).resolves.toEqual({ ok: true, value: { user_id: 3 } });
    const subframe = { parent: mainFrame, url: 'app://bundle/index.html', processId: 3, frameTreeNodeId: 99 };
    await expect(handle?.({ senderFrame: subframe, sender: windows[0]?.webContents }, { user_id: 3 })).resolves.toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(core.handlers['users.profile']).toHaveBeenCalledTimes(1);
  });

  it('forwards the core notices to the window', async () => {
    const { windows, notify, becomeReady } = await boot();
    await becomeReady();
    notify('sync.status', { state: 'signed_out' } as IpcNotices['sync.status']);
    expect(windows[0]?.webContents.send).toHaveBeenCalledWith('sync.status', { state: 'signed_out' });
  });

  it('tells the core about resume and unlock', async () => {
    const { electron, core, becomeReady } = await boot();
    await becomeReady();
    electron.powerMonitor.emit('resume');
    electron.powerMonitor.emit('unlock-screen');
    expect(core.networkChanged).toHaveBeenCalledTimes(2);
  });

  it('focuses the first window when a second instance starts', async () => {
    const { electron, windows, becomeReady } = await boot();
    await becomeReady();
    const [window] = windows;
    if (!window) throw new Error('no window');
    window.minimized = true;
    electron.app.emit('second-instance', {}, [], '/');
    expect(window.restore).toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalled();
  });

  it('shuts the core down once before quitting', async () => {
    const { electron, core, becomeReady } = await boot();
    await becomeReady();
    const first = electronEvent();
    electron.app.emit('before-quit', first);
    electron.app.emit('before-quit', electronEvent());
    expect(first.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(electron.app.quit).toHaveBeenCalled());
    expect(core.shutdown).toHaveBeenCalledTimes(1);
  });

  it('reports a core that cannot start and exits', async () => {
    const { electron, windows, becomeReady } = await boot({ createCore: () => Promise.reject(new Error('database is newer than this app')) });
    await becomeReady();
    expect(electron.dialog.showErrorBox).toHaveBeenCalledWith(expect.any(String), 'database is newer than this app');
    expect(electron.app.exit).toHaveBeenCalledWith(1);
    expect(windows).toHaveLength(0);
  });
});
