// Runs bulk jobs from their stored items, with no UI needed: one item at a time (or a small
// bounded number), each state change stored before and after its request. Pacing and 429
// retries are the ServiceClient's (it reads X-RateLimit-* and retry-after); what reaches the job
// is what the client gave up on. An item whose answer never came (network, timeout, 5xx, crash)
// stays 'running' and is checked on the server before it is sent again.
import type { JobHalt } from '../../shared/bulk-jobs';
import type { JobProgress } from '../../shared/ipc';
import { classifyFailure } from '../api/failures';
import type { Logger } from '../api/logger';
import type { ServiceClient } from '../api/service-client';
import type { MirrorDatabase } from '../store/database';
import {
  eraseForgottenSecrets,
  failRunning,
  getJob,
  itemCounts,
  itemsInState,
  markDone,
  markFailed,
  markPending,
  markRunning,
  setJobHalt,
  setJobState,
  skipPending,
  unfinishedJobs,
  type ItemRow,
  type JobRow,
} from '../store/bulk-jobs';
import { operations, type JobOperation } from './operations';
import { earlySecondsLeft, secondsLeft, type Budget } from './time-left';

export interface JobRunnerOptions {
  db: MirrorDatabase;
  client: ServiceClient;
  logger: Logger;
  onProgress: (progress: JobProgress) => void;
  /** Items in flight at once (default 1, at most 4: the server's limit is shared with sync). */
  concurrency?: number;
  /** Least time between two progress notices while items complete (default 250 ms). */
  progressIntervalMs?: number;
  /** While nothing completes (a wait on the rate limit), a notice this often, so that the rate and time left shown count down with the wait (default 1 s). */
  quietNoticeMs?: number;
  /** First wait after a failure that left an outcome unknown; doubles up to 30 s (default 1 s). */
  retryBaseMs?: number;
}

/** The job could not be started or changed as asked. */
export class JobStateError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'JobStateError';
  }
}

interface Run {
  job: JobRow;
  operation: JobOperation;
  stop: 'pause' | 'cancel' | undefined;
  abort: AbortController;
  queue: ItemRow[];
  /** When this run started sending, and the completion times within the rate's window. */
  startedAt: number;
  finishedAt: number[];
  /** The server's rate limit holds the run until then (epoch ms). */
  waitingUntil: number | null;
  /** When the rate limit first and last held the run, and the longest window its headers have shown. */
  firstWaitAt: number | null;
  lastWaitAt: number | null;
  windowMs: number;
  /** Set once the run waits again after its first cycle came again: half a budget of items done a window after it started. */
  cycled: boolean;
  lastNotice: number;
  /** The quiet-time notices' timer, for as long as the run lasts. */
  quiet: ReturnType<typeof setInterval> | undefined;
  done: Promise<void>;
}

const MAX_CONCURRENCY = 4;
/** The pace is measured over this much of the recent past, so that waits on the rate limit count. */
const RATE_WINDOW_MS = 120_000;
/** Before this much sending, a burst the server's budget allowed says nothing sure about the pace: the estimate is rough. */
const RATE_MIN_SPAN_MS = 10_000;
/** A rough rate and time left are said from this much sending and this many items done: a fast job is over in seconds. */
const EARLY_MIN_SPAN_MS = 1_000;
const EARLY_MIN_ITEMS = 3;
/** Shorter waits are pacing, not worth a notice. */
const WAIT_NOTICE_MS = 1_000;
const QUEUE_BATCH = 256;
const MAX_RETRY_MS = 30_000;

export class JobRunner {
  readonly #db: MirrorDatabase;
  readonly #client: ServiceClient;
  readonly #logger: Logger;
  readonly #onProgress: (progress: JobProgress) => void;
  readonly #concurrency: number;
  readonly #intervalMs: number;
  readonly #quietMs: number;
  readonly #retryBaseMs: number;
  readonly #runs = new Map<number, Run>();
  #disposed = false;

