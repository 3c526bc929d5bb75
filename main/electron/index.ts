// Electron's main entry (out/main/index.js): the built renderer and preload sit beside it.
import { join } from 'node:path';
import { app, BrowserWindow, dialog } from 'electron';
import { createAppCore } from '../app/create-core';
import { electronDesktop } from './desktop-shell';
import { electronSaveDialog } from './save-dialog';
import { startApp } from './start';

// `npm run demo` points the app at the demo organization's data; set before anything reads it.
if (process.env.TEAMCHAT_DATA_DIR) app.setPath('userData', process.env.TEAMCHAT_DATA_DIR);

startApp({
  createCore: (options) =>
    createAppCore({
      ...options,
      desktop: electronDesktop(),
      saveDialog: electronSaveDialog({ dialog, downloadsDir: () => app.getPath('downloads'), window: () => BrowserWindow.getFocusedWindow() ?? undefined }),
    }),
  rendererDir: join(import.meta.dirname, '..', 'renderer'),
  preloadPath: join(import.meta.dirname, '..', 'preload', 'index.cjs'),
});
