import type { KnownEvent, TypingEvent } from '../../shared/api/events';
import type { Dialect } from '../../shared/api/dialects';
import type { RegistrationContext } from '../../shared/api/registration';
import type { MirrorChanges } from '../../shared/mirror-changes';
import { ApiError } from '../api/errors';
import { classifyFailure } from '../api/failures';
import type { Logger } from '../api/logger';
import { diskFaultOf, type DiskFault } from '../files/disk-faults';
import type { OperationCaller } from '../api/service-client';
import type { MirrorDatabase } from '../store/database';
import { clearEventQueue, loadEventQueue } from '../store/event-queue';
import { checkedEvents, UnusableAnswerError } from './answers';
import { applyEvents, highestEventId } from './apply-events';
import { ChangeCollector, EVERYTHING_CHANGED, hasChanges } from '../store/changes';
import { backfillMessages, refreshMessages, refreshNewestMessages } from './fetch-messages';
import { hollowSpacingMs, MIN_POLL_INTERVAL_MS } from './poll-spacing';
import { repairFor } from './repair';
import type { SyncStatus } from './status';

/** The calls the event loop makes; ServiceClient provides them. Answers are checked, so typed unknown. */
export type EventQueueClient = OperationCaller<'getEvents' | 'deleteQueue' | 'getMessages'>;

/** What registering and reconciling leaves the loop to go on with. */
export interface SnapshotSummary {
  queue_id: string;
  last_event_id: number;
  context: RegistrationContext;
  /** How the server spells the renamed identifiers, as the registering client heard it (the worker's is not the session's). */
  dialect?: Dialect;
}

/** Registers a queue and reconciles its snapshot into the mirror (inline, or in a worker thread). */
export type SnapshotStep = (signal: AbortSignal) => Promise<SnapshotSummary>;

export interface Backoff {
  baseMs: number;
  maxMs: number;
}

export interface SyncEngineOptions {
  db: MirrorDatabase;
  client: EventQueueClient;
  snapshot: SnapshotStep;
  /**
   * A registration written to the mirror before the engine's owner read it (the sign-in's, which
   * checked the key): taken instead of `snapshot` the first time, and instead of the queue saved in
   * the mirror (that registration saved it, and its answer carries what the server announced). No
   * change notice follows it: nothing was read before it to be read again.
   */
  firstSnapshot?: SnapshotStep;
  logger: Logger;
  onChanges: (changes: MirrorChanges) => void;
  onStatus: (status: SyncStatus) => void;
  onTyping?: (event: TypingEvent) => void;
  /** Each batch of events once applied to the mirror. */
  onApplied?: (events: readonly KnownEvent[]) => void;
  /** Fed the values a registration announces (feature level, limits, typing periods). */
  onRegistered?: (summary: SnapshotSummary) => void;
  backoff?: Backoff;
  /**
   * Wait this long before the first registration (not a firstSnapshot). With a cached mirror the
   * window shows it at once; registering a large organization meanwhile would compete with that
   * for the CPU.
   */
  firstRegistrationDelayMs?: number;
  random?: () => number;
  now?: () => number;
  /**
   * A heartbeat sooner than this after a poll started was waiting in the queue, not sent to an
   * idle poll: it says nothing of the interval (real servers send one after 45-55 s).
   */
  minHeartbeatMs?: number;
  /** Least time from one poll's start to the next's, read before each poll (pollSpacingMs). */
  pollSpacingMs?: () => number;
  /**
   * A light request that succeeds once the server can be reached again. While it cannot, the
   * engine asks it every PROBE_INTERVAL_MS and retries at once when it answers, instead of
   * waiting out a backoff of up to a minute.
   */
  probe?: (signal: AbortSignal) => Promise<unknown>;
  /**
   * The mirror's disk refused a write (full, read-only): resolves once it may take writes again.
   * Until then nothing is fetched, and no registration made, whose answer could not be stored.
   */
  waitForDisk?: (fault: DiskFault, signal: AbortSignal) => Promise<void>;
}

