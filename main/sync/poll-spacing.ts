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

/** 0 while at least half the budget remains (or none is announced): a chat's events come at once. */
export function pollSpacingMs(state: RateLimitState | undefined, now: number): number {
  if (state?.limit === undefined || state.limit <= 0 || now >= state.resetAt) return 0;
  if (state.remaining >= state.limit / 2) return 0;
  return RULE_WINDOW_MS / (state.limit * POLL_SHARE);
}
