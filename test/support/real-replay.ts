// A local HTTP server that answers the client with what a real server of the family sent
// (real-exchanges.ts): the captured registration, then the captured batch of events once, then
// long polls that wait until the client lets go. What the client asked is recorded, and anything
// the recording has no answer for is answered 404 and counted as unexpected. And the app's sync
// engine run against it (or any server) until one batch of events is applied.
import type { TypingEvent } from '../../shared/api/events';
import type { Logger } from '../../main/api/logger';
import type { ServiceClient } from '../../main/api/service-client';
import type { MirrorDatabase } from '../../main/store/database';
import { loadEventQueue } from '../../main/store/event-queue';
import { SyncEngine } from '../../main/sync/engine';
import { inlineSnapshot } from '../../main/sync/snapshot';
import { startCaptureServer } from '../unit/api/capture-server';
import { answerAsCaptured } from './real-exchanges';

export interface ReplayServer {
  url: string;
  /** `METHOD /path` of every request, in order (queries left out). */
  requests(): string[];
  /** Requests the recording has no answer for. */
  unexpected: string[];
  /** Answers the next GET /events with this captured exchange instead of the batch (bad_queue, say). */
  nextEventsAnswer(name: string): void;
  close(): Promise<void>;
}

/** The captured exchange answering each request the replay expects. */
const ROUTES: Record<string, string> = {
  'GET /api/v1/server_settings': 'server_settings',
  'POST /api/v1/register': 'register_full',
  'GET /api/v1/users/me': 'own_user',
  'GET /api/v1/messages': 'messages_fetch',
};

const routeOf = (request: { method: string; url: string }) => `${request.method} ${request.url.split('?')[0] ?? ''}`;

export async function startReplayServer(): Promise<ReplayServer> {
  const unexpected: string[] = [];
  const eventsAnswers: string[] = ['events_after_actions'];
  const server = await startCaptureServer((request, response) => {
    const route = routeOf(request);
    if (route === 'GET /api/v1/events') {
      const next = eventsAnswers.shift();
      // Nothing more happened on the recorded server: the poll is left waiting, as a real long poll is.
      if (next !== undefined) answerAsCaptured(response, next);
      return;
    }
    if (route === 'DELETE /api/v1/events') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"result":"success","msg":""}');
      return;
    }
    const name = ROUTES[route];
    if (name !== undefined) return answerAsCaptured(response, name);
    unexpected.push(route);
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"result":"error","msg":"Not in the recording","code":"NOT_FOUND"}');
  });
  return {
    url: server.url,
    requests: () => server.requests.map(routeOf),
    unexpected,
    nextEventsAnswer: (name) => eventsAnswers.unshift(name),
    close: () => server.close(),
  };
}

export interface Warning {
  message: string;
  fields: Record<string, unknown> | undefined;
}

export interface SyncRun {
  /** What the engine logged as warnings and errors (skipped events among them). */
  warnings: Warning[];
  typing: TypingEvent[];
  registrations: number;
  /** The last event id acknowledged once the batch was applied (stopping the engine forgets the queue). */
  acknowledged: number | undefined;
}

/**
 * The app's sync engine (registration and reconcile inline, then long polls) on `db` with
 * `client`, until one batch of events is applied; then stopped, as at sign-out.
 */
export async function syncOneBatch(db: MirrorDatabase, client: ServiceClient): Promise<SyncRun> {
  const run: SyncRun = { warnings: [], typing: [], registrations: 0, acknowledged: undefined };
  const record = (message: string, fields?: Record<string, unknown>) => run.warnings.push({ message, fields });
  const logger: Logger = { debug: () => undefined, info: () => undefined, warn: record, error: record };
  let applied!: () => void;
  const batchApplied = new Promise<void>((resolve) => (applied = resolve));
  const engine = new SyncEngine({
    db,
    client,
    snapshot: inlineSnapshot(client, db),
    logger,
    onChanges: () => undefined,
    onStatus: () => undefined,
    onTyping: (event) => run.typing.push(event),
    onApplied: () => applied(),
    onRegistered: (summary) => {
      run.registrations += 1;
      client.useRegistration(summary.context);
    },
  });
  engine.start();
  await batchApplied;
  run.acknowledged = loadEventQueue(db)?.last_event_id;
  await engine.stop();
  return run;
}
