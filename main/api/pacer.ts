// Paces requests from the rate-limit headers so the server rarely has to refuse one. While the
// remaining budget is comfortably above a reserve, requests go at once (no timer, no wait); once
// it falls to the reserve, the requests left are spread over the time left until the reset, and
// with none left the next one waits for the reset. Without headers there is nothing to pace.
import { systemClock, type Clock } from './clock';
import type { RateLimitState } from './rate-limit';

export interface PacerOptions {
  clock?: Clock;
  /** Fraction of the announced limit kept as a reserve before pacing starts (default 0.1). */
  reserveFraction?: number;
  /** Smallest reserve, for servers that announce a tiny or no limit (default 3). */
  minReserve?: number;
}

// X-RateLimit-Reset is whole seconds, rounded down: the real reset can be up to a second later.
const RESET_ROUNDING_MS = 1000;

export class Pacer {
  readonly #clock: Clock;
  readonly #reserveFraction: number;
  readonly #minReserve: number;
  #state: RateLimitState | undefined;
  /** Requests left by our own count since the last answer (concurrent callers share it). */
  #budget = 0;
  /** The slot most recently handed out while pacing, in epoch ms. */
  #lastSlot = 0;

  constructor(options: PacerOptions = {}) {
    this.#clock = options.clock ?? systemClock;
    this.#reserveFraction = options.reserveFraction ?? 0.1;
    this.#minReserve = options.minReserve ?? 3;
  }

  /** The latest state the server announced, for observers such as bulk-job progress. */
  get state(): RateLimitState | undefined {
    return this.#state;
  }

  observe(state: RateLimitState): void {
    this.#state = state;
    this.#budget = state.remaining;
  }

  /** Milliseconds the next request should wait; counts the request against the budget. */
  reserve(): number {
    const state = this.#state;
    if (state === undefined) return 0;
    const now = this.#clock.now();
    // Past the reset the old numbers say nothing; the next answer brings new ones.
    if (now >= state.resetAt + RESET_ROUNDING_MS) return 0;
    const reserve = Math.max(this.#minReserve, Math.ceil((state.limit ?? 0) * this.#reserveFraction));
    if (this.#budget > reserve) {
      this.#budget -= 1;
      return 0;
    }
    // The budget left is spread over the time to the reset. Once the slots handed out reach the
    // reset, the next goes just after it with no spacing on top: a long poll's answer, counted when
    // it was sent, brought back an old budget, and spacing after a slot already past the reset had
    // a bulk job wait 14 s once its window had freed.
    const from = Math.max(now, this.#lastSlot);
    const slot =
      this.#budget > 0 && from < state.resetAt
        ? from + (state.resetAt - now) / this.#budget
        : Math.max(from, state.resetAt + RESET_ROUNDING_MS);
    this.#budget -= 1;
    this.#lastSlot = slot;
    return slot - now;
  }

  /** Waits as long as reserve() says; resolves at once when no pacing is needed. */
  async acquire(): Promise<void> {
    const delay = this.reserve();
    if (delay > 0) await this.#clock.sleep(delay);
  }
}