const DEFAULT_BACKOFF: Backoff = { baseMs: 1_000, maxMs: 60_000 };

/** Without waitForDisk, how long sync waits before trying a disk that refused again. */
const DISK_RETRY_MS = 60_000;

/** While the server cannot be reached, how often the probe asks whether it is back. */
export const PROBE_INTERVAL_MS = 2_000;

/** A blocking poll that brings nothing, not even a heartbeat, for this many heartbeat intervals is dead. */
const HEARTBEATS_BEFORE_GIVING_UP = 2;

/** Fetches owed after a registration (the backfill) or after unusable events (messages by id, or the newest). */
interface OwedFetches {
  backfill: boolean;
  message_ids: number[];
  newest: boolean;
}

/**
 * The live part of sync: register and reconcile (or resume the queue a previous run saved),
 * then long-poll and apply each batch. Network faults and 5xx back off (capped, full jitter,
 * reset after a success) and the next poll after a failure does not block, so recovery shows
 * at once; a lost queue means a fresh registration, followed by a backfill of the messages
 * missed; events that cannot be applied are skipped and their record kinds fetched again; a
 * poll silent for two heartbeat intervals is given up; a rejected key stops the loop.
 */
export class SyncEngine {
  readonly #o: Required<Omit<SyncEngineOptions, 'firstSnapshot' | 'onTyping' | 'onApplied' | 'onRegistered' | 'pollSpacingMs' | 'probe' | 'waitForDisk'>> &
    Pick<SyncEngineOptions, 'onTyping' | 'onApplied' | 'onRegistered' | 'pollSpacingMs' | 'probe' | 'waitForDisk'>;
  #queue: SnapshotSummary | undefined;
  #failures = 0;
  #running = false;
  #stopped = false;
  #loop: Promise<void> | undefined;
  /** Aborts the request or the wait in progress: for wake(), and stop(). */
  #current = new AbortController();
  #status: SyncStatus = { state: 'connecting' };
  #owed: OwedFetches = { backfill: false, message_ids: [], newest: false };
  /** How long the server took to send a heartbeat to an idle poll; learned, as no answer announces it. */
  #heartbeatMs: number | undefined;
  #lastPollAt: number | undefined;
  /** Blocking polls answered at once with nothing in a row (hollowSpacingMs). */
  #hollowStreak = 0;
  /**
   * The retry in progress was started by the probe. Should it fail to reach the server all the
   * same, the next wait is the backoff alone: a server that answers the probe but not the event
   * queue is not asked every PROBE_INTERVAL_MS.
   */
  #retryFromProbe = false;
  #firstSnapshot: SnapshotStep | undefined;

  constructor(options: SyncEngineOptions) {
    this.#firstSnapshot = options.firstSnapshot;
    this.#o = { backoff: DEFAULT_BACKOFF, random: Math.random, now: Date.now, firstRegistrationDelayMs: 0, minHeartbeatMs: 1_000, ...options };
  }

  get status(): SyncStatus {
    return this.#status;
  }

  /** False once the loop has ended (stopped, or the key was rejected): no status follows. */
  get running(): boolean {
    return this.#running;
  }

