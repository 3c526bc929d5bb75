// How long a running job still needs, from its recent actual pace, waits included. Under a
// server's rate limit a job goes in bursts (a budget spent at once, then a wait for the window to
// free), and the same slots free again a window later: so the job's recent past, the items it
// finished over the last period with their waits, is replayed forward period after period until the
// items left are done. With an even pace this is the items left over the rate; with bursts it says
// when the burst that finishes the job comes. Before there is a past to replay, the server's
// budget bounds it: the items beyond the budget still open go one window's worth at a time.

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
  /** When the job's items finished over the last periodMs, oldest first (epoch ms). */
  finishedAt: readonly number[];
  /** The span of the recent past that repeats: the rate limit's window once it has held the job. */
  periodMs: number;
  /** Set when the job waited on the rate limit recently. */
  budget: Budget | null;
  now: number;
}

/** Seconds until the job is done, or null when nothing can be said yet. Each item is one request. */
export function secondsLeft({ itemsLeft, finishedAt, periodMs, budget, now }: TimeLeftInput): number | null {
  if (itemsLeft <= 0) return 0;
  const byReplay = finishedAt.length === 0 || periodMs <= 0 ? null : replayedMs(itemsLeft, finishedAt, periodMs, now) / 1000;
  const byBudget = budget === null || budget.limit <= 0 ? null : budgetSeconds(itemsLeft, budget, now);
  if (byReplay === null) return byBudget === null ? null : Math.round(byBudget);
  return Math.round(Math.max(byReplay, byBudget ?? 0));
}

/** The last item left finishes as the matching item of the past did, as many periods later as it takes. */
function replayedMs(itemsLeft: number, finishedAt: readonly number[], periodMs: number, now: number): number {
  const perPeriod = finishedAt.length;
  const periods = Math.ceil(itemsLeft / perPeriod);
  const like = finishedAt[(itemsLeft - 1) % perPeriod]!;
  return Math.max(0, like + periods * periodMs - now);
}

function budgetSeconds(itemsLeft: number, { limit, remaining, resetAt, windowMs }: Budget, now: number): number {
  const beyond = itemsLeft - Math.max(0, remaining);
  if (beyond <= 0) return 0;
  // The first window's worth comes at the reset, each further one a window later.
  const windows = Math.ceil(beyond / limit) - 1;
  return (Math.max(0, resetAt - now) + windows * windowMs) / 1000;
}
