// Every window of the app comes from here, with the same locked-down web preferences and
// navigation guard, showing the bundle at app://bundle/index.html.
import { BrowserWindow } from 'electron';
import type { Logger } from '../api/logger';
import { APP_ENTRY_URL } from './app-url';
import { MIN_HEIGHT, MIN_WIDTH, type WindowGeometry } from './display-fit';
import type { OpenExternal } from './external-links';
import { guardNavigation } from './navigation-guard';

export interface WindowOptions {
  preloadPath: string;
  geometry: WindowGeometry;
  openExternal: OpenExternal;
  logger: Logger;
}

export function createAppWindow(options: WindowOptions): BrowserWindow {
  const { geometry } = options;
  // The web preferences stay literal here so that Electronegativity can read them.
  const window = new BrowserWindow({
    ...geometry.position,
    width: geometry.width,
    height: geometry.height,
    minWidth: MIN_WIDTH,
    minHeight: MIN_HEIGHT,
    show: false,
    // The renderer is untrusted (it shows server HTML): isolated, sandboxed, no Node, no webview.
    webPreferences: {
      preload: options.preloadPath,
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
    },
  });
  guardNavigation(window.webContents, options.openExternal);
  // Shown once painted, so the user never sees an empty frame.
  window.once('ready-to-show', () => {
    if (geometry.maximized) window.maximize();
    window.show();
  });
  window.loadURL(APP_ENTRY_URL).catch((error: unknown) => {
    options.logger.error('The app page did not load', { error: error instanceof Error ? error.message : String(error) });
  });
  return window;
}
