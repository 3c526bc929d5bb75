import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeleteQueueParams, GetEventsParams, GetMessagesParams } from '../../../shared/api/operations';
import type { Message } from '../../../shared/api/records';
import { NetworkError, ServiceError } from '../../../main/api/errors';
import { silentLogger } from '../../../main/api/logger';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { loadEventQueue, saveEventQueue } from '../../../main/store/event-queue';
import { getRecord } from '../../../main/store/keyed-table';
import { getMessage, upsertMessages } from '../../../main/store/messages';
import { userStatusTable } from '../../../main/store/users';
import { PROBE_INTERVAL_MS, SyncEngine, type EventQueueClient, type SnapshotStep, type SnapshotSummary, type SyncEngineOptions } from '../../../main/sync/engine';
import type { SyncStatus } from '../../../main/sync/status';
import { ChangeCollector } from '../../../main/store/changes';
import type { MirrorChanges } from '../../../shared/mirror-changes';

/** A poll's answer: events (after a delay), an error, any body at all, or no answer until aborted. */
type Answer = { events: unknown[]; afterMs?: number } | { body: unknown } | Error | 'hang';

/** A scripted server: each poll takes the next answer; an empty script hangs too. */
function scripted(answers: Answer[], messages: Message[] = []) {
  const polls: GetEventsParams[] = [];
  const pollTimes: number[] = [];
  const signals: AbortSignal[] = [];
  const fetched: GetMessagesParams[] = [];
  const deleted: string[] = [];
  const hang = (signal: AbortSignal | undefined) => new Promise<never>((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason), { once: true }));
  const getEvents = async (params: GetEventsParams, options?: { signal?: AbortSignal }) => {
    polls.push(params);
    pollTimes.push(Date.now());
    if (options?.signal) signals.push(options.signal);
    const next = answers.shift() ?? 'hang';
    if (next === 'hang') return hang(options?.signal);
    if (next instanceof Error) throw next;
    if ('body' in next) return next.body;
    if (next.afterMs) await new Promise((resolve) => setTimeout(resolve, next.afterMs));
    return { result: 'success', msg: '', events: next.events, queue_id: params.queue_id };
  };
  const getMessages = async (params: GetMessagesParams) => {
    fetched.push(params);
    const wanted = messages.filter((m) => m.id === params.anchor);
    return { result: 'success', msg: '', messages: wanted, found_newest: true, found_oldest: true, anchor: params.anchor };
  };
  const client: EventQueueClient = {
    call: async (name, params, options) => {
      if (name === 'getEvents') return getEvents(params as GetEventsParams, options);
      if (name === 'getMessages') return getMessages(params as GetMessagesParams);
      deleted.push((params as DeleteQueueParams).queue_id);
      return {};
    },
  };
  return { client, polls, pollTimes, signals, fetched, deleted };
}

const engines: SyncEngine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
  vi.useRealTimers();
});

interface EngineSetup {
  random?: () => number;
  now?: () => number;
  db?: MirrorDatabase;
  messages?: Message[];
  snapshot?: SnapshotStep;
  firstSnapshot?: SnapshotStep;
  onRegistered?: (summary: SnapshotSummary) => void;
  onChanges?: (changes: MirrorChanges) => void;
  backoff?: { baseMs: number; maxMs: number };
  pollSpacingMs?: () => number;
}

function engineWith(answers: Answer[], options: EngineSetup = {}) {
  const db = options.db ?? openMirror(':memory:');
  const server = scripted(answers, options.messages);
  let registrations = 0;
  const statuses: SyncStatus[] = [];
  const engine = new SyncEngine({
    db,
    client: server.client,
    snapshot:
      options.snapshot ??
      (async (): Promise<SnapshotSummary> => {
        registrations += 1;
        saveEventQueue(db, { queue_id: `q${registrations}`, last_event_id: -1, registered_at: 0 });
        return { queue_id: `q${registrations}`, last_event_id: -1, context: {} };
      }),
    ...(options.firstSnapshot && { firstSnapshot: options.firstSnapshot }),
    ...(options.onRegistered && { onRegistered: options.onRegistered }),
    logger: silentLogger,
    backoff: options.backoff ?? { baseMs: 10, maxMs: 40 },
    minHeartbeatMs: 20,
    random: options.random ?? (() => 1),
    ...(options.now && { now: options.now }),
    ...(options.pollSpacingMs && { pollSpacingMs: options.pollSpacingMs }),
    onChanges: options.onChanges ?? (() => undefined),
    onStatus: (status) => statuses.push(status),
  });
  engines.push(engine);
  return { db, engine, server, statuses, registrations: () => registrations };
}

