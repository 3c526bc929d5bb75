// How long a running job still needs. The recent pace (items finished over the last minutes, waits
// included) is the measure; but under a server's rate limit a job goes in bursts (a budget spent
// at once, then a wait for the window to free), and a pace measured across a burst overstates
// the speed. When the job has been held by the rate limit, its speed is the server's budget: the
// items left beyond the budget still open go one window's worth at a time.

/** The server's budget as the job sees it: its headers, and the window length learned from them. */
export interface Budget {
  limit: number;
  remaining: number;
  /** Epoch ms. */
  resetAt: number;
  windowMs: number;
}

export interface TimeLeftInput {
  itemsLeft: number;
  /** Items per minute over the recent past; null before there is a measure. */
  ratePerMinute: number | null;
  /** Set when the job waited on the rate limit recently: its pace is the budget's. */
  budget: Budget | null;
  now: number;
}

/** Seconds until the job is done, or null when nothing can be said yet. Each item is one request. */
export function secondsLeft({ itemsLeft, ratePerMinute, budget, now }: TimeLeftInput): number | null {
  const byPace = ratePerMinute === null || ratePerMinute === 0 ? null : (itemsLeft / ratePerMinute) * 60;
  const byBudget = budget === null || budget.limit <= 0 ? null : budgetSeconds(itemsLeft, budget, now);
  if (byPace === null) return byBudget === null ? null : Math.round(byBudget);
  return Math.round(Math.max(byPace, byBudget ?? 0));
}

function budgetSeconds(itemsLeft: number, { limit, remaining, resetAt, windowMs }: Budget, now: number): number {
  const beyond = itemsLeft - Math.max(0, remaining);
  if (beyond <= 0) return 0;
  // The first window's worth comes at the reset, each further one a window later.
  const windows = Math.ceil(beyond / limit) - 1;
  return (Math.max(0, resetAt - now) + windows * windowMs) / 1000;
}
