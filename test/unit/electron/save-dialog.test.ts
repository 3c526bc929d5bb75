// "Save as…" under Electron: the dialog opens in Downloads on a name nothing there has, so that
// accepting it replaces nothing, and asks before replacing a file the user picks (Linux is told to).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserWindow, SaveDialogOptions } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { electronSaveDialog } from '../../../main/electron/save-dialog';

let downloads: string;
beforeEach(() => {
  downloads = mkdtempSync(join(tmpdir(), 'downloads-'));
});
afterEach(() => rmSync(downloads, { recursive: true, force: true }));

function shell(answer: { canceled: boolean; filePath?: string }, window?: BrowserWindow) {
  const shown: unknown[][] = [];
  const dialog = {
    showSaveDialog: vi.fn(async (...args: unknown[]) => (shown.push(args), { canceled: answer.canceled, filePath: answer.filePath ?? '' })),
  };
  return { shown, shell: { dialog: dialog as never, downloadsDir: () => downloads, window: () => window } };
}

describe('the save dialog', () => {
  it('suggests a free name in Downloads, asks before replacing, and answers the path chosen', async () => {
    writeFileSync(join(downloads, 'report.pdf'), 'an older report');
    const { shown, shell: fake } = shell({ canceled: false, filePath: join(downloads, 'mine.pdf') });
    await expect(electronSaveDialog(fake).chooseSavePath('report.pdf')).resolves.toBe(join(downloads, 'mine.pdf'));
    const [options] = shown[0] as [SaveDialogOptions];
    expect(options.defaultPath).toBe(join(downloads, 'report (1).pdf'));
    expect(options.properties).toContain('showOverwriteConfirmation');
  });

  it('belongs to the window in front, and answers null when cancelled', async () => {
    const window = {} as BrowserWindow;
    const { shown, shell: fake } = shell({ canceled: true }, window);
    await expect(electronSaveDialog(fake).chooseSavePath('a.txt')).resolves.toBeNull();
    expect(shown[0]?.[0]).toBe(window);
  });
});