  constructor(options: JobRunnerOptions) {
    this.#db = options.db;
    this.#client = options.client;
    this.#logger = options.logger;
    this.#onProgress = options.onProgress;
    this.#concurrency = Math.min(MAX_CONCURRENCY, Math.max(1, options.concurrency ?? 1));
    this.#intervalMs = options.progressIntervalMs ?? 250;
    this.#quietMs = options.quietNoticeMs ?? 1_000;
    this.#retryBaseMs = options.retryBaseMs ?? 1_000;
    // A job left 'running' by a crash or a quit waits for the user to resume it: nothing is
    // sent on a restart without them.
    for (const job of unfinishedJobs(this.#db)) {
      if (job.state !== 'running') continue;
      setJobState(this.#db, job.job_id, 'paused');
      setJobHalt(this.#db, job.job_id, { code: 'INTERRUPTED', message: 'The app stopped while this job was running; resume it to finish.' });
    }
  }

  progress(job_id: number): JobProgress {
    const job = this.#job(job_id);
    const counts = itemCounts(this.#db, job_id);
    const total = counts.pending + counts.running + counts.done + counts.failed + counts.skipped;
    const remaining = counts.pending + counts.running;
    // A rate and a time left only mean something while the job is sending.
    const run = job.state === 'running' ? this.#runs.get(job_id) : undefined;
    const rate = this.#rate(run);
    return {
      job_id,
      kind: job.kind,
      state: job.state,
      total,
      done: counts.done,
      failed: counts.failed,
      skipped: counts.skipped,
      remaining,
      rate_per_minute: rate,
      seconds_left: this.#secondsLeft(run, remaining),
      rough: this.#early(run) !== null,
      // Still said once the time is up, while the request it held is on its way: the job has done no row since.
      waiting_until: run?.waitingUntil ?? null,
      halt: job.settings.halt ?? null,
    };
  }

  unfinished(): JobProgress[] {
    return unfinishedJobs(this.#db).map((job) => this.progress(job.job_id));
  }

  /** Confirms a planned job or resumes a paused one; the items are sent in the background. */
  start(job_id: number): JobProgress {
    const job = this.#job(job_id);
    if (job.state === 'finished' || job.state === 'cancelled') throw new JobStateError('JOB_OVER', `This job is ${job.state}.`);
    const current = this.#runs.get(job_id);
    if (current && current.stop === undefined) return this.progress(job_id);
    setJobHalt(this.#db, job_id, null);
    setJobState(this.#db, job_id, 'running');
    // A pause still winding down (an item in flight) finishes before the new run takes over.
    const previous = current?.done ?? Promise.resolve();
    const run: Run = {
      job: this.#job(job_id),
      operation: operations[job.kind],
      stop: undefined,
      abort: new AbortController(),
      queue: [],
      startedAt: Date.now(),
      finishedAt: [],
      waitingUntil: null,
      firstWaitAt: null,
      lastWaitAt: null,
      windowMs: 0,
      cycled: false,
      lastNotice: 0,
      quiet: undefined,
      done: Promise.resolve(),
    };
    this.#runs.set(job_id, run);
    run.quiet = setInterval(() => {
      if (run.stop === undefined && Date.now() - run.lastNotice >= this.#quietMs) this.#notify(run);
    }, this.#quietMs);
    run.done = previous
      .then(() => this.#run(run))
      .catch((error: unknown) => this.#crashed(run, error))
      .finally(() => clearInterval(run.quiet));
    return this.#notify(run);
  }

  /** Stops after the items in flight; what is pending stays pending. */
  pause(job_id: number): JobProgress {
    const job = this.#job(job_id);
    if (job.state !== 'running') return this.progress(job_id);
    setJobState(this.#db, job_id, 'paused');
    this.#stop(job_id, 'pause');
    return this.#emit(job_id);
  }

  /** Skips every item not yet sent, with the reason; items in flight still get their answer. */
  cancel(job_id: number): JobProgress {
    const job = this.#job(job_id);
    if (job.state === 'finished' || job.state === 'cancelled') return this.progress(job_id);
    this.#db.transaction(() => {
      setJobState(this.#db, job_id, 'cancelled');
      skipPending(this.#db, job_id, 'CANCELLED', 'The job was cancelled before this item was sent.');
    })();
    const run = this.#runs.get(job_id);
    this.#stop(job_id, 'cancel');
    // An item whose outcome is still unknown once the run has stopped will not be checked again.
    void (run?.done ?? Promise.resolve()).then(() => {
      if (!this.#db.open) return;
      failRunning(this.#db, job_id, 'UNKNOWN_OUTCOME', 'The job was cancelled before the outcome of this item could be checked on the server.');
      this.#emit(job_id);
    });
    return this.#emit(job_id);
  }

  /**
   * Stops every run at once, leaving the jobs 'running' in the mirror: the next session offers
   * them as interrupted, and checks on the server an item whose answer comes after the mirror
   * closed (or never), as after a crash. Nothing is told to the screens any more; no timer stays.
   */
  dispose(): void {
    this.#disposed = true;
    for (const run of this.#runs.values()) {
      run.stop = 'pause';
      run.abort.abort();
      clearInterval(run.quiet);
    }
    this.#runs.clear();
  }

  /** Resolves when the job's run (if any) has stopped: finished, paused, cancelled or halted. */
  async idle(job_id: number): Promise<void> {
    await this.#runs.get(job_id)?.done;
  }

  #job(job_id: number): JobRow {
    const job = getJob(this.#db, job_id);
    if (!job) throw new JobStateError('NO_SUCH_JOB', `There is no bulk job ${job_id}.`);
    return job;
  }

  #stop(job_id: number, why: 'pause' | 'cancel'): void {
    const run = this.#runs.get(job_id);
    if (!run) return;
    run.stop = why;
    run.abort.abort();
  }

  async #run(run: Run): Promise<void> {
    const { job_id } = run.job;
    // Outcomes a crash or a network failure left unknown are settled before anything new is sent.
    for (const item of itemsInState(this.#db, job_id, 'running')) {
      if (run.stop) return;
      await this.#settleUnknown(run, item);
    }
    await Promise.all(Array.from({ length: this.#concurrency }, () => this.#worker(run)));
    // The passwords of the file, forgotten as their items were sent, leave the log too.
    eraseForgottenSecrets(this.#db);
    // A paused run's last answers came after its notice: the screen gets the final counts.
    if (run.stop === 'pause') this.#emit(job_id);
    if (run.stop) return;
    const counts = itemCounts(this.#db, job_id);
    if (counts.pending === 0 && counts.running === 0 && getJob(this.#db, job_id)?.state === 'running') {
      setJobState(this.#db, job_id, 'finished');
      this.#runs.delete(job_id);
      this.#emit(job_id);
    }
  }

  async #worker(run: Run): Promise<void> {
    for (let item = this.#next(run); item && !run.stop; item = this.#next(run)) {
      await this.#send(run, item);
      this.#tick(run);
    }
  }

  #next(run: Run): ItemRow | undefined {
    if (run.queue.length === 0) run.queue = itemsInState(this.#db, run.job.job_id, 'pending', QUEUE_BATCH);
    return run.queue.shift();
  }

  async #send(run: Run, item: ItemRow): Promise<void> {
    const { job_id } = run.job;
    if (!markRunning(this.#db, job_id, item.item_index)) return;
    let result: Record<string, unknown>;
    try {
      result = await run.operation.send(this.#client, item, run.job.settings, { onRateLimitWait: (until) => this.#waiting(run, until) });
    } catch (error) {
      await this.#refused(run, item, error);
      return;
    } finally {
      run.waitingUntil = null;
    }
    markDone(this.#db, job_id, item.item_index, result);
  }

  async #refused(run: Run, item: ItemRow, error: unknown): Promise<void> {
    const { job_id } = run.job;
    const failure = classifyFailure(error);
    if (failure.kind === 'rate_limited') {
      // A 429 means not done; the client already waited and retried, so the job waits longer.
      markPending(this.#db, job_id, item.item_index);
      run.queue.unshift({ ...item, state: 'pending' });
      const ms = Math.max(this.#retryBaseMs, (failure.retryAfter ?? 1) * 1000);
      this.#waiting(run, Date.now() + ms);
      await this.#sleep(run, ms);
      run.waitingUntil = null;
    } else if (failure.kind === 'refused' || failure.kind === 'unauthorized') {
      const halt = run.operation.haltFor(failure);
      if (halt) {
        markPending(this.#db, job_id, item.item_index);
        this.#halt(run, halt);
      } else {
        markFailed(this.#db, job_id, item.item_index, failure.code, failure.message);
      }
    } else if (failure.kind === 'invalid' && failure.code === 'INVALID_PARAMETERS') {
      markFailed(this.#db, job_id, item.item_index, 'INVALID_ARGUMENT', failure.message);
    } else if (failure.kind === 'invalid') {
      markPending(this.#db, job_id, item.item_index);
      this.#halt(run, { code: failure.code, message: failure.message });
    } else {
      this.#logger.warn('a bulk job item got no answer; checking the server before sending it again', { job_id, item_index: item.item_index, error: String(error) });
      await this.#settleUnknown(run, item);
    }
  }

  /** Asks the server what became of an item, waiting out network trouble; stops on pause. */
  async #settleUnknown(run: Run, item: ItemRow): Promise<void> {
    const { job_id } = run.job;
    for (let attempt = 0; !run.stop; attempt += 1) {
      if (attempt > 0) await this.#sleep(run, Math.min(MAX_RETRY_MS, this.#retryBaseMs * 2 ** (attempt - 1)));
      if (run.stop) return;
      try {
        const recovered = await run.operation.recover(this.#client, item.payload);
        if ('done' in recovered) markDone(this.#db, job_id, item.item_index, recovered.done);
        else if ('failed' in recovered) markFailed(this.#db, job_id, item.item_index, recovered.failed.code, recovered.failed.message);
        else markPending(this.#db, job_id, item.item_index);
        return;
      } catch (error) {
        this.#logger.debug('checking a bulk job item failed; retrying', { job_id, item_index: item.item_index, error: String(error) });
      }
    }
  }

  #halt(run: Run, halt: JobHalt): void {
    if (run.stop) return;
    setJobState(this.#db, run.job.job_id, 'paused');
    setJobHalt(this.#db, run.job.job_id, halt);
    run.stop = 'pause';
    run.abort.abort();
    this.#emit(run.job.job_id);
  }

  #crashed(run: Run, error: unknown): void {
    // The session closed its database under the run: as after a crash, the next start resumes.
    if (!this.#db.open) return;
    this.#logger.error('a bulk job stopped on an unexpected error', { job_id: run.job.job_id, error: error instanceof Error ? error.stack : String(error) });
    this.#halt(run, { code: 'INTERNAL', message: 'The job stopped on an unexpected error; the details are in the log.' });
  }

  #sleep(run: Run, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      run.abort.signal.addEventListener('abort', done, { once: true });
      function done() {
        clearTimeout(timer);
        resolve();
      }
    });
  }

  /** The screen is told at once that the job waits on the server, and until when. */
  #waiting(run: Run, until: number): void {
    run.lastWaitAt = Date.now();
    run.firstWaitAt ??= run.lastWaitAt;
    const limit = this.#client.rateLimit?.limit;
    const again = run.finishedAt.filter((at) => at > run.startedAt + run.windowMs).length;
    if (run.windowMs > 0 && limit !== undefined && again >= limit / 2) run.cycled = true;
    if (until - Date.now() < WAIT_NOTICE_MS) return;
    run.waitingUntil = Math.max(run.waitingUntil ?? 0, until);
    this.#notify(run);
  }

  #tick(run: Run): void {
    const now = Date.now();
    const limit = this.#client.rateLimit;
    // A sliding window's reset is at most a window away: the longest distance seen is the window, or
    // (whole seconds rounded down) under a second less. Never more: a period longer than the time a
    // slot takes to free again would hold a burst and the burst it freed, and count both.
    if (limit) run.windowMs = Math.max(run.windowMs, limit.resetAt - limit.observedAt);
    run.finishedAt.push(now);
    while (run.finishedAt[0]! <= now - RATE_WINDOW_MS) run.finishedAt.shift();
    if (now - run.lastNotice >= this.#intervalMs) this.#notify(run);
  }

  /** Items finished over the window up to now, per minute: a wait lowers it as it goes on. In the first seconds, roughly, the pace so far. */
  #rate(run: Run | undefined): number | null {
    if (!run || run.finishedAt.length === 0) return null;
    const now = Date.now();
    const early = this.#early(run);
    if (early) return Math.round((early.done / early.spanMs) * 60_000);
    const span = now - Math.max(run.startedAt, now - RATE_WINDOW_MS);
    if (span < RATE_MIN_SPAN_MS) return null;
    const recent = run.finishedAt.filter((at) => at > now - RATE_WINDOW_MS).length;
    return Math.round((recent / span) * 60_000 * 10) / 10;
  }

  /** The run's first seconds, once enough of them to say something (rough), before the replay can; null otherwise. */
  #early(run: Run | undefined): { done: number; spanMs: number } | null {
    if (!run || run.firstWaitAt !== null) return null;
    const spanMs = Date.now() - run.startedAt;
    const done = run.finishedAt.length;
    return spanMs < RATE_MIN_SPAN_MS && spanMs >= EARLY_MIN_SPAN_MS && done >= EARLY_MIN_ITEMS ? { done, spanMs } : null;
  }

  /** The recent past replayed; and the job cannot finish before the wait it is in ends (a burst a little late shows there first). */
  #secondsLeft(run: Run | undefined, itemsLeft: number): number | null {
    const estimate = this.#replayed(run, itemsLeft);
    if (estimate === null || !run?.waitingUntil || itemsLeft === 0) return estimate;
    return Math.max(estimate, Math.round((run.waitingUntil - Date.now()) / 1000));
  }

  /**
   * The recent past replayed: over the rate limit's window once it held the run, else over the time
   * sent (up to the pace's window). Before its first wait the job shared the budget with whatever
   * the session did before (signing in, the first polls), which does not come again: its past counts
   * from that wait on, once the burst of its next cycle has come and ended in a wait (a period
   * before that holds only the items paced between bursts); until then the budget alone says.
   */
  #replayed(run: Run | undefined, itemsLeft: number): number | null {
    if (!run) return null;
    const now = Date.now();
    const budget = this.#budget(run);
    if (budget !== null && run.firstWaitAt !== null) {
      const since = run.firstWaitAt;
      if (run.cycled) return secondsLeft({ itemsLeft, finishedAt: run.finishedAt.filter((at) => at > since), periodMs: budget.windowMs, budget, now });
      // The slots of the job's first burst free again a window after it: the next window's worth
      // comes then, not at the reset (the oldest request's, one paced between bursts or the session's).
      const cycleAt = run.startedAt + Math.ceil((now - run.startedAt) / budget.windowMs) * budget.windowMs;
      return secondsLeft({ itemsLeft, finishedAt: [], periodMs: budget.windowMs, budget: { ...budget, resetAt: Math.max(budget.resetAt, cycleAt) }, now });
    }
    const early = this.#early(run);
    if (early) return earlySecondsLeft({ itemsLeft, ...early, budget: this.#headersBudget(run), now });
    const periodMs = Math.min(RATE_WINDOW_MS, now - run.startedAt);
    if (periodMs < RATE_MIN_SPAN_MS) return null;
    return secondsLeft({ itemsLeft, finishedAt: run.finishedAt, periodMs, budget: null, now });
  }

  /** The server's budget as its headers last said it, waited on or not; null before they said a limit and a window. */
  #headersBudget(run: Run): Budget | null {
    const limit = this.#client.rateLimit;
    if (!limit || limit.limit === undefined || run.windowMs === 0) return null;
    return { limit: limit.limit, remaining: limit.remaining, resetAt: limit.resetAt, windowMs: run.windowMs };
  }

  /** The server's budget, when the rate limit held the run within the pace's window. */
  #budget(run: Run | undefined): Budget | null {
    if (!run || run.lastWaitAt === null || Date.now() - run.lastWaitAt > RATE_WINDOW_MS) return null;
    return this.#headersBudget(run);
  }

  #notify(run: Run): JobProgress {
    run.lastNotice = Date.now();
    return this.#emit(run.job.job_id);
  }

  #emit(job_id: number): JobProgress {
    const progress = this.progress(job_id);
    if (!this.#disposed) this.#onProgress(progress);
    return progress;
  }
}
