// Remembers the window's size and position across runs in userData/window-state.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { BrowserWindow } from 'electron';
import type { Logger } from '../api/logger';
import { DEFAULT_GEOMETRY, fitToDisplays, parseGeometry, type Rect, type WindowGeometry } from './display-fit';

export const WINDOW_STATE_FILE = 'window-state.json';

/** The saved geometry fitted to `workAreas`, or the default when there is none or it is invalid. */
export function loadWindowGeometry(file: string, workAreas: readonly Rect[]): WindowGeometry {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    raw = null;
  }
  return fitToDisplays(parseGeometry(raw) ?? DEFAULT_GEOMETRY, workAreas);
}

type TrackedWindow = Pick<BrowserWindow, 'once' | 'getNormalBounds' | 'isMaximized'>;

/**
 * Saves the geometry when the window closes: the normal bounds, so that a maximized window
 * restores its own size. Written synchronously because the app may be quitting (a few bytes).
 */
export function rememberWindowGeometry(window: TrackedWindow, file: string, logger: Logger): void {
  window.once('close', () => {
    const { x, y, width, height } = window.getNormalBounds();
    try {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify({ x, y, width, height, maximized: window.isMaximized() })}\n`);
    } catch (error) {
      logger.warn('Could not save the window state', { error: error instanceof Error ? error.message : String(error) });
    }
  });
}
