// One running app per user: a second launch hands over to the first, which comes to the front.
import type { App } from 'electron';

interface Focusable {
  isDestroyed(): boolean;
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
}

/** False when another instance holds the lock: this one quits and must start nothing. */
export function claimSingleInstance(app: Pick<App, 'requestSingleInstanceLock' | 'quit' | 'on'>, firstWindow: () => Focusable | undefined): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', () => {
    const window = firstWindow();
    if (window && !window.isDestroyed()) bringToFront(window);
  });
  return true;
}

export function bringToFront(window: Focusable): void {
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
