// The app's lifecycle under Electron: what must happen before `ready` (sandbox, privileged
// schemes, single instance), then the core, the protocols, IPC and the window; and a quit that
// waits for the core.
import { join } from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, net, powerMonitor, protocol, screen, session, shell } from 'electron';
import type { Logger } from '../api/logger';
import type { AppCore } from '../app/core';
import { registerAppProtocol } from './app-protocol';
import { externalOpener } from './external-links';
import { createFileLogger } from './file-logger';
import { isTrustedSender } from './ipc-sender';
import { forwardNotices, registerIpcHandlers } from './ipc-wiring';
import { installMenu } from './menu';
import { watchNetwork } from './network-watch';
import { installPermissionPolicy } from './permissions';
import { registerPrivilegedSchemes } from './schemes';
import { registerServerImageProtocol } from './server-image-protocol';
import { shutdownBeforeQuit } from './shutdown';
import { claimSingleInstance } from './single-instance';
import { createAppWindow } from './window-factory';
import { loadWindowGeometry, rememberWindowGeometry, WINDOW_STATE_FILE } from './window-state';

export interface StartOptions {
  createCore(options: { dataDir: string; logger: Logger; rendererDir: string }): Promise<AppCore>;
  /** The renderer build (out/renderer), the only directory app:// serves. */
  rendererDir: string;
  /** The bundled CommonJS preload (out/preload/index.cjs). */
  preloadPath: string;
}

export function startApp(options: StartOptions): void {
  // These three take effect only before `ready`.
  app.enableSandbox();
  registerPrivilegedSchemes(protocol);
  if (!claimSingleInstance(app, () => BrowserWindow.getAllWindows()[0])) return;

  const logger = createFileLogger(join(app.getPath('userData'), 'logs'));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app
    .whenReady()
    .then(() => onReady(options, logger))
    .catch((error: unknown) => {
      logger.error('The app could not start', { error: error instanceof Error ? error.stack : String(error) });
      dialog.showErrorBox('Team Chat could not start', error instanceof Error ? error.message : String(error));
      app.exit(1);
    });
}

async function onReady(options: StartOptions, logger: Logger): Promise<void> {
  const dataDir = app.getPath('userData');
  const core = await options.createCore({ dataDir, logger, rendererDir: options.rendererDir });
  shutdownBeforeQuit(app, core, logger);

  installPermissionPolicy(session.defaultSession);
  registerAppProtocol(protocol, options.rendererDir);
  registerServerImageProtocol(protocol, core, logger);
  registerIpcHandlers(ipcMain, { handlers: core.handlers, isTrusted: (frame) => isTrustedSender(frame, BrowserWindow.getAllWindows()), logger });
  forwardNotices(core, () => BrowserWindow.getAllWindows());
  installMenu({ appName: app.name, isMac: process.platform === 'darwin', isDev: !app.isPackaged });
  watchNetwork({ powerMonitor, isOnline: () => net.isOnline(), onChange: () => core.networkChanged() });

  const stateFile = join(dataDir, WINDOW_STATE_FILE);
  const openExternal = externalOpener(shell, logger);
  const openWindow = () => {
    const geometry = loadWindowGeometry(stateFile, screen.getAllDisplays().map((display) => display.workArea));
    const window = createAppWindow({ preloadPath: options.preloadPath, geometry, openExternal, logger });
    rememberWindowGeometry(window, stateFile, logger);
  };
  openWindow();
  // macOS keeps the app running without windows; clicking the dock icon opens one again.
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });
}