const networkDown = () => new NetworkError('GET /events', 'ECONNREFUSED', 'refused');
const status = (user_id: number, status_text: string) => ({ type: 'user_status', user_id, status_text });

function message(id: number, extra: Partial<Message> = {}): Message {
  return {
    id,
    type: 'stream',
    sender_id: 10,
    sender_email: 'ada@example.com',
    sender_full_name: 'Ada',
    sender_realm_str: 'demo',
    avatar_url: null,
    client: 'test',
    content: `message ${id}`,
    content_type: 'text/html',
    display_recipient: 'general',
    recipient_id: 1,
    stream_id: 5,
    subject: 'greetings',
    is_me_message: false,
    timestamp: 1_700_000_000 + id,
    reactions: [],
    submessages: [],
    topic_links: [],
    ...extra,
  };
}

describe('the event loop', () => {
  it('acknowledges with last_event_id and polls without blocking after a failure', async () => {
    const { engine, server, db } = engineWith([{ events: [{ id: 4, type: 'heartbeat' }] }, networkDown(), { events: [] }]);
    engine.start();
    await expect.poll(() => server.polls.length, { timeout: 5_000 }).toBe(4);
    expect(server.polls.map((p) => [p.last_event_id, p.dont_block ?? false])).toEqual([
      [-1, false],
      [4, false],
      [4, true],
      [4, false],
    ]);
    expect(loadEventQueue(db)?.last_event_id).toBe(4);
  });

  it('re-registers on BAD_EVENT_QUEUE_ID', async () => {
    const gone = new ServiceError({ code: 'BAD_EVENT_QUEUE_ID', msg: 'Bad event queue ID: q1', status: 400, request: 'GET /events', fields: { queue_id: 'q1' } });
    const { engine, server, registrations } = engineWith([gone]);
    engine.start();
    await expect.poll(() => server.polls.at(-1)?.queue_id, { timeout: 5_000 }).toBe('q2');
    expect(registrations()).toBe(2);
  });

  it('backs off with full jitter under a cap, and resets after a success', async () => {
    let clock = 0;
    const { engine, statuses, server } = engineWith([networkDown(), networkDown(), networkDown(), networkDown(), { events: [] }, networkDown()], {
      random: () => 0.5,
      now: () => (clock += 1000),
    });
    engine.start();
    // Six answers, then the seventh poll waits: every wait has been drawn by then.
    await expect.poll(() => server.polls.length, { timeout: 5_000 }).toBe(7);
    const waits = statuses.filter((s) => s.state === 'offline').map((s) => (s as { next_retry_at: number }).next_retry_at % 1000);
    // Caps 10, 20, 40, 40 ms with half of each drawn; after the success the next failure starts over at 10.
    expect(waits).toEqual([5, 10, 20, 20, 5]);
  });

  it('retries at once when woken, instead of waiting out the backoff', async () => {
    const { engine } = engineWith([networkDown(), { events: [] }], { backoff: { baseMs: 60_000, maxMs: 60_000 } });
    engine.start();
    await expect.poll(() => engine.status.state).toBe('offline');
    engine.wake();
    await expect.poll(() => engine.status.state).toBe('online');
  });

  it('stops on 401, and deletes its queue when stopped', async () => {
    const rejected = new ServiceError({ code: 'UNAUTHORIZED', msg: 'Invalid API key', status: 401, request: 'GET /events' });
    const { engine, server } = engineWith([rejected]);
    engine.start();
    await expect.poll(() => engine.running).toBe(false);
    expect(engine.status).toEqual({ state: 'key_rejected', message: 'Invalid API key' });
    await engine.stop();
    expect(server.deleted).toEqual(['q1']);
  });

  it('starts again when woken after a 401, and is online once the server takes the account back', async () => {
    const deactivated = new ServiceError({ code: 'UNAUTHORIZED', msg: 'Account is deactivated', status: 401, request: 'GET /events' });
    const { engine } = engineWith([deactivated, { events: [] }]);
    engine.start();
    await expect.poll(() => engine.running).toBe(false);
    expect(engine.status).toEqual({ state: 'key_rejected', message: 'Account is deactivated' });
    engine.wake();
    await expect.poll(() => engine.status.state).toBe('online');
    await engine.stop();
  });

  it('spaces its polls as asked, so that events wait in the queue and come together', async () => {
    const { engine, server } = engineWith([{ events: [status(10, 'a')] }, { events: [status(10, 'b')] }, { events: [status(10, 'c')] }], { pollSpacingMs: () => 300 });
    engine.start();
    await expect.poll(() => server.polls.length, { timeout: 5_000 }).toBe(3);
    const gaps = server.pollTimes.slice(1).map((at, i) => at - server.pollTimes[i]!);
    expect(gaps.every((gap) => gap >= 300 - 5), JSON.stringify(gaps)).toBe(true);
  });

  it('stops at once while it waits to poll', async () => {
    const { engine, server } = engineWith([{ events: [status(10, 'a')] }], { pollSpacingMs: () => 60_000 });
    engine.start();
    await expect.poll(() => server.polls.length, { timeout: 5_000 }).toBe(1);
    const asked = Date.now();
    await engine.stop();
    expect(Date.now() - asked).toBeLessThan(1_000);
    expect(server.polls.length).toBe(1);
  });

  it('leaves no listener behind on its signal after a long offline spell', async () => {
    const spell = Array.from({ length: 60 }, networkDown);
    const { engine, server } = engineWith(spell, { backoff: { baseMs: 1, maxMs: 2 } });
    engine.start();
    await expect.poll(() => server.polls.length, { timeout: 5_000 }).toBe(61);
    // The poll that now waits holds the one listener of its own request.
    expect(getEventListeners(server.signals.at(-1)!, 'abort').length).toBeLessThanOrEqual(1);
  });
});

