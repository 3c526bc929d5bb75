// How long the event loop lets pass between two polls. Each poll that returns events costs a
// request of the server's rate-limit budget, and a bulk job makes an event per item: polled at
// once, half the budget went to polls (an import of 300 users under 40 requests a minute ran at
// 19 a minute). While the budget is scarce, the events wait in the server's queue and come in one
// poll, which then takes at most a tenth of the budget.
import type { RateLimitState } from '../api/rate-limit';

/** The reference's rate-limit rules count requests per 60 s. */
const RULE_WINDOW_MS = 60_000;
/** The share of the budget the polls may take while it is scarce. */
const POLL_SHARE = 0.1;

/**
 * Fed every rate-limit state the server announces. The budget counts as scarce for a window after
 * it last fell below half: a budget spent in bursts is whole again at each burst's start, and
 * polling at once then would take half of every burst.
 */
export class PollSpacing {
  #limit: number | undefined;
  #scarceAt: number | undefined;

  observe(state: RateLimitState): void {
    if (state.limit === undefined || state.limit <= 0) return;
    this.#limit = state.limit;
    if (state.remaining < state.limit / 2) this.#scarceAt = state.observedAt;
  }

  /** 0 unless the budget was scarce within the last window: a chat's events come at once. */
  spacingMs(now: number): number {
    if (this.#limit === undefined || this.#scarceAt === undefined || now - this.#scarceAt > RULE_WINDOW_MS) return 0;
    return RULE_WINDOW_MS / (this.#limit * POLL_SHARE);
  }
}

/**
 * The least time from one poll's start to the next's, whatever the server answers: events that
 * come this close together come in one poll, and a server answering every poll at once is asked
 * at most four times a second.
 */
export const MIN_POLL_INTERVAL_MS = 250;
/** The longest wait a run of hollow answers leads to: that of the engine's offline backoff. */
const MAX_HOLLOW_SPACING_MS = 30_000;

/**
 * The wait before the next poll after `streak` hollow answers in a row: blocking polls answered
 * at once with nothing, or with a heartbeat alone (an idle poll waits for one). The first may be a
 * heartbeat that waited in the queue; from the second on, the server answers without waiting, and
 * each one more doubles the wait (audit: ~6,300 polls in 15 s from such a server, now six).
 */
export function hollowSpacingMs(streak: number): number {
  if (streak < 2) return 0;
  return Math.min(MAX_HOLLOW_SPACING_MS, 500 * 2 ** (streak - 2));
}
