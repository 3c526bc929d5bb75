import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONNECTIVITY_CHECK_MS, watchNetwork } from '../../../main/electron/network-watch';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function start(online: { value: boolean }) {
  const powerMonitor = new EventEmitter();
  const onChange = vi.fn();
  const stop = watchNetwork({ powerMonitor: powerMonitor as never, isOnline: () => online.value, onChange });
  return { powerMonitor, onChange, stop };
}

describe('network watch', () => {
  it.each(['resume', 'unlock-screen'])('tells the core on %s', (event) => {
    const { powerMonitor, onChange } = start({ value: true });
    powerMonitor.emit(event);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('tells the core when connectivity changes, checked every 2 s', () => {
    const online = { value: true };
    const { onChange } = start(online);
    vi.advanceTimersByTime(CONNECTIVITY_CHECK_MS * 3);
    expect(onChange).not.toHaveBeenCalled();
    online.value = false;
    vi.advanceTimersByTime(CONNECTIVITY_CHECK_MS - 1);
    expect(onChange).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onChange).toHaveBeenCalledTimes(1);
    online.value = true;
    vi.advanceTimersByTime(CONNECTIVITY_CHECK_MS);
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(CONNECTIVITY_CHECK_MS).toBe(2_000);
  });

  it('stops listening and checking when stopped', () => {
    const online = { value: true };
    const { powerMonitor, onChange, stop } = start(online);
    stop();
    powerMonitor.emit('resume');
    online.value = false;
    vi.advanceTimersByTime(CONNECTIVITY_CHECK_MS * 2);
    expect(onChange).not.toHaveBeenCalled();
    expect(powerMonitor.listenerCount('resume') + powerMonitor.listenerCount('unlock-screen')).toBe(0);
  });
});