describe('events the server should not have sent', () => {
  it('drops events at or below last_event_id, and never moves it backwards', async () => {
    const db = openMirror(':memory:');
    upsertMessages(db, [{ message: message(342), flags: [] }], new ChangeCollector());
    const reaction = { type: 'reaction', message_id: 342, emoji_name: 'tada', emoji_code: '1f389', reaction_type: 'unicode_emoji', user_id: 10 };
    const { engine, server } = engineWith(
      [
        { events: [{ id: 4, op: 'add', ...reaction }, { id: 5, op: 'remove', ...reaction }, { id: 6, ...status(10, 'current') }] },
        // A replay of old events: the reaction the server no longer has, an older status.
        { events: [{ id: 4, op: 'add', ...reaction }, { id: 2, ...status(10, 'stale') }] },
      ],
      { db },
    );
    engine.start();
    await expect.poll(() => server.polls.length, { timeout: 5_000 }).toBe(3);
    expect(getMessage(db, 342)?.message.reactions).toEqual([]);
    expect(getRecord(db, userStatusTable, 10)?.status_text).toBe('current');
    expect(server.polls.map((p) => p.last_event_id)).toEqual([-1, 6, 6]);
    expect(loadEventQueue(db)?.last_event_id).toBe(6);
  });

  it('applies the rest of a batch around a malformed event, and refetches the message it named', async () => {
    const db = openMirror(':memory:');
    const badFlags = { id: 2, type: 'update_message_flags', op: 'add', flag: 'starred', messages: [342], all: 'yes' };
    const { engine, server, registrations } = engineWith(
      [{ events: [{ id: 1, type: 'message', message: message(342), flags: [] }, badFlags, { id: 3, ...status(10, 'after the bad one') }] }],
      { db, messages: [message(342, { flags: ['starred'] })] },
    );
    engine.start();
    await expect.poll(() => server.polls.length, { timeout: 5_000 }).toBe(2);
    expect(getMessage(db, 342)?.flags).toEqual(['starred']);
    expect(getRecord(db, userStatusTable, 10)?.status_text).toBe('after the bad one');
    expect(server.fetched.map((p) => p.anchor)).toEqual([342]);
    expect(registrations()).toBe(1);
    expect(server.polls.at(-1)?.last_event_id).toBe(3);
  });

  it('registers again when a malformed event touched a kind the snapshot holds, keeping the rest of the batch', async () => {
    const db = openMirror(':memory:');
    const broken = { id: 1, type: 'stream', op: 'create', streams: null };
    const badFlags = { id: 3, type: 'update_message_flags', op: 'add', flag: 'starred', messages: [342], all: 'yes' };
    const { engine, server, registrations } = engineWith([{ events: [broken, { id: 2, ...status(10, 'kept') }, badFlags] }], {
      db,
      messages: [message(342, { flags: ['starred'] })],
    });
    engine.start();
    await expect.poll(() => server.polls.at(-1)?.queue_id, { timeout: 5_000 }).toBe('q2');
    expect(registrations()).toBe(2);
    expect(getRecord(db, userStatusTable, 10)?.status_text).toBe('kept');
    // The message the other bad event named is still fetched, after the registration.
    expect(getMessage(db, 342)?.flags).toEqual(['starred']);
  });

  it('goes offline with a reason a person can read when the answer has no events', async () => {
    const { engine, statuses } = engineWith([{ body: { result: 'success', msg: '', queue_id: 'q1' } }, { events: [] }]);
    engine.start();
    await expect.poll(() => statuses.some((s) => s.state === 'offline')).toBe(true);
    const offline = statuses.find((s) => s.state === 'offline') as { reason: string };
    expect(offline.reason).toMatch(/GET \/events.*events/);
    expect(offline.reason).not.toMatch(/Cannot read/);
    await expect.poll(() => engine.status.state).toBe('online');
  });

  it('says an unexpected fault of the app is one, and points to the log', async () => {
    let calls = 0;
    const { engine, statuses } = engineWith([], {
      snapshot: async () => {
        calls += 1;
        if (calls === 1) return (undefined as unknown as { queue_id: string }).queue_id as never;
        return { queue_id: 'q', last_event_id: -1, context: {} };
      },
    });
    engine.start();
    await expect.poll(() => engine.status.state).toBe('online');
    const offline = statuses.find((s) => s.state === 'offline') as { reason: string };
    expect(offline.reason).toMatch(/unexpected error in the app.*log/);
    expect(offline.reason).not.toMatch(/Cannot read/);
  });
});

