// How long a running job still needs, from its recent actual pace, waits included. Under a
// server's rate limit a job goes in bursts (a budget spent at once, then a wait for the window to
// free), and the same slots free again a window later: so the job's recent past, the items it
// finished over the last period with their waits, is replayed forward period after period until the
// items left are done. With an even pace this is the items left over the rate; with bursts it says
// when the burst that finishes the job comes. A cycle can come a little late (the next burst not yet
// come when the last one leaves the period up to now): the period replayed is then the fullest of
// those ending in the last few seconds. Before there is a past to replay, the server's budget bounds
// it: the items beyond the budget still open go one window's worth at a time. In a job's first
// seconds, before a period's worth of past, the pace so far says it roughly, under the same bound.

/** The server's budget as the job sees it: its headers, and the window length learned from them. */
export interface Budget {
  limit: number;
  remaining: number;
  /** Epoch ms. */
  resetAt: number;
  windowMs: number;
}

/** How late a cycle of the past may come again before the replay takes the period up to now instead. */
const LATE_MS = 10_000;

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
 * takes. The past replayed is the fullest period among those ending within the last LATE_MS: a
 * cycle can come a little late, and the period up to now has then lost the last burst while the
 * next has not begun. Items done since that period are its first ones come again.
 */
function replayedMs(itemsLeft: number, finishedAt: readonly number[], periodMs: number, now: number): number | null {
  const past = fullestPeriod(finishedAt, periodMs, now);
  if (past === null) return null;
  const { items, doneSince } = past;
  const last = doneSince + itemsLeft - 1;
  return Math.max(0, items[last % items.length]! + (Math.floor(last / items.length) + 1) * periodMs - now);
}

/** The period ending within the last LATE_MS that holds the most items (the latest of equals), and how many came after it. */
function fullestPeriod(finishedAt: readonly number[], periodMs: number, now: number): { items: readonly number[]; doneSince: number } | null {
  // A period's count only rises where an item ends it: those ends, and the earliest allowed, are the candidates.
  const ends = [now - LATE_MS, ...finishedAt.filter((at) => at > now - LATE_MS)];
  let best: { from: number; to: number } | null = null;
  for (const end of ends) {
    const from = firstAfter(finishedAt, end - periodMs);
    const to = firstAfter(finishedAt, end);
    if (to > from && (best === null || to - from >= best.to - best.from)) best = { from, to };
  }
  return best === null ? null : { items: finishedAt.slice(best.from, best.to), doneSince: finishedAt.length - best.to };
}

/** The index of the first time after `at` in an ascending list (its length when none is). */
function firstAfter(times: readonly number[], at: number): number {
  const index = times.findIndex((time) => time > at);
  return index < 0 ? times.length : index;
}

export interface EarlyInput {
  itemsLeft: number;
  /** Items finished since the job started sending. */
  done: number;
  /** How long it has been sending (ms). */
  spanMs: number;
  /** The server's budget as its headers last said, when they did. */
  budget: Budget | null;
  now: number;
}

/**
 * Seconds until the job is done from its first seconds: the items left at the pace so far, and no
 * sooner than the server's budget allows (what goes beyond it waits for its windows). Rough: a
 * fast job is done before a period's worth of past could be replayed.
 */
export function earlySecondsLeft({ itemsLeft, done, spanMs, budget, now }: EarlyInput): number | null {
  if (itemsLeft <= 0) return 0;
  if (done <= 0 || spanMs <= 0) return null;
  const byPace = (itemsLeft * spanMs) / done / 1000;
  const byBudget = budget === null || budget.limit <= 0 ? 0 : budgetSeconds(itemsLeft, budget, now);
  return Math.round(Math.max(byPace, byBudget));
}

function budgetSeconds(itemsLeft: number, { limit, remaining, resetAt, windowMs }: Budget, now: number): number {
  const beyond = itemsLeft - Math.max(0, remaining);
  if (beyond <= 0) return 0;
  // The first window's worth comes at the reset, each further one a window later.
  const windows = Math.ceil(beyond / limit) - 1;
  return (Math.max(0, resetAt - now) + windows * windowMs) / 1000;
}
