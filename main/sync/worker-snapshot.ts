import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { NetworkError, ServiceError, TimeoutError } from '../api/errors';
import { diskFaultOf } from '../files/disk-faults';
import type { SnapshotStep, SnapshotSummary } from './engine';
import { UnusableAnswerError } from './answers';
import { registeredIdentitySchema, type RegisteredIdentity } from './registration-params';

/** What the worker thread is given: the account it registers for and the mirror it writes. */
export const snapshotJobSchema = z.object({ serverUrl: z.string(), email: z.string(), apiKey: z.string(), mirrorPath: z.string() });
export type SnapshotJob = z.infer<typeof snapshotJobSchema>;

type WorkerAnswer = { ok: true; summary: SnapshotSummary } | { ok: false; error: Record<string, unknown> };
/** Told before the worker writes the mirror: the server accepted the registration, naming this user (null: it named nobody). */
type RegisteredNotice = { registered: unknown };

/** What a warm worker is given: no job yet (it comes as a message). */
export const warmWorkerData = z.object({ warm: z.literal(true) });

/** Told to a warm worker before its job: the server the person is signing in to. */
export const serverAheadSchema = z.object({ serverAhead: z.string() });

/**
 * In a build the worker is the emitted snapshot-worker.js. Run from source (dev, tests, benchmarks)
 * it is the .ts file, loaded through tsx registered inside the worker: loader flags of the
 * parent do not reach worker threads.
 */
function startWorker(workerData: SnapshotJob | z.infer<typeof warmWorkerData>): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./snapshot-worker.js', import.meta.url), { workerData });
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./snapshot-worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true, workerData });
}

/**
 * Snapshot workers whose thread has not ended yet, with the mirror each writes. A worker has
 * reported before its thread ends (that takes tens of milliseconds more): a session closing right
 * after must not leave it behind.
 */
const unended = new Map<Worker, string>();

/** Ends the snapshot workers of this mirror still running: none outlives its account's session. */
export async function endSnapshotWorkers(mirrorPath: string): Promise<void> {
  await Promise.all([...unended].filter(([, path]) => path === mirrorPath).map(([worker]) => worker.terminate()));
}

/**
 * The summary of one worker's registration and reconcile. The worker writes through its own
 * connection; the main thread's connection sees the result when the transaction commits (WAL).
 */
function outcomeOf(worker: Worker, signal: AbortSignal, mirrorPath: string, onRegistered?: (identity: RegisteredIdentity | null) => void): Promise<SnapshotSummary> {
  unended.set(worker, mirrorPath);
  worker.once('exit', () => unended.delete(worker));
  return new Promise<SnapshotSummary>((resolve, reject) => {
    // Terminating mid-transaction is safe: SQLite rolls the unfinished transaction back.
    const abort = () => void worker.terminate();
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    const settle = (outcome: () => void) => {
      signal.removeEventListener('abort', abort);
      outcome();
    };
    // The sync is done when the worker reports it (its transaction has committed); the thread
    // then exits on its own and its memory goes with it.
    const onMessage = (answer: WorkerAnswer | RegisteredNotice) => {
      if ('registered' in answer) return onRegistered?.(registeredIdentitySchema.nullable().catch(null).parse(answer.registered));
      worker.off('message', onMessage);
      settle(() => (answer.ok ? resolve(answer.summary) : reject(rebuildError(answer.error, mirrorPath))));
    };
    worker.on('message', onMessage);
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) => settle(() => reject(signal.aborted ? signal.reason : new Error(`The sync worker stopped (exit code ${code}).`))));
  });
}

/** Register and reconcile in a worker thread started for the purpose. */
export function workerSnapshot(job: SnapshotJob): SnapshotStep {
  return (signal) => outcomeOf(startWorker(job), signal, job.mirrorPath);
}

/**
 * A worker started ahead of its job, its modules loaded while the person signs in, so the first
 * registration goes out the moment the credentials are given. Used once; terminated unused.
 */
export class WarmSnapshotWorker {
  readonly #worker = startWorker({ warm: true });

  constructor() {
    // Idle, it must not keep the app from quitting.
    this.#worker.unref();
  }

  /** The person named this server on the sign-in card: the worker gets the way to it ready. */
  serverAhead(serverUrl: string): void {
    this.#worker.postMessage({ serverAhead: serverUrl } satisfies z.infer<typeof serverAheadSchema>);
  }

  run(job: SnapshotJob, signal: AbortSignal, onRegistered?: (identity: RegisteredIdentity | null) => void): Promise<SnapshotSummary> {
    this.#worker.ref();
    const outcome = outcomeOf(this.#worker, signal, job.mirrorPath, onRegistered);
    this.#worker.postMessage(job);
    return outcome;
  }

  dispose(): void {
    void this.#worker.terminate();
  }
}

const errorFields = z.record(z.string(), z.unknown());

function rebuildError(data: Record<string, unknown>, mirrorPath: string): Error {
  const request = String(data.request ?? 'POST /register');
  switch (data.name) {
    case 'ServiceError':
      return new ServiceError({
        code: String(data.code),
        msg: String(data.msg),
        status: Number(data.status),
        request,
        fields: errorFields.safeParse(data.fields).data ?? {},
        retryAfter: typeof data.retryAfter === 'number' ? data.retryAfter : undefined,
        message: String(data.message),
      });
    case 'NetworkError':
      return new NetworkError(request, typeof data.code === 'string' ? data.code : undefined, String(data.message));
    case 'TimeoutError':
      return new TimeoutError(request, Number(data.timeoutMs));
    case 'UnusableAnswerError':
      return new UnusableAnswerError(request, String(data.problem));
    default:
      // The mirror's disk refused the worker's writes (full, read-only): sync waits for it.
      return diskFaultOf(data, mirrorPath) ?? new Error(String(data.message));
  }
}
