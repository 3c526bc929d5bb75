// Per-user request budget over a sliding 60-second window, reported the way real servers do:
// X-RateLimit-* headers on every answer, 429 RATE_LIMIT_HIT with a float retry-after when spent.
import { rateLimitHit } from './errors';

const WINDOW_MS = 60_000;

export class RateLimiter {
  private readonly recent = new Map<number, number[]>();

  constructor(private readonly limit: number) {}

  /** Records one request; returns the headers to send, or throws the 429 answer. */
  take(userId: number, now = Date.now()): Record<string, string> {
    const times = (this.recent.get(userId) ?? []).filter((time) => time > now - WINDOW_MS);
    this.recent.set(userId, times);
    const oldest = times[0] ?? now;
    if (times.length >= this.limit) {
      const secondsToFreedom = (oldest + WINDOW_MS - now) / 1000;
      throw rateLimitHit(secondsToFreedom, headers(this.limit, 0, now / 1000 + secondsToFreedom));
    }
    times.push(now);
    return headers(this.limit, this.limit - times.length, (oldest + WINDOW_MS) / 1000);
  }
}

export function headers(limit: number, remaining: number, resetSeconds: number): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(remaining),
    'X-RateLimit-Reset': String(Math.floor(resetSeconds)),
  };
}
