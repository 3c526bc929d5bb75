import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { claimSingleInstance } from '../../../main/electron/single-instance';

function fakeApp(locked: boolean) {
  return Object.assign(new EventEmitter(), { requestSingleInstanceLock: vi.fn(() => locked), quit: vi.fn() });
}

function fakeWindow(minimized: boolean) {
  const calls: string[] = [];
  return {
    calls,
    isDestroyed: () => false,
    isMinimized: () => minimized,
    restore: () => void calls.push('restore'),
    show: () => void calls.push('show'),
    focus: () => void calls.push('focus'),
  };
}

describe('single instance', () => {
  it('quits a second instance before it starts anything', () => {
    const app = fakeApp(false);
    expect(claimSingleInstance(app as never, () => undefined)).toBe(false);
    expect(app.quit).toHaveBeenCalled();
    expect(app.listenerCount('second-instance')).toBe(0);
  });

  it('brings the first window to the front when a second instance starts', () => {
    const app = fakeApp(true);
    const window = fakeWindow(true);
    expect(claimSingleInstance(app as never, () => window)).toBe(true);
    expect(app.quit).not.toHaveBeenCalled();
    expect(window.calls).toEqual([]);
    app.emit('second-instance', {}, ['team-chat'], '/');
    expect(window.calls).toEqual(['restore', 'show', 'focus']);
  });

  it('does not restore a window that is not minimized, and copes with no window yet', () => {
    const app = fakeApp(true);
    const window = fakeWindow(false);
    const opened: { window?: typeof window } = {};
    claimSingleInstance(app as never, () => opened.window);
    expect(() => app.emit('second-instance')).not.toThrow();
    opened.window = window;
    app.emit('second-instance');
    expect(window.calls).toEqual(['show', 'focus']);
  });
});
