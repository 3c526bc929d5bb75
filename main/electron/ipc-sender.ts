// IPC is answered only for the app's own page: the main (top) frame of one of our windows,
// showing app://bundle. A subframe, another page, or a frame already gone gets nothing.
import type { WebFrameMain } from 'electron';
import { isAppUrl } from './app-url';

type Frame = Pick<WebFrameMain, 'url' | 'processId' | 'frameTreeNodeId'>;

export interface AppWindow {
  isDestroyed(): boolean;
  webContents: { mainFrame: Frame };
}

export function isTrustedSender(frame: Frame | null, windows: readonly AppWindow[]): boolean {
  if (frame === null || !isAppUrl(frame.url)) return false;
  // Compared by id, not identity: the same frame may come wrapped in another WebFrameMain object.
  return windows.some((window) => {
    if (window.isDestroyed()) return false;
    const main = window.webContents.mainFrame;
    return main.processId === frame.processId && main.frameTreeNodeId === frame.frameTreeNodeId;
  });
}
