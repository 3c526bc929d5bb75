// Time as the client sees it, injectable so that pacing and rate-limit waits are testable
// without real waiting.
import { setTimeout as wait } from 'node:timers/promises';

export interface Clock {
  /** Milliseconds since the UNIX epoch. */
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => wait(ms),
};
