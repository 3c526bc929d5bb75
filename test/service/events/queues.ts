// Per-client event queues: registration, long-polling with heartbeats, acknowledgement through
// last_event_id, garbage collection of idle queues, and delivery filtered by event_types.
import { randomUUID } from 'node:crypto';
import { badEventQueueId } from '../http/errors';
import { showEmptyTopicAs } from './emptyTopic';

export type ServiceEvent = { type: string } & Record<string, unknown>;
type QueuedEvent = ServiceEvent & { id: number };
/** Builds the event one queue should see, or null to leave that queue out. */
export type EventFor = (queue: EventQueue) => ServiceEvent | null;

export interface QueueOptions {
  eventTypes: ReadonlySet<string> | null;
  capabilities: Readonly<Record<string, boolean>>;
  allPublicStreams: boolean;
  applyMarkdown: boolean;
  clientGravatar: boolean;
  /** Presence keyed by user ID, in the modern format; events without the user's email. */
  slimPresence: boolean;
}

interface Waiter {
  resolve(events: QueuedEvent[]): void;
  reject(error: unknown): void;
  timer: NodeJS.Timeout;
}

// Ids are increasing but not consecutive on real servers; skipping one now and then keeps
// clients from assuming otherwise.
const SKIP_EVERY = 5;

export class EventQueue {
  readonly id = randomUUID();
  private events: QueuedEvent[] = [];
  private nextId = 0;
  private pushed = 0;
  private waiter: Waiter | null = null;
  private flushScheduled = false;
  lastActivity = Date.now();

  constructor(
    readonly userId: number,
    readonly options: QueueOptions,
    private readonly heartbeatMs: number,
  ) {}

  hasCapability(name: string): boolean {
    return this.options.capabilities[name] === true;
  }

  accepts(type: string): boolean {
    return this.options.eventTypes === null || this.options.eventTypes.has(type);
  }

  get lastEventId(): number {
    return this.nextId - 1;
  }

  isIdle(now: number, idleMs: number): boolean {
    return this.waiter === null && now - this.lastActivity > idleMs;
  }

  push(event: ServiceEvent): void {
    this.events.push({ ...event, id: this.nextId });
    this.pushed += 1;
    this.nextId += this.pushed % SKIP_EVERY === 0 ? 2 : 1;
    if (this.waiter !== null && !this.flushScheduled) {
      // Events published by one request arrive together, as one batch.
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
  }

  poll(lastEventId: number | undefined, dontBlock: boolean, signal: AbortSignal): Promise<QueuedEvent[]> {
    if (lastEventId !== undefined) this.events = this.events.filter((event) => event.id > lastEventId);
    this.lastActivity = Date.now();
    if (this.events.length > 0 || dontBlock || signal.aborted) return Promise.resolve([...this.events]);
    this.supersede();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.push({ type: 'heartbeat' }), this.heartbeatMs);
      const waiter: Waiter = { resolve, reject, timer };
      this.waiter = waiter;
      signal.addEventListener('abort', () => {
        if (this.waiter !== waiter) return;
        clearTimeout(timer);
        this.waiter = null;
        this.lastActivity = Date.now();
        resolve([]);
      });
    });
  }

  /** Answers a blocked poll with BAD_EVENT_QUEUE_ID: the queue is gone. */
  expire(): void {
    const waiter = this.waiter;
    if (waiter === null) return;
    this.waiter = null;
    clearTimeout(waiter.timer);
    waiter.reject(badEventQueueId(this.id));
  }

  private supersede(): void {
    const previous = this.waiter;
    if (previous === null) return;
    this.waiter = null;
    clearTimeout(previous.timer);
    previous.resolve([]);
  }

  private flush(): void {
    this.flushScheduled = false;
    const waiter = this.waiter;
    if (waiter === null || this.events.length === 0) return;
    this.waiter = null;
    clearTimeout(waiter.timer);
    this.lastActivity = Date.now();
    waiter.resolve([...this.events]);
  }
}

export interface QueueSettings {
  heartbeatMs: number;
  idleMs: number;
  emptyTopicDisplayName(): string;
  /** The fault knob of malformed events (Faults.malformNextEvent), read and reset at each publish. */
  faults?: { malformNextEvent: string | null };
}

/** A server bug as clients meet it: an event of a known type whose lists are not lists. */
function malformed(event: ServiceEvent): ServiceEvent {
  return Object.fromEntries(Object.entries(event).map(([key, value]) => [key, Array.isArray(value) ? 'malformed' : value])) as ServiceEvent;
}

export class EventQueues {
  private readonly byId = new Map<string, EventQueue>();
  private readonly byUser = new Map<number, Set<EventQueue>>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly settings: QueueSettings) {
    const every = Math.max(1000, Math.min(settings.idleMs / 2, 30_000));
    this.sweeper = setInterval(() => this.sweep(), every);
    this.sweeper.unref();
  }

  register(userId: number, options: QueueOptions): EventQueue {
    const queue = new EventQueue(userId, options, this.settings.heartbeatMs);
    this.byId.set(queue.id, queue);
    let own = this.byUser.get(userId);
    if (own === undefined) {
      own = new Set();
      this.byUser.set(userId, own);
    }
    own.add(queue);
    return queue;
  }

  /** The queue, if it exists, is not idle past its lifetime and belongs to the user. */
  find(queueId: string, userId: number): EventQueue {
    const queue = this.byId.get(queueId);
    if (queue === undefined || queue.userId !== userId) throw badEventQueueId(queueId);
    if (queue.isIdle(Date.now(), this.settings.idleMs)) {
      this.drop(queue);
      throw badEventQueueId(queueId);
    }
    return queue;
  }

  remove(queueId: string, userId: number): void {
    this.drop(this.find(queueId, userId));
  }

  /** Users with at least one queue: the only ones an event can reach. */
  connectedUserIds(): number[] {
    return [...this.byUser].filter(([, queues]) => queues.size > 0).map(([userId]) => userId);
  }

  publish(userIds: Iterable<number>, event: ServiceEvent | EventFor): void {
    const faults = this.settings.faults;
    let malformedOne = false;
    for (const userId of new Set(userIds)) {
      for (const queue of this.byUser.get(userId) ?? []) {
        let built = typeof event === 'function' ? event(queue) : event;
        if (built === null || !queue.accepts(built.type)) continue;
        if (faults?.malformNextEvent === built.type) {
          built = malformed(built);
          malformedOne = true;
        }
        queue.push(queue.hasCapability('empty_topic_name') ? built : showEmptyTopicAs(built, this.settings.emptyTopicDisplayName()));
      }
    }
    if (malformedOne && faults) faults.malformNextEvent = null;
  }

  expireAll(): void {
    for (const queue of [...this.byId.values()]) this.drop(queue);
  }

  close(): void {
    clearInterval(this.sweeper);
    this.expireAll();
  }

  private sweep(): void {
    const now = Date.now();
    for (const queue of [...this.byId.values()]) if (queue.isIdle(now, this.settings.idleMs)) this.drop(queue);
  }

  private drop(queue: EventQueue): void {
    queue.expire();
    this.byId.delete(queue.id);
    this.byUser.get(queue.userId)?.delete(queue);
  }
}
