import { describe, expect, it, vi } from 'vitest';
import { electronEvent, FakeContents, captureLogger } from './fakes';

const created = vi.hoisted(() => [] as { options: Record<string, unknown>; window: unknown }[]);

vi.mock('electron', async () => {
  const { EventEmitter } = await import('node:events');
  const { FakeContents: Contents } = await import('./fakes');
  class BrowserWindow extends EventEmitter {
    webContents = new Contents();
    loadURL = vi.fn(async () => undefined);
    show = vi.fn();
    maximize = vi.fn();
    constructor(options: Record<string, unknown>) {
      super();
      created.push({ options, window: this });
    }
  }
  return { BrowserWindow };
});

const { createAppWindow } = await import('../../../main/electron/window-factory');

interface CreatedWindow {
  webContents: FakeContents;
  loadURL: ReturnType<typeof vi.fn>;
  show: ReturnType<typeof vi.fn>;
  maximize: ReturnType<typeof vi.fn>;
  emit(name: string): void;
}

function create(geometry = { width: 1000, height: 700, maximized: false } as Parameters<typeof createAppWindow>[0]['geometry']) {
  const openExternal = vi.fn();
  createAppWindow({ preloadPath: '/app/out/preload/index.cjs', geometry, openExternal, logger: captureLogger() });
  const last = created.at(-1);
  if (!last) throw new Error('no window created');
  return { options: last.options, window: last.window as CreatedWindow, openExternal };
}

describe('window factory', () => {
  it('creates the window locked down: isolated, sandboxed, no Node, web security, no webview', () => {
    const { options } = create();
    expect(options.webPreferences).toEqual({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
    });
    expect(options.show).toBe(false);
  });

  it('loads the bundle from app://, never file:// or a remote origin', () => {
    const { window } = create();
    expect(window.loadURL).toHaveBeenCalledWith('app://bundle/index.html');
  });

  it('places the window where the geometry says, or leaves placement to the system', () => {
    expect(create({ position: { x: 40, y: 50 }, width: 900, height: 600, maximized: false }).options).toMatchObject({ x: 40, y: 50, width: 900, height: 600 });
    const unplaced = create({ width: 900, height: 600, maximized: false }).options;
    expect(unplaced).not.toHaveProperty('x');
    expect(unplaced).not.toHaveProperty('y');
  });

  it('guards the navigation of its contents', () => {
    const { window, openExternal } = create();
    const away = electronEvent({ url: 'https://evil.example/' });
    window.webContents.emit('will-navigate', away);
    const inApp = electronEvent({ url: 'app://bundle/index.html' });
    window.webContents.emit('will-navigate', inApp);
    expect(away.defaultPrevented).toBe(true);
    expect(inApp.defaultPrevented).toBe(false);
    expect(window.webContents.openHandler?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith('https://example.com/');
  });

  it('shows the window when it is painted, maximized if it was', () => {
    const plain = create().window;
    expect(plain.show).not.toHaveBeenCalled();
    plain.emit('ready-to-show');
    expect(plain.show).toHaveBeenCalled();
    expect(plain.maximize).not.toHaveBeenCalled();
    const maximized = create({ width: 900, height: 600, maximized: true }).window;
    maximized.emit('ready-to-show');
    expect(maximized.maximize).toHaveBeenCalled();
  });
});
