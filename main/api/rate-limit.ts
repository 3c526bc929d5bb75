// The rate-limit wire format (reference/semantics.md (a)): X-RateLimit-Limit / -Remaining /
// -Reset (integer UNIX seconds) on every answer of a limited request, and on a 429 a float
// `retry-after` in the body plus a Retry-After header.

export interface RateLimitState {
  /** Requests allowed per window, when the server says. */
  limit: number | undefined;
  remaining: number;
  /** When the server expects the limit to reset, in epoch milliseconds. */
  resetAt: number;
  /** When these values were read, in epoch milliseconds. */
  observedAt: number;
}

function finiteNumber(text: string | null): number | undefined {
  if (text === null || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** The state the headers announce; undefined when the server sends none. */
export function readRateLimitHeaders(headers: Headers, now: number): RateLimitState | undefined {
  const remaining = finiteNumber(headers.get('x-ratelimit-remaining'));
  const reset = finiteNumber(headers.get('x-ratelimit-reset'));
  if (remaining === undefined || reset === undefined) return undefined;
  return { limit: finiteNumber(headers.get('x-ratelimit-limit')), remaining, resetAt: reset * 1000, observedAt: now };
}

/**
 * Seconds the server asks to wait after a 429: the body's `retry-after` first, then the
 * Retry-After header (seconds or an HTTP date), then the time left until X-RateLimit-Reset.
 */
export function retryAfterSeconds(body: Record<string, unknown>, headers: Headers, now: number): number | undefined {
  const fromBody = body['retry-after'];
  if (typeof fromBody === 'number' && Number.isFinite(fromBody)) return Math.max(0, fromBody);
  const header = headers.get('retry-after');
  const seconds = finiteNumber(header);
  if (seconds !== undefined) return Math.max(0, seconds);
  const date = header === null ? Number.NaN : Date.parse(header);
  if (!Number.isNaN(date)) return Math.max(0, (date - now) / 1000);
  const reset = finiteNumber(headers.get('x-ratelimit-reset'));
  return reset === undefined ? undefined : Math.max(0, reset - now / 1000);
}

export interface RetryTiming {
  /** The first backoff; it doubles with each retry. */
  backoffMs: number;
  /** Upper bound of the random delay added to the server's time, so clients do not return together. */
  jitterMs: number;
  random: () => number;
}

/** max(exponential backoff, server's time + jitter), for the retry numbered `retry` (0 = first). */
export function rateLimitWaitMs(serverSeconds: number | undefined, retry: number, timing: RetryTiming): number {
  const backoff = timing.backoffMs * 2 ** retry;
  if (serverSeconds === undefined) return backoff;
  return Math.max(backoff, serverSeconds * 1000 + timing.random() * timing.jitterMs);
}