describe('the long-poll watchdog', () => {
  it('gives up a poll silent for two heartbeat intervals, and recovers', async () => {
    const { engine, server, statuses } = engineWith([{ events: [{ id: 0, type: 'heartbeat' }], afterMs: 40 }, 'hang', { events: [] }]);
    engine.start();
    // Without the watchdog the second poll would wait for ever, online.
    await expect.poll(() => statuses.map((s) => s.state).join(' '), { timeout: 2_000 }).toMatch(/^online offline online/);
    const offline = statuses.find((s) => s.state === 'offline') as { reason: string };
    expect(offline.reason).toMatch(/heartbeat/);
    expect(server.polls.slice(0, 3).map((p) => p.dont_block ?? false)).toEqual([false, false, true]);
  });
});

/** An engine started on a cached mirror (a minute's wait before registering), on fake timers. */
function cachedStart(steps: Pick<SyncEngineOptions, 'snapshot' | 'firstSnapshot'>): SyncEngine {
  vi.useFakeTimers();
  const engine = new SyncEngine({
    db: openMirror(':memory:'),
    client: scripted([]).client,
    ...steps,
    logger: silentLogger,
    firstRegistrationDelayMs: 60_000,
    onChanges: () => undefined,
    onStatus: () => undefined,
  });
  engines.push(engine);
  engine.start();
  return engine;
}

