// Pacing from X-RateLimit-* headers, on a fake clock: no cost when there is nothing to pace,
// spreading when the budget runs low, and a bulk job that stays (almost) clear of 429s.
import { describe, expect, it } from 'vitest';
import { Pacer } from '../../../main/api/pacer';
import { ServiceClient } from '../../../main/api/service-client';
import type { RateLimitState } from '../../../main/api/rate-limit';
import { fakeClock } from './capture-server';

const T0 = 1_700_000_000_000;

function state(remaining: number, resetInMs: number, now: number, limit: number | undefined = 600): RateLimitState {
  return { limit, remaining, resetAt: now + resetInMs, observedAt: now };
}

describe('Pacer', () => {
  it('never waits before any rate-limit state is known', () => {
    const pacer = new Pacer({ clock: fakeClock(T0) });
    for (let i = 0; i < 1000; i += 1) expect(pacer.reserve()).toBe(0);
  });

  it('does not wait while plenty remains', () => {
    const clock = fakeClock(T0);
    const pacer = new Pacer({ clock });
    pacer.observe(state(500, 60_000, clock.now()));
    for (let i = 0; i < 400; i += 1) expect(pacer.reserve()).toBe(0);
  });

  it('spreads the last requests over the time left once the budget reaches the reserve', () => {
    const clock = fakeClock(T0);
    const pacer = new Pacer({ clock });
    // Limit 600: the reserve is 60; 30 left with 30 s to go -> one per second.
    pacer.observe(state(30, 30_000, clock.now()));
    expect(pacer.reserve()).toBeCloseTo(1000, 5);
    // A concurrent caller gets the next slot, not the same one.
    expect(pacer.reserve()).toBeGreaterThan(1000);
  });

  it('adds no spacing after a slot already past the reset', () => {
    const clock = fakeClock(T0);
    const pacer = new Pacer({ clock, minReserve: 3 });
    // One left, the reset 15 s away: the next request goes at the reset.
    pacer.observe(state(1, 15_000, clock.now(), 40));
    expect(pacer.reserve()).toBeCloseTo(15_000, 5);
    // A long poll answers with the budget as it stood when it was sent (one left, the reset 14 s
    // away): the next slot is the one after 15 s, not 14 s more on top of it (a bulk job once
    // waited 14 s so after its window had freed).
    pacer.observe(state(1, 14_000, clock.now(), 40));
    expect(pacer.reserve()).toBeCloseTo(15_000, 5);
  });

  it('with nothing left, waits until just after the reset', () => {
    const clock = fakeClock(T0);
    const pacer = new Pacer({ clock });
    pacer.observe(state(0, 12_000, clock.now()));
    const wait = pacer.reserve();
    expect(wait).toBeGreaterThanOrEqual(12_000);
    expect(wait).toBeLessThanOrEqual(13_000);
  });

  it('forgets a state whose reset has passed', () => {
    const clock = fakeClock(T0);
    const pacer = new Pacer({ clock });
    pacer.observe(state(0, 1000, clock.now()));
    clock.advance(5000);
    expect(pacer.reserve()).toBe(0);
  });

  it('acquire() does not sleep at all when no pacing is needed', async () => {
    const clock = fakeClock(T0);
    const pacer = new Pacer({ clock });
    pacer.observe(state(599, 60_000, clock.now()));
    for (let i = 0; i < 100; i += 1) await pacer.acquire();
    expect(clock.sleeps).toEqual([]);
  });
});

