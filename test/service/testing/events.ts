// An event queue as a test sees it: registered over HTTP, polled without blocking until the
// expected event shows up, each received event checked against the reference schemas.
import { setTimeout as delay } from 'node:timers/promises';
import { expect } from 'vitest';
import type { ServiceAccount } from '../config';
import { call, type ApiParams } from './client';
import { expectEventValid } from './reference';

export type Event = Record<string, unknown> & { id: number; type: string };

export class EventStream {
  private buffer: Event[] = [];
  readonly seen: Event[] = [];

  private constructor(
    private readonly baseUrl: string,
    private readonly account: ServiceAccount,
    readonly queueId: string,
    private lastEventId: number,
    readonly state: Record<string, unknown>,
  ) {}

  static async open(baseUrl: string, account: ServiceAccount, params: ApiParams = {}): Promise<EventStream> {
    const reply = await call(baseUrl, account, 'POST', '/register', params);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return new EventStream(baseUrl, account, String(reply.body['queue_id']), Number(reply.body['last_event_id']), reply.body);
  }

  /** Fetches whatever is queued now, acknowledging what was received before. */
  async poll(): Promise<Event[]> {
    const reply = await call(this.baseUrl, this.account, 'GET', '/events', { queue_id: this.queueId, last_event_id: this.lastEventId, dont_block: true });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const events = reply.body['events'] as Event[];
    for (const event of events) {
      expect(event.id).toBeGreaterThan(this.lastEventId);
      this.lastEventId = event.id;
      expectEventValid(event);
    }
    this.seen.push(...events);
    this.buffer.push(...events);
    return events;
  }

  /** The first not yet consumed event matching the predicate, waiting for it if need be. */
  async next(predicate: (event: Event) => boolean = () => true, timeoutMs = 3000): Promise<Event> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.buffer.findIndex(predicate);
      if (index >= 0) {
        const [event] = this.buffer.splice(index, 1);
        if (event !== undefined) return event;
      }
      if (Date.now() > deadline) throw new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(this.buffer.map((e) => [e.type, e['op']]))}`);
      await this.poll();
      if (this.buffer.findIndex(predicate) < 0) await delay(20);
    }
  }

  /** Everything that arrives within the given time (to check that nothing unwanted does). */
  async collect(ms = 150): Promise<Event[]> {
    await delay(ms);
    await this.poll();
    const events = this.buffer;
    this.buffer = [];
    return events;
  }
}

export const ofType = (type: string, op?: string) => (event: Event): boolean => event.type === type && (op === undefined || event['op'] === op);
