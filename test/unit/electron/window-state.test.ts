import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_GEOMETRY } from '../../../main/electron/display-fit';
import { loadWindowGeometry, rememberWindowGeometry } from '../../../main/electron/window-state';
import { captureLogger } from './fakes';

const display = { x: 0, y: 0, width: 1920, height: 1080 };
let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'window-state-'));
  file = join(dir, 'state', 'window-state.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function fakeWindow(bounds: { x: number; y: number; width: number; height: number }, maximized: boolean) {
  return Object.assign(new EventEmitter(), { getNormalBounds: () => bounds, isMaximized: () => maximized });
}

describe('window state', () => {
  it('saves the normal bounds on close and restores them on the next run', () => {
    const window = fakeWindow({ x: 120, y: 80, width: 1100, height: 750 }, true);
    rememberWindowGeometry(window as never, file, captureLogger());
    expect(loadWindowGeometry(file, [display])).toEqual(DEFAULT_GEOMETRY);
    window.emit('close');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ x: 120, y: 80, width: 1100, height: 750, maximized: true });
    expect(loadWindowGeometry(file, [display])).toEqual({ position: { x: 120, y: 80 }, width: 1100, height: 750, maximized: true });
  });

  it('falls back to the default for a corrupt or invalid file', () => {
    const corrupt = join(dir, 'corrupt.json');
    writeFileSync(corrupt, '{"x": 1,');
    expect(loadWindowGeometry(corrupt, [display])).toEqual(DEFAULT_GEOMETRY);
    writeFileSync(corrupt, JSON.stringify({ width: 'wide', height: 700 }));
    expect(loadWindowGeometry(corrupt, [display])).toEqual(DEFAULT_GEOMETRY);
  });

  it('clamps a restored window to the displays attached now', () => {
    writeFileSync(join(dir, 'off.json'), JSON.stringify({ x: 4000, y: 100, width: 1100, height: 750, maximized: false }));
    expect(loadWindowGeometry(join(dir, 'off.json'), [display])).toEqual({ width: 1100, height: 750, maximized: false });
  });

  it('logs instead of throwing when the state cannot be written', () => {
    const logger = captureLogger();
    writeFileSync(join(dir, 'blocker'), '');
    const window = fakeWindow({ x: 0, y: 0, width: 800, height: 600 }, false);
    rememberWindowGeometry(window as never, join(dir, 'blocker', 'window-state.json'), logger);
    expect(() => window.emit('close')).not.toThrow();
    expect(logger.lines.map((line) => line.level)).toEqual(['warn']);
  });
});
