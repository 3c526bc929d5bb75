// How long a running job still needs, from its recent actual pace, waits included. Under a
// server's rate limit a job goes in bursts (a budget spent at once, then a wait for the window to
// free), and the same slots free again a window later: so the job's recent past, the items it
// finished over the last period with their waits, is replayed forward period after period until the
// items left are done. With an even pace this is the items left over the rate; with bursts it says
// when the burst that finishes the job comes. A cycle can run late (the next burst not yet come when
// the last one leaves the period up to now): then the last full period is replayed from now on.
// Before there is a past to replay, the server's budget bounds it: the items beyond the budget
// still open go one window's worth at a time.

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
  /** When the job's items finished recently (at least the last periodMs), oldest first (epoch ms). */
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
  const replayed = periodMs <= 0 ? null : replayedMs(itemsLeft, finishedAt, periodMs, now);
  const byReplay = replayed === null ? null : replayed / 1000;
  const byBudget = budget === null || budget.limit <= 0 ? null : budgetSeconds(itemsLeft, budget, now);
  if (byReplay === null) return byBudget === null ? null : Math.round(byBudget);
  return Math.round(Math.max(byReplay, byBudget ?? 0));
}

/**
 * The last item left finishes as the matching item of the past did, as many periods later as it
 * takes. The past replayed is the fullest period among those ending now or at a recent item: at a
 * burst's edge the period up to now has lost the last burst while the next has barely begun.
 * Items done since that period are its first ones come again. When the replay is overdue (a late
 * cycle), the pattern is taken to go on from now.
 */
function replayedMs(itemsLeft: number, finishedAt: readonly number[], periodMs: number, now: number): number | null {
  const past = fullestPeriod(finishedAt, periodMs, now);
  if (past === null) return null;
  const { items, doneSince } = past;
  const n = items.length;
  const index = (doneSince + itemsLeft - 1) % n;
  const periods = Math.ceil((doneSince + itemsLeft) / n);
  const onSchedule = items[index]! + periods * periodMs - now;
  const fromNow = items[index]! - items[doneSince % n]! + (Math.floor((doneSince + itemsLeft - 1) / n) - Math.floor(doneSince / n)) * periodMs;
  return Math.max(0, onSchedule, fromNow);
}

/** The period (ending now or at an item) holding the most items, the latest of equals, and how many came after it. */
function fullestPeriod(finishedAt: readonly number[], periodMs: number, now: number): { items: readonly number[]; doneSince: number } | null {
  let best: { from: number; to: number } | null = null;
  let from = 0;
  const ends = [...finishedAt.keys(), finishedAt.length - 1];
  for (const [i, last] of ends.entries()) {
    const end = i === ends.length - 1 ? now : finishedAt[last]!;
    while (from <= last && finishedAt[from]! <= end - periodMs) from += 1;
    if (last >= from && (best === null || last - from + 1 >= best.to - best.from)) best = { from, to: last + 1 };
  }
  return best === null ? null : { items: finishedAt.slice(best.from, best.to), doneSince: finishedAt.length - best.to };
}

function budgetSeconds(itemsLeft: number, { limit, remaining, resetAt, windowMs }: Budget, now: number): number {
  const beyond = itemsLeft - Math.max(0, remaining);
  if (beyond <= 0) return 0;
  // The first window's worth comes at the reset, each further one a window later.
  const windows = Math.ceil(beyond / limit) - 1;
  return (Math.max(0, resetAt - now) + windows * windowMs) / 1000;
}