  start(): void {
    if (this.#running || this.#stopped) return;
    this.#running = true;
    this.#loop = this.#run();
  }

  /**
   * The machine woke up, the network came back, or the person asks: retry now instead of at the
   * scheduled time. A loop the server ended by refusing the account starts again (reactivated, it
   * takes the account back).
   */
  wake(): void {
    this.#failures = Math.min(this.#failures, 1);
    if (!this.#running && !this.#stopped && this.#status.state === 'key_rejected') {
      this.#running = true;
      this.#loop = this.#run();
      return;
    }
    this.#current.abort(new WakeUp());
  }

  /** Sign-out or quit: stop polling and delete the queue on the server (best effort). */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#current.abort(new WakeUp());
    await this.#loop;
    const queue = this.#queue;
    this.#queue = undefined;
    try {
      clearEventQueue(this.#o.db);
    } catch (error) {
      // A full disk: the saved queue is found gone at the next start, and registered again.
      this.#o.logger.info('could not forget the event queue', { error: String(error) });
    }
    if (queue) {
      await this.#o.client.call('deleteQueue', { queue_id: queue.queue_id }, { signal: AbortSignal.timeout(5_000) }).catch((error: unknown) => {
        this.#o.logger.info('could not delete the event queue', { error: String(error) });
      });
    }
    this.#setStatus({ state: 'stopped' });
  }

  async #run(): Promise<void> {
    this.#setStatus({ state: 'connecting' });
    // A registration under way (the sign-in's) is taken at once: neither a saved queue nor the delay of a cached start applies.
    if (!this.#firstSnapshot) {
      this.#resumeSavedQueue();
      if (!this.#queue && this.#o.firstRegistrationDelayMs > 0) await this.#pause(this.#o.firstRegistrationDelayMs);
    }
    while (!this.#stopped) {
      try {
        await this.#step();
      } catch (error) {
        if (this.#stopped) break;
        // Only wake() and stop() abort: the interrupted request is retried at once.
        if (this.#current.signal.aborted) continue;
        if (!(await this.#handleFailure(error))) break;
      }
    }
    this.#running = false;
  }

  /**
   * A queue saved by a run that ended without stop() (a crash, a killed process) may still be
   * alive on the server: polling it loses nothing and costs no registration. If it is gone, the
   * server answers BAD_EVENT_QUEUE_ID and the loop registers.
   */
  #resumeSavedQueue(): void {
    const saved = loadEventQueue(this.#o.db);
    if (!saved) return;
    this.#o.logger.info('resuming the saved event queue', { last_event_id: saved.last_event_id });
    this.#queue = { queue_id: saved.queue_id, last_event_id: saved.last_event_id, context: {} };
  }

  async #step(): Promise<void> {
    const signal = this.#freshSignal();
    if (!this.#queue) {
      const first = this.#firstSnapshot;
      this.#firstSnapshot = undefined;
      this.#queue = await (first ?? this.#o.snapshot)(signal);
      // Messages owed from before keep their place: the new snapshot does not carry them.
      this.#owed = { ...this.#owed, backfill: true };
      this.#o.onRegistered?.(this.#queue);
      this.#succeeded();
      if (!first) this.#o.onChanges(EVERYTHING_CHANGED);
      return;
    }
    if (this.#owed.backfill || this.#owed.newest || this.#owed.message_ids.length > 0) {
      await this.#fetchOwed(signal);
      return;
    }
    await this.#spacePolls();
    if (this.#stopped) return;
    await this.#poll(this.#queue, this.#freshSignal());
  }

  /** Waits out the spacing asked since the last poll started (at least the floor); recovery polls at once. */
  async #spacePolls(): Promise<void> {
    const spacing = Math.max(MIN_POLL_INTERVAL_MS, this.#o.pollSpacingMs?.() ?? 0, hollowSpacingMs(this.#hollowStreak));
    if (this.#status.state !== 'online' || this.#lastPollAt === undefined) return;
    const due = this.#lastPollAt + spacing - this.#o.now();
    if (due > 0) await this.#pause(due);
  }

  async #poll(queue: SnapshotSummary, signal: AbortSignal): Promise<void> {
    const recovering = this.#status.state !== 'online';
    const { queue_id, last_event_id } = queue;
    const started = this.#o.now();
    this.#lastPollAt = started;
    const answer = checkedEvents(
      await this.#watched(recovering, signal, (polling) =>
        this.#o.client.call('getEvents', { queue_id, last_event_id, ...(recovering && { dont_block: true }) }, { signal: polling }),
      ),
    );
    this.#succeeded();
    const { events } = answer;
    const elapsed = this.#o.now() - started;
    const heartbeatOnly = events.length > 0 && events.every(isHeartbeat);
    if (!recovering) {
      if (heartbeatOnly) this.#learnHeartbeat(elapsed);
      const hollow = events.length === 0 || (heartbeatOnly && elapsed < this.#o.minHeartbeatMs);
      this.#hollowStreak = hollow ? this.#hollowStreak + 1 : 0;
    }
    if (events.length === 0) return;
    const unusable: unknown[] = [];
    try {
      const changes = applyEvents(this.#o.db, events, {
        onTransient: (event) => {
          if (event.type === 'typing') this.#o.onTyping?.(event);
        },
        onApplied: (events) => this.#o.onApplied?.(events),
        onUnknown: (event) => this.#o.logger.warn('skipped an event of an unknown type', { type: event.type, op: event.op }),
        onInvalid: (event, problem) => {
          this.#o.logger.warn('skipped an event not in the form the app applies', { type: String((event as { type?: unknown })?.type), problem });
          unusable.push(event);
        },
      });
      this.#queue = { ...queue, last_event_id: highestEventId(events, last_event_id) };
      if (hasChanges(changes)) this.#o.onChanges(changes);
    } catch (error) {
      // A disk that refused keeps the queue: the events wait on the server until they can be stored.
      if (diskFaultOf(error)) throw error;
      // Skipping the event would leave the mirror wrong for good: start over from a snapshot.
      this.#o.logger.error('could not apply events; registering again', { error: String(error) });
      this.#queue = undefined;
      return;
    }
    this.#owe(unusable);
  }

  /** The longest interval seen stands: a late heartbeat is normal, an early one is not a new rule. */
  #learnHeartbeat(elapsedMs: number): void {
    if (elapsedMs >= this.#o.minHeartbeatMs) this.#heartbeatMs = Math.max(this.#heartbeatMs ?? 0, elapsedMs);
  }

  /** Runs a blocking poll under the heartbeat watchdog, once the heartbeat interval is known. */
  async #watched<T>(recovering: boolean, signal: AbortSignal, poll: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (recovering || this.#heartbeatMs === undefined) return poll(signal);
    const limitMs = HEARTBEATS_BEFORE_GIVING_UP * this.#heartbeatMs;
    const watchdog = new AbortController();
    const timer = setTimeout(() => {
      // Should the learned interval be too short, each time it fails it doubles: it cannot keep cutting healthy polls.
      this.#heartbeatMs = limitMs;
      watchdog.abort(new SilentServerError(limitMs));
    }, limitMs);
    try {
      return await poll(AbortSignal.any([signal, watchdog.signal]));
    } finally {
      clearTimeout(timer);
    }
  }

  /** What the skipped events touched is fetched again: messages by id, other kinds by registering. */
  #owe(unusable: readonly unknown[]): void {
    if (unusable.length === 0) return;
    const repair = repairFor(unusable);
    this.#owed.message_ids.push(...repair.message_ids);
    this.#owed.newest ||= repair.newest;
    if (repair.register) {
      this.#o.logger.info('registering again to reconcile what skipped events touched');
      this.#queue = undefined;
    }
  }

  async #fetchOwed(signal: AbortSignal): Promise<void> {
    const { db, client } = this.#o;
    const changes = new ChangeCollector();
    await refreshMessages(client, db, this.#owed.message_ids, signal, changes);
    this.#owed.message_ids = [];
    if (this.#owed.newest) await refreshNewestMessages(client, db, signal, changes);
    this.#owed.newest = false;
    if (this.#owed.backfill) await backfillMessages(client, db, signal, changes);
    this.#owed.backfill = false;
    if (!changes.empty) this.#o.onChanges(changes.notice());
  }

  /** Returns false when the loop must stop. */
  async #handleFailure(error: unknown): Promise<boolean> {
    const disk = diskFaultOf(error, this.#o.db.name);
    if (disk) {
      await this.#waitForDisk(disk);
      return true;
    }
    const failure = classifyFailure(error);
    if (failure.code === 'BAD_EVENT_QUEUE_ID') {
      this.#o.logger.info('the event queue is gone; registering again');
      this.#queue = undefined;
      return true;
    }
    if (failure.kind === 'unauthorized') {
      this.#setStatus({ state: 'key_rejected', message: failure.message });
      return false;
    }
    if (failure.kind === 'rate_limited') {
      await this.#wait((failure.retryAfter ?? 1) * 1_000, failure.message);
      return true;
    }
    this.#failures += 1;
    const cap = Math.min(this.#o.backoff.maxMs, this.#o.backoff.baseMs * 2 ** (this.#failures - 1));
    this.#o.logger.warn('event loop failure; retrying', { failures: this.#failures, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    const unreachable = failure.kind === 'unreachable';
    const probing = unreachable && !this.#retryFromProbe;
    this.#retryFromProbe = false;
    await this.#wait(this.#o.random() * cap, offlineReason(error), probing);
    return true;
  }

  /** Says what the disk refused and waits until it may take writes again; then the failed step is tried again. */
  async #waitForDisk(fault: DiskFault): Promise<void> {
    this.#o.logger.warn('the disk refused the mirror a write; sync waits for it', { problem: fault.problem, path: fault.path, code: fault.code });
    this.#setStatus({ state: 'disk', message: fault.message });
    const signal = this.#freshSignal();
    await (this.#o.waitForDisk ? this.#o.waitForDisk(fault, signal) : this.#pause(DISK_RETRY_MS));
  }

  /** Waits `ms` offline; probing, until the server answers the probe if that comes first. */
  async #wait(ms: number, reason: string, probing = false): Promise<void> {
    const until = this.#o.now() + ms;
    this.#setStatus({ state: 'offline', next_retry_at: until, reason });
    const probe = probing ? this.#o.probe : undefined;
    if (!probe) return this.#pause(ms);
    for (let left = ms; left > 0; left = until - this.#o.now()) {
      const signal = this.#freshSignal();
      await this.#pause(Math.min(PROBE_INTERVAL_MS, left));
      // Woken, stopped, or the backoff is over: the retry comes now anyway.
      if (signal.aborted || until - this.#o.now() <= 0) return;
      const back = await probe(signal).then(
        () => true,
        () => false,
      );
      if (signal.aborted) return;
      if (back) {
        this.#retryFromProbe = true;
        return;
      }
    }
  }

  /** Sleeps, unless wake() or stop() comes first. The signal outlives the pause: leave no listener on it. */
  async #pause(ms: number): Promise<void> {
    const signal = this.#freshSignal();
    await new Promise<void>((resolve) => {
      const woken = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', woken);
        resolve();
      }, ms);
      signal.addEventListener('abort', woken, { once: true });
    });
  }

  #succeeded(): void {
    this.#failures = 0;
    this.#retryFromProbe = false;
    this.#setStatus({ state: 'online' });
  }

  #freshSignal(): AbortSignal {
    if (this.#current.signal.aborted) this.#current = new AbortController();
    return this.#current.signal;
  }

  #setStatus(status: SyncStatus): void {
    const same = JSON.stringify(status) === JSON.stringify(this.#status);
    this.#status = status;
    if (!same) this.#o.onStatus(status);
  }
}

/**
 * What the status bar says while offline: the reason, for failures a person can act on or wait
 * out; for anything else (a fault of the app's own), a sentence that points to the log.
 */
function offlineReason(error: unknown): string {
  if (error instanceof ApiError || error instanceof UnusableAnswerError || error instanceof SilentServerError) return error.message;
  return 'Sync stopped on an unexpected error in the app; it retries by itself, and the details are in the log.';
}

function isHeartbeat(event: unknown): boolean {
  return (event as { type?: unknown } | null)?.type === 'heartbeat';
}

class SilentServerError extends Error {
  constructor(limitMs: number) {
    super(`The server sent nothing, not even a heartbeat, for ${Math.round(limitMs / 1000)} s; reconnecting.`);
    this.name = 'SilentServerError';
  }
}

class WakeUp extends Error {
  constructor() {
    super('woken up');
    this.name = 'WakeUp';
  }
}
