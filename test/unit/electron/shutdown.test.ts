import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { shutdownBeforeQuit } from '../../../main/electron/shutdown';
import { captureLogger, electronEvent } from './fakes';

function setUp(shutdown: () => Promise<void>) {
  const app = Object.assign(new EventEmitter(), { quit: vi.fn() });
  const logger = captureLogger();
  const core = { shutdown: vi.fn(shutdown) };
  shutdownBeforeQuit(app as never, core, logger);
  const quitAttempt = () => {
    const event = electronEvent();
    app.emit('before-quit', event);
    return event.defaultPrevented;
  };
  return { app, core, logger, quitAttempt };
}

describe('shutdown before quit', () => {
  it('holds the quit until the core has shut down, once, then quits', async () => {
    let finish: () => void = () => undefined;
    const { app, core, quitAttempt } = setUp(() => new Promise<void>((resolve) => (finish = resolve)));
    expect(quitAttempt()).toBe(true);
    expect(quitAttempt()).toBe(true);
    expect(core.shutdown).toHaveBeenCalledTimes(1);
    expect(app.quit).not.toHaveBeenCalled();
    finish();
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledTimes(1));
    // The quit it started goes through.
    expect(quitAttempt()).toBe(false);
    expect(core.shutdown).toHaveBeenCalledTimes(1);
  });

  it('still quits, and logs, when the shutdown fails', async () => {
    const { app, logger, quitAttempt } = setUp(() => Promise.reject(new Error('disk gone')));
    quitAttempt();
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledTimes(1));
    expect(logger.lines.map((line) => line.level)).toEqual(['error']);
  });
});
