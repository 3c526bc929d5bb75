// Quitting waits for the core to shut down (delete event queues, close databases) exactly once.
import type { App } from 'electron';
import type { Logger } from '../api/logger';
import type { AppCore } from '../app/core';

export function shutdownBeforeQuit(app: Pick<App, 'on' | 'quit'>, core: Pick<AppCore, 'shutdown'>, logger: Logger): void {
  let state: 'running' | 'stopping' | 'stopped' = 'running';
  app.on('before-quit', (event) => {
    if (state === 'stopped') return;
    event.preventDefault();
    if (state === 'stopping') return;
    state = 'stopping';
    core
      .shutdown()
      .catch((error: unknown) => logger.error('Shutdown failed', { error: error instanceof Error ? error.stack : String(error) }))
      .finally(() => {
        state = 'stopped';
        app.quit();
      });
  });
}
