import type { ServiceEvent, TypingEvent } from '../../shared/api/events';
import type { DeleteQueueParams, GetEventsParams } from '../../shared/api/operations';
import type { RegistrationContext } from '../../shared/api/registration';
import type { MirrorChanges } from '../../shared/mirror-changes';
import { ServiceError } from '../api/errors';
import type { Logger } from '../api/logger';
import type { MirrorDatabase } from '../store/database';
import { clearEventQueue } from '../store/event-queue';
import { applyEvents } from './apply-events';
import { EVERYTHING_CHANGED } from './changes';
import type { SyncStatus } from './status';

export interface CallOptions {
  signal?: AbortSignal;
}

/** The calls the event loop makes; ServiceClient provides them. */
export interface EventQueueClient {
  getEvents(params: GetEventsParams, options?: CallOptions): Promise<{ events: ServiceEvent[]; queue_id: string }>;
  deleteQueue(params: DeleteQueueParams, options?: CallOptions): Promise<unknown>;
}

/** What registering and reconciling leaves the loop to go on with. */
export interface SnapshotSummary {
  queue_id: string;
  last_event_id: number;
  context: RegistrationContext;
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
  logger: Logger;
  onChanges: (changes: MirrorChanges) => void;
  onStatus: (status: SyncStatus) => void;
  onTyping?: (event: TypingEvent) => void;
  /** Fed the values a registration announces (feature level, limits, typing periods). */
  onRegistered?: (summary: SnapshotSummary) => void;
  backoff?: Backoff;
  /**
   * Wait this long before the first registration. With a cached mirror the window shows it at
   * once; registering a large organization meanwhile would compete with that for the CPU.
   */
  firstRegistrationDelayMs?: number;
  random?: () => number;
  now?: () => number;
}

const DEFAULT_BACKOFF: Backoff = { baseMs: 1_000, maxMs: 60_000 };

/**
 * The live part of sync: register and reconcile, then long-poll and apply each batch.
 * Network faults and 5xx back off (capped, full jitter, reset after a success) and the next
 * poll after a failure does not block, so recovery shows at once; a lost queue or an event
 * that cannot be applied means a fresh registration; a rejected key stops the loop.
 */
export class SyncEngine {
  readonly #o: Required<Omit<SyncEngineOptions, 'onTyping' | 'onRegistered'>> & Pick<SyncEngineOptions, 'onTyping' | 'onRegistered'>;
  #queue: SnapshotSummary | undefined;
  #failures = 0;
  #running = false;
  #stopped = false;
  #loop: Promise<void> | undefined;
  /** Aborts the request or the wait in progress: for wake(), and stop(). */
  #current = new AbortController();
  #status: SyncStatus = { state: 'connecting' };

  constructor(options: SyncEngineOptions) {
    this.#o = { backoff: DEFAULT_BACKOFF, random: Math.random, now: Date.now, firstRegistrationDelayMs: 0, ...options };
  }

  get status(): SyncStatus {
    return this.#status;
  }

  start(): void {
    if (this.#running || this.#stopped) return;
    this.#running = true;
    this.#loop = this.#run();
  }

  /** The machine woke up or the network came back: retry now instead of at the scheduled time. */
  wake(): void {
    this.#failures = Math.min(this.#failures, 1);
    this.#current.abort(new WakeUp());
  }

  /** Sign-out or quit: stop polling and delete the queue on the server (best effort). */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#current.abort(new WakeUp());
    await this.#loop;
    const queue = this.#queue;
    this.#queue = undefined;
    clearEventQueue(this.#o.db);
    if (queue) {
      await this.#o.client.deleteQueue({ queue_id: queue.queue_id }, { signal: AbortSignal.timeout(5_000) }).catch((error: unknown) => {
        this.#o.logger.info('could not delete the event queue', { error: String(error) });
      });
    }
    this.#setStatus({ state: 'stopped' });
  }

  async #run(): Promise<void> {
    this.#setStatus({ state: 'connecting' });
    if (this.#o.firstRegistrationDelayMs > 0) await this.#pause(this.#o.firstRegistrationDelayMs);
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

  async #step(): Promise<void> {
    const signal = this.#freshSignal();
    if (!this.#queue) {
      this.#queue = await this.#o.snapshot(signal);
      this.#o.onRegistered?.(this.#queue);
      this.#succeeded();
      this.#o.onChanges(EVERYTHING_CHANGED);
      return;
    }
    const recovering = this.#status.state !== 'online';
    const { queue_id, last_event_id } = this.#queue;
    const answer = await this.#o.client.getEvents({ queue_id, last_event_id, ...(recovering && { dont_block: true }) }, { signal });
    this.#succeeded();
    if (answer.events.length === 0) return;
    try {
      const changes = applyEvents(this.#o.db, answer.events, {
        onTransient: (event) => {
          if (event.type === 'typing') this.#o.onTyping?.(event);
        },
        onUnknown: (event) => this.#o.logger.warn('skipped an event of an unknown type', { type: event.type, op: event.op }),
      });
      this.#queue = { ...this.#queue, last_event_id: answer.events.at(-1)?.id ?? last_event_id };
      if (Object.keys(changes.changed).length > 0) this.#o.onChanges(changes);
    } catch (error) {
      // Skipping the event would leave the mirror wrong for good: start over from a snapshot.
      this.#o.logger.error('could not apply events; registering again', { error: String(error) });
      this.#queue = undefined;
    }
  }

  /** Returns false when the loop must stop. */
  async #handleFailure(error: unknown): Promise<boolean> {
    if (error instanceof ServiceError) {
      if (error.code === 'BAD_EVENT_QUEUE_ID') {
        this.#o.logger.info('the event queue is gone; registering again');
        this.#queue = undefined;
        return true;
      }
      if (error.status === 401) {
        this.#setStatus({ state: 'key_rejected', message: error.msg });
        return false;
      }
      if (error.code === 'RATE_LIMIT_HIT') {
        await this.#wait((error.retryAfter ?? 1) * 1_000, error.msg);
        return true;
      }
    }
    this.#failures += 1;
    const cap = Math.min(this.#o.backoff.maxMs, this.#o.backoff.baseMs * 2 ** (this.#failures - 1));
    const message = error instanceof Error ? error.message : String(error);
    this.#o.logger.warn('event loop failure; retrying', { failures: this.#failures, error: message });
    await this.#wait(this.#o.random() * cap, message);
    return true;
  }

  async #wait(ms: number, reason: string): Promise<void> {
    this.#setStatus({ state: 'offline', next_retry_at: this.#o.now() + ms, reason });
    await this.#pause(ms);
  }

  /** Sleeps, unless wake() or stop() comes first. */
  async #pause(ms: number): Promise<void> {
    const signal = this.#freshSignal();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  #succeeded(): void {
    this.#failures = 0;
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

class WakeUp extends Error {
  constructor() {
    super('woken up');
    this.name = 'WakeUp';
  }
}
