// "Save as…" for files others sent: the system's dialog, opened in the Downloads folder on a name
// nothing there has yet, so accepting it replaces nothing; a file the user picks instead is
// replaced only once the dialog has asked (it does on every platform; Linux is told to).
import { join } from 'node:path';
import type { BrowserWindow, Dialog, SaveDialogOptions } from 'electron';
import type { SaveDialog } from '../app/downloads';
import { freeFileName } from '../files/saved-file';

export interface SaveDialogShell {
  dialog: Pick<Dialog, 'showSaveDialog'>;
  downloadsDir(): string;
  /** The window the dialog belongs to, when there is one. */
  window(): BrowserWindow | undefined;
}

export function electronSaveDialog(shell: SaveDialogShell): SaveDialog {
  return {
    async chooseSavePath(suggestedName) {
      const folder = shell.downloadsDir();
      const options: SaveDialogOptions = {
        defaultPath: join(folder, freeFileName(folder, suggestedName)),
        properties: ['createDirectory', 'showOverwriteConfirmation'],
      };
      const window = shell.window();
      const result = window ? await shell.dialog.showSaveDialog(window, options) : await shell.dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
  };
}
