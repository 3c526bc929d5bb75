// Tells the core when to retry at once instead of waiting out its backoff: after sleep, after
// the screen is unlocked, and when connectivity comes or goes. Electron's main process has no
// online/offline event, so connectivity is sampled: net.isOnline() asks the OS, not the network,
// so sampling often costs nothing, and a network that comes back is noticed within seconds.
import type { PowerMonitor } from 'electron';

export const CONNECTIVITY_CHECK_MS = 2_000;

export interface NetworkWatch {
  powerMonitor: Pick<PowerMonitor, 'on' | 'off'>;
  isOnline(): boolean;
  onChange(): void;
  intervalMs?: number;
}

/** Starts watching; returns the function that stops it. */
export function watchNetwork({ powerMonitor, isOnline, onChange, intervalMs = CONNECTIVITY_CHECK_MS }: NetworkWatch): () => void {
  const wake = () => onChange();
  powerMonitor.on('resume', wake);
  powerMonitor.on('unlock-screen', wake);
  let online = isOnline();
  const timer = setInterval(() => {
    const now = isOnline();
    if (now !== online) {
      online = now;
      onChange();
    }
  }, intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    powerMonitor.off('resume', wake);
    powerMonitor.off('unlock-screen', wake);
  };
}