describe('starting from a cache', () => {
  it('waits before the first registration, unless woken', async () => {
    let registrations = 0;
    const engine = cachedStart({
      snapshot: async () => {
        registrations += 1;
        return { queue_id: 'q', last_event_id: -1, context: {} };
      },
    });
    await vi.advanceTimersByTimeAsync(59_000);
    expect(registrations).toBe(0);
    expect(engine.status.state).toBe('connecting');
    engine.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(registrations).toBe(1);
  });

  it('resumes the queue a killed run saved, and registers only when the server has lost it', async () => {
    const db = openMirror(':memory:');
    saveEventQueue(db, { queue_id: 'saved', last_event_id: 7, registered_at: 0 });
    const gone = new ServiceError({ code: 'BAD_EVENT_QUEUE_ID', msg: 'Bad event queue ID: saved', status: 400, request: 'GET /events', fields: { queue_id: 'saved' } });
    const { engine, server, registrations } = engineWith([{ events: [{ id: 8, ...status(10, 'while away') }] }, gone], { db });
    engine.start();
    await expect.poll(() => server.polls.at(-1)?.queue_id, { timeout: 5_000 }).toBe('q1');
    expect(server.polls.slice(0, 2).map((p) => [p.queue_id, p.last_event_id])).toEqual([
      ['saved', 7],
      ['saved', 8],
    ]);
    expect(getRecord(db, userStatusTable, 10)?.status_text).toBe('while away');
    expect(registrations()).toBe(1);
  });
});

