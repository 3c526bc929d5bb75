// The account's outbox at work: one replay at a time, started on reconnect and whenever
// something is queued online; after a transient failure it tries again with a growing delay
// while online; whoever queued a message can wait for that message's outcome; and the messages
// that waited for the connection are counted out when they reach the server, to be announced.
import type { Logger } from '../api/logger';
import type { ServiceClient } from '../api/service-client';
import type { MirrorDatabase } from '../store/database';
import { nextPendingItem, outboxItems } from '../store/outbox';
import { deferredCalls, messageDelivery } from './deferred-calls';
import { replayOutbox } from './outbox-replay';

export interface OutboxDrainOptions {
  db: MirrorDatabase;
  client: ServiceClient;
  user_id: number;
  logger: Logger;
  /** Whether the event loop is online: retries wait for the next reconnect otherwise. */
  online(): boolean;
  /** Items changed state: the screens are told. */
  onChanged(outbox_ids: number[]): void;
  /** Messages that waited for the connection reached the server: how many, once a replay is over. */
  onDelivered?(messages: number): void;
  /** The first delay after a transient failure, doubled each time up to `maxMs`. */
  retry?: { baseMs: number; maxMs: number };
}

const DEFAULT_RETRY = { baseMs: 1_000, maxMs: 30_000 };

export class OutboxDrain {
  readonly #options: OutboxDrainOptions;
  #running: Promise<void> | undefined;
  /** Asked to run while running: one more run follows, for what was queued after the running one looked. */
  #next: Promise<void> | undefined;
  #failures = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #closed = false;
  /** Those waiting for a queued message's outcome: its id once sent, undefined when it waits on. */
  readonly #waiting = new Map<number, ((message_id: number | undefined) => void)[]>();
  /** The messages that were waiting when the connection came back, not delivered yet. */
  #queuedOffline = new Set<number>();
  /** Of those, how many reached the server since the last announcement. */
  #delivered = 0;

  constructor(options: OutboxDrainOptions) {
    this.#options = options;
  }

  /** Sends what waits; one run at a time. Resolves when the queue is done or stopped. */
  run(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    if (this.#running) {
      this.#next ??= this.#running.then(() => {
        this.#next = undefined;
        return this.run();
      });
      return this.#next;
    }
    if (!nextPendingItem(this.#options.db, 0)) return Promise.resolve();
    clearTimeout(this.#timer);
    this.#running = this.#loop()
      .catch((error: unknown) => {
        // A closed mirror at shutdown, say: the items stay as they were, for the next start.
        if (!this.#closed) this.#options.logger.error('the outbox replay stopped', { error: String(error) });
      })
      .finally(() => {
        this.#running = undefined;
      });
    return this.#running;
  }

  /** The connection is back: what waited for it is sent, and its messages counted out. */
  catchUp(): Promise<void> {
    const waiting = outboxItems(this.#options.db, 'pending').filter((item) => item.kind === 'sendMessage');
    for (const item of waiting) this.#queuedOffline.add(item.outbox_id);
    return this.run();
  }

  /**
   * Runs the queue and answers for one message in it: its server id once sent in this run,
   * undefined when it still waits (offline, refused, or behind a failure).
   */
  outcome(outbox_id: number): Promise<number | undefined> {
    const answer = new Promise<number | undefined>((resolve) => this.#waiting.set(outbox_id, [...(this.#waiting.get(outbox_id) ?? []), resolve]));
    const settle = () => this.#settle(outbox_id, undefined);
    this.run().then(settle, settle);
    return answer;
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    await this.#next;
    await this.#running;
  }

  async #loop(): Promise<void> {
    const { db, client, user_id, logger } = this.#options;
    const send = deferredCalls(client, db);
    const messages = messageDelivery(client, db, user_id);
    const report = await replayOutbox(db, send, messages, {
      onMessageSent: (outbox_id, message_id) => {
        if (this.#queuedOffline.delete(outbox_id)) this.#delivered += 1;
        this.#settle(outbox_id, message_id);
      },
      onChanged: (outbox_id) => {
        this.#settle(outbox_id, undefined);
        this.#options.onChanged([outbox_id]);
      },
    });
    if (report.refused.length > 0) logger.warn('the server refused some actions taken offline', { refused: report.refused.length });
    this.#announceDelivered();
    if (report.interrupted) this.#scheduleRetry();
    else this.#failures = 0;
  }

  #announceDelivered(): void {
    // Those refused or discarded meanwhile are no longer waiting for the connection.
    const pending = new Set(outboxItems(this.#options.db, 'pending').map((item) => item.outbox_id));
    this.#queuedOffline = new Set([...this.#queuedOffline].filter((outbox_id) => pending.has(outbox_id)));
    const delivered = this.#delivered;
    this.#delivered = 0;
    if (delivered > 0) this.#options.onDelivered?.(delivered);
  }

  #scheduleRetry(): void {
    if (this.#closed || !this.#options.online()) return;
    const { baseMs, maxMs } = this.#options.retry ?? DEFAULT_RETRY;
    const delay = Math.min(maxMs, baseMs * 2 ** this.#failures);
    this.#failures += 1;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.run(), delay);
  }

  #settle(outbox_id: number, message_id: number | undefined): void {
    for (const resolve of this.#waiting.get(outbox_id) ?? []) resolve(message_id);
    this.#waiting.delete(outbox_id);
  }
}
