import { describe, expect, it } from 'vitest';
import type { ServiceEvent } from '../../../shared/api/events';
import type { GetEventsParams } from '../../../shared/api/operations';
import { NetworkError, ServiceError } from '../../../main/api/errors';
import { silentLogger } from '../../../main/api/logger';
import { openMirror } from '../../../main/store/database';
import { loadEventQueue, saveEventQueue } from '../../../main/store/event-queue';
import { SyncEngine, type EventQueueClient, type SnapshotSummary } from '../../../main/sync/engine';
import type { SyncStatus } from '../../../main/sync/status';

type Answer = { events: ServiceEvent[] } | Error;

/** A scripted server: each poll takes the next answer; an empty script blocks until stopped. */
function scripted(answers: Answer[]) {
  const polls: GetEventsParams[] = [];
  const deleted: string[] = [];
  const client: EventQueueClient = {
    getEvents: (params, options) => {
      polls.push(params);
      const next = answers.shift();
      if (next === undefined) {
        return new Promise((_, reject) => options?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
      }
      return next instanceof Error ? Promise.reject(next) : Promise.resolve({ ...next, queue_id: params.queue_id });
    },
    deleteQueue: async ({ queue_id }) => {
      deleted.push(queue_id);
      return {};
    },
  };
  return { client, polls, deleted };
}

function engineWith(answers: Answer[], options: { random?: () => number; now?: () => number } = {}) {
  const db = openMirror(':memory:');
  const server = scripted(answers);
  let registrations = 0;
  const statuses: SyncStatus[] = [];
  const engine = new SyncEngine({
    db,
    client: server.client,
    snapshot: async (): Promise<SnapshotSummary> => {
      registrations += 1;
      saveEventQueue(db, { queue_id: `q${registrations}`, last_event_id: -1, registered_at: 0 });
      return { queue_id: `q${registrations}`, last_event_id: -1, context: {} };
    },
    logger: silentLogger,
    backoff: { baseMs: 10, maxMs: 40 },
    random: options.random ?? (() => 1),
    ...(options.now && { now: options.now }),
    onChanges: () => undefined,
    onStatus: (status) => statuses.push(status),
  });
  return { db, engine, server, statuses, registrations: () => registrations };
}

const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));
const networkDown = () => new NetworkError('GET /events', 'ECONNREFUSED', 'refused');

describe('the event loop', () => {
  it('acknowledges with last_event_id and polls without blocking after a failure', async () => {
    const heartbeat = { id: 4, type: 'heartbeat' } as ServiceEvent;
    const { engine, server, db } = engineWith([{ events: [heartbeat] }, networkDown(), { events: [] }]);
    engine.start();
    await settle();
    expect(server.polls.map((p) => [p.last_event_id, p.dont_block ?? false])).toEqual([
      [-1, false],
      [4, false],
      [4, true],
      [4, false],
    ]);
    expect(loadEventQueue(db)?.last_event_id).toBe(4);
    await engine.stop();
  });

  it('re-registers when an event cannot be applied, rather than skipping it', async () => {
    const broken = { id: 1, type: 'stream', op: 'create', streams: null } as unknown as ServiceEvent;
    const { engine, server, registrations } = engineWith([{ events: [broken] }]);
    engine.start();
    await settle();
    expect(registrations()).toBe(2);
    expect(server.polls.at(-1)?.queue_id).toBe('q2');
    await engine.stop();
  });

  it('re-registers on BAD_EVENT_QUEUE_ID', async () => {
    const gone = new ServiceError({ code: 'BAD_EVENT_QUEUE_ID', msg: 'Bad event queue ID: q1', status: 400, request: 'GET /events', fields: { queue_id: 'q1' } });
    const { engine, registrations } = engineWith([gone]);
    engine.start();
    await settle();
    expect(registrations()).toBe(2);
    await engine.stop();
  });

  it('backs off with full jitter under a cap, and resets after a success', async () => {
    let clock = 0;
    const { engine, statuses } = engineWith([networkDown(), networkDown(), networkDown(), networkDown(), { events: [] }, networkDown()], {
      random: () => 0.5,
      now: () => (clock += 1000),
    });
    engine.start();
    await settle(400);
    const waits = statuses.filter((s) => s.state === 'offline').map((s) => (s as { next_retry_at: number }).next_retry_at % 1000);
    // Caps 10, 20, 40, 40 ms with half of each drawn; after the success the next failure starts over at 10.
    expect(waits).toEqual([5, 10, 20, 20, 5]);
    await engine.stop();
  });

  it('retries at once when woken, instead of waiting out the backoff', async () => {
    const db = openMirror(':memory:');
    const server = scripted([networkDown(), { events: [] }]);
    const engine = new SyncEngine({
      db,
      client: server.client,
      snapshot: async () => ({ queue_id: 'q', last_event_id: -1, context: {} }),
      logger: silentLogger,
      backoff: { baseMs: 60_000, maxMs: 60_000 },
      random: () => 1,
      onChanges: () => undefined,
      onStatus: () => undefined,
    });
    engine.start();
    await settle(50);
    expect(engine.status.state).toBe('offline');
    engine.wake();
    await settle(50);
    expect(engine.status.state).toBe('online');
    await engine.stop();
  });

  it('stops on 401, and deletes its queue when stopped', async () => {
    const rejected = new ServiceError({ code: 'UNAUTHORIZED', msg: 'Invalid API key', status: 401, request: 'GET /events' });
    const { engine, server } = engineWith([rejected]);
    engine.start();
    await settle();
    expect(engine.status).toEqual({ state: 'key_rejected', message: 'Invalid API key' });
    await engine.stop();
    expect(server.deleted).toEqual(['q1']);
  });
});

describe('starting from a cache', () => {
  it('waits before the first registration, unless woken', async () => {
    const db = openMirror(':memory:');
    let registrations = 0;
    const engine = new SyncEngine({
      db,
      client: scripted([]).client,
      snapshot: async () => {
        registrations += 1;
        return { queue_id: 'q', last_event_id: -1, context: {} };
      },
      logger: silentLogger,
      firstRegistrationDelayMs: 60_000,
      onChanges: () => undefined,
      onStatus: () => undefined,
    });
    engine.start();
    await settle(50);
    expect(registrations).toBe(0);
    expect(engine.status.state).toBe('connecting');
    engine.wake();
    await settle(50);
    expect(registrations).toBe(1);
    await engine.stop();
  });
});
