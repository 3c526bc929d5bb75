// Per-user request budget over a sliding window (60 seconds, as real servers count), reported the
// way real servers do: X-RateLimit-* headers on every answer, 429 RATE_LIMIT_HIT with a float
// retry-after when spent. A shorter window gives a test the same shape in less time.
import { rateLimitHit } from './errors';

export const RATE_LIMIT_WINDOW_MS = 60_000;

export class RateLimiter {
  private readonly recent = new Map<number, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs = RATE_LIMIT_WINDOW_MS,
  ) {}

  /** Records one request; returns the headers to send, or throws the 429 answer. */
  take(userId: number, now = Date.now()): Record<string, string> {
    const times = (this.recent.get(userId) ?? []).filter((time) => time > now - this.windowMs);
    this.recent.set(userId, times);
    const oldest = times[0] ?? now;
    if (times.length >= this.limit) {
      const secondsToFreedom = (oldest + this.windowMs - now) / 1000;
      throw rateLimitHit(secondsToFreedom, headers(this.limit, 0, now / 1000 + secondsToFreedom));
    }
    times.push(now);
    return headers(this.limit, this.limit - times.length, (oldest + this.windowMs) / 1000);
  }
}

export function headers(limit: number, remaining: number, resetSeconds: number): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(remaining),
    'X-RateLimit-Reset': String(Math.floor(resetSeconds)),
  };
}