describe("a sign-in's registration under way when the engine starts", () => {
  const gone = (queue_id: string) => new ServiceError({ code: 'BAD_EVENT_QUEUE_ID', msg: `Bad event queue ID: ${queue_id}`, status: 400, request: 'GET /events', fields: { queue_id } });
  const signInRegistration = (taken: string[]) => async (): Promise<SnapshotSummary> => {
    taken.push('sign-in');
    return { queue_id: 'signed-in', last_event_id: -1, context: {} };
  };

  it('is taken for the first snapshot, and a lost queue registers anew', async () => {
    const taken: string[] = [];
    const { engine, server, registrations } = engineWith([{ events: [] }, gone('signed-in')], { firstSnapshot: signInRegistration(taken) });
    engine.start();
    await expect.poll(() => server.polls.at(-1)?.queue_id).toBe('q1');
    expect(server.polls.slice(0, 2).map((p) => p.queue_id)).toEqual(['signed-in', 'signed-in']);
    expect(taken).toEqual(['sign-in']);
    expect(registrations()).toBe(1);
  });

  it("is taken at once, without a cached start's wait (the registration is done)", async () => {
    const engine = cachedStart({
      snapshot: () => Promise.reject(new Error('not this one')),
      firstSnapshot: async () => ({ queue_id: 'signed-in', last_event_id: -1, context: {} }),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.status.state).toBe('online');
  });

  // The sign-in waits for its registration to be written before the session starts: the queue is saved by then.
  // No change notice follows it: the account's views, opened after it, would all read again for nothing.
  it('is taken though the queue it saved is in the mirror: the session learns what the server announced, and nothing is read again', async () => {
    const taken: string[] = [];
    const announced: SnapshotSummary[] = [];
    const notices: boolean[] = [];
    const db = openMirror(':memory:');
    saveEventQueue(db, { queue_id: 'signed-in', last_event_id: -1, registered_at: 0 });
    const first = async (): Promise<SnapshotSummary> => {
      taken.push('sign-in');
      return { queue_id: 'signed-in', last_event_id: -1, context: { service_feature_level: 372 } };
    };
    const { engine, server, registrations } = engineWith([{ events: [] }, gone('signed-in')], {
      db,
      firstSnapshot: first,
      onRegistered: (summary) => announced.push(summary),
      onChanges: (changes) => notices.push(changes.all === true),
    });
    engine.start();
    await expect.poll(() => server.polls.at(-1)?.queue_id).toBe('q1');
    expect(server.polls.slice(0, 2).map((p) => p.queue_id)).toEqual(['signed-in', 'signed-in']);
    expect(taken).toEqual(['sign-in']);
    expect(announced.map((summary) => summary.context.service_feature_level)).toEqual([372, undefined]);
    // The lost queue's new registration is read again: once.
    expect(notices).toEqual([true]);
    expect(registrations()).toBe(1);
  });
});

describe('a server that answers every poll at once', () => {
  // The audit's server answered each blocking poll at once with no events: ~6,300 polls in 15 s.
  const polledIn15s = async (answer: () => Answer) => {
    vi.useFakeTimers();
    const { engine, server } = engineWith(Array.from({ length: 5_000 }, answer));
    engine.start();
    await vi.advanceTimersByTimeAsync(15_000);
    return server.polls.length;
  };

  it('with nothing: a handful of polls in 15 s, not thousands', async () => {
    expect(await polledIn15s(() => ({ events: [] }))).toBeLessThanOrEqual(8);
  });

  it('with a heartbeat alone, which an idle poll waits for: the same', async () => {
    expect(await polledIn15s(() => ({ events: [{ id: 0, type: 'heartbeat' }] }))).toBeLessThanOrEqual(8);
  });

  it('with events each time: at most four polls a second, the events batched', async () => {
    let id = 0;
    expect(await polledIn15s(() => ({ events: [{ id: ++id, ...status(10, `s${id}`) }] }))).toBeLessThanOrEqual(4 * 15 + 1);
  });
});

describe('coming back after an outage', () => {
  // The audit: ~30 s to come back online after the server returned (the backoff's cap is 60 s,
  // drawn at random). The family's clients check the server is there before registering again.
  function outage(options: { probe: boolean }) {
    vi.useFakeTimers();
    const db = openMirror(':memory:');
    saveEventQueue(db, { queue_id: 'q', last_event_id: 0, registered_at: 0 });
    // `down`: polls fail; `unreachable`: the probe fails too (a real outage).
    const server = { down: true, unreachable: true, polls: 0, probes: 0 };
    const client: EventQueueClient = {
      call: async (name) => {
        if (name !== 'getEvents') return {};
        server.polls += 1;
        if (server.down) throw networkDown();
        return { result: 'success', msg: '', events: [] };
      },
    };
    const engine = new SyncEngine({
      db,
      client,
      snapshot: async () => ({ queue_id: 'q', last_event_id: 0, context: {} }),
      logger: silentLogger,
      random: () => 1,
      onChanges: () => undefined,
      onStatus: () => undefined,
      ...(options.probe && {
        probe: async () => {
          server.probes += 1;
          if (server.down && server.unreachable) throw networkDown();
        },
      }),
    });
    engines.push(engine);
    return { engine, server };
  }

  it('is online within a few seconds of the server coming back, however long it was gone', async () => {
    const { engine, server } = outage({ probe: true });
    engine.start();
    await vi.advanceTimersByTimeAsync(10.5 * 60_000);
    expect(engine.status.state).toBe('offline');
    const pollsWhileDown = server.polls;
    server.down = false;
    const back = Date.now();
    while (engine.status.state !== 'online' && Date.now() - back < 120_000) await vi.advanceTimersByTimeAsync(100);
    expect(Date.now() - back).toBeLessThanOrEqual(PROBE_INTERVAL_MS + 100);
    // The backoff still spaces the heavy retries while the server is gone; the probes are what come often.
    expect(pollsWhileDown).toBeLessThan(20);
    expect(server.probes).toBeLessThanOrEqual((10.5 * 60_000) / PROBE_INTERVAL_MS + 1);
  });

  it('does not retry at every probe when the server answers it but not the event queue', async () => {
    const { engine, server } = outage({ probe: true });
    server.unreachable = false;
    engine.start();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    // Every other wait is the backoff alone: about twice the polls of a real outage, not one per probe.
    expect(server.polls).toBeLessThan(40);
  });

  it('without a probe, waits out its backoff as before', async () => {
    const { engine, server } = outage({ probe: false });
    engine.start();
    await vi.advanceTimersByTimeAsync(10.5 * 60_000);
    server.down = false;
    const back = Date.now();
    while (engine.status.state !== 'online' && Date.now() - back < 120_000) await vi.advanceTimersByTimeAsync(100);
    expect(Date.now() - back).toBeGreaterThan(PROBE_INTERVAL_MS);
  });
});