/** A fake server limiting to `limit` requests per minute, answering as reference/semantics.md says. */
function limitedServer(clock: ReturnType<typeof fakeClock>, kind: 'fixed' | 'sliding', limit = 600, windowMs = 60_000) {
  const recent: number[] = [];
  let windowStart = clock.now();
  let windowCount = 0;
  let refused = 0;
  let served = 0;
  const fetch = (() => {
    clock.advance(5); // the round trip
    const now = clock.now();
    let allowed: boolean;
    let remaining: number;
    let resetAt: number;
    if (kind === 'fixed') {
      if (now >= windowStart + windowMs) {
        windowStart = now;
        windowCount = 0;
      }
      allowed = windowCount < limit;
      if (allowed) windowCount += 1;
      remaining = limit - windowCount;
      resetAt = windowStart + windowMs;
    } else {
      while (recent.length > 0 && recent[0]! <= now - windowMs) recent.shift();
      allowed = recent.length < limit;
      if (allowed) recent.push(now);
      remaining = limit - recent.length;
      resetAt = (recent[0] ?? now) + windowMs;
    }
    const headers = {
      'content-type': 'application/json',
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': String(Math.floor(resetAt / 1000)),
    };
    if (!allowed) {
      refused += 1;
      const body = { result: 'error', msg: 'API usage exceeded rate limit', code: 'RATE_LIMIT_HIT', 'retry-after': (resetAt - now) / 1000 };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 429, headers: { ...headers, 'retry-after': String((resetAt - now) / 1000) } }));
    }
    served += 1;
    return Promise.resolve(new Response(JSON.stringify({ result: 'success', msg: '', members: [] }), { headers }));
  }) as typeof globalThis.fetch;
  return { fetch, refused: () => refused, served: () => served };
}

/** Runs 1,000 calls through `workers` concurrent loops; returns the fake time taken and the 429s. */
async function bulkJob(kind: 'fixed' | 'sliding', workers: number, pacing: boolean) {
  const clock = fakeClock(T0 + 123);
  const server = limitedServer(clock, kind);
  const observed: RateLimitState[] = [];
  const client = new ServiceClient({
    serverUrl: 'https://chat.example.com',
    email: 'a@b.c',
    apiKey: 'k',
    fetch: server.fetch,
    clock,
    onRateLimit: (s) => observed.push(s),
    ...(pacing ? {} : { pacing: false as const }),
  });
  let left = 1000;
  const started = clock.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (left > 0) {
        left -= 1;
        await client.call('getUsers', {});
      }
    }),
  );
  return { elapsed: clock.now() - started, refused: server.refused(), served: server.served(), observed, client };
}

describe('a bulk job of 1,000 requests at 600/min', () => {
  it.each([
    ['fixed', 1],
    ['fixed', 4],
    ['sliding', 1],
    ['sliding', 4],
  ] as const)('finishes in about 100 s or less with at most 2 answers 429 (%s window, %i workers)', async (kind, workers) => {
    const { elapsed, refused, served, observed, client } = await bulkJob(kind, workers, true);
    expect(served).toBe(1000);
    expect(refused).toBeLessThanOrEqual(2);
    // 1,000 at 600/min cannot take less than one window; spreading must not take much more than 100 s.
    expect(elapsed).toBeGreaterThan(60_000);
    expect(elapsed).toBeLessThan(110_000);
    expect(observed.length).toBeGreaterThanOrEqual(1000);
    expect(client.rateLimit).toMatchObject({ limit: 600 });
  });

  it('without pacing the same concurrent job runs into the limit', async () => {
    const paced = await bulkJob('sliding', 4, true);
    const unpaced = await bulkJob('sliding', 4, false);
    expect(unpaced.refused).toBeGreaterThanOrEqual(4);
    expect(unpaced.refused).toBeGreaterThan(paced.refused);
  });

  it('adds no waits when the server sends no rate-limit headers', async () => {
    const clock = fakeClock(T0);
    const fetch = (() => Promise.resolve(new Response(JSON.stringify({ result: 'success', msg: '', members: [] })))) as typeof globalThis.fetch;
    const client = new ServiceClient({ serverUrl: 'https://chat.example.com', email: 'a@b.c', apiKey: 'k', fetch, clock });
    for (let i = 0; i < 200; i += 1) await client.call('getUsers', {});
    expect(clock.sleeps).toEqual([]);
    expect(client.rateLimit).toBeUndefined();
  });
});
