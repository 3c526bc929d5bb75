import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { NetworkError, ServiceError, TimeoutError } from '../api/errors';
import type { SnapshotStep, SnapshotSummary } from './engine';
import { UnusableAnswerError } from './answers';

/** What the worker thread is given: the account it registers for and the mirror it writes. */
export const snapshotJobSchema = z.object({ serverUrl: z.string(), email: z.string(), apiKey: z.string(), mirrorPath: z.string() });
export type SnapshotJob = z.infer<typeof snapshotJobSchema>;

type WorkerAnswer = { ok: true; summary: SnapshotSummary } | { ok: false; error: Record<string, unknown> };

/**
 * The sync runs in a process of its own, not a worker thread: what it allocates (a large
 * organization's answer, parsed and written: some 300 MB at the peak) goes back to the system
 * when it exits, where a thread's freed memory stayed with the main process (40-80 MB after each
 * initial sync of the bench's 100,000 users). In a build it is the emitted snapshot-worker.js;
 * from source (dev, tests, benchmarks) the .ts file, loaded through tsx. Electron runs it as
 * plain Node (ELECTRON_RUN_AS_NODE).
 */
function startWorker(job: SnapshotJob): ChildProcess {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = fileURLToPath(new URL(fromSource ? './snapshot-worker.ts' : './snapshot-worker.js', import.meta.url));
  const child = fork(entry, [], {
    execArgv: fromSource ? ['--import', import.meta.resolve('tsx')] : [],
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    serialization: 'advanced',
  });
  // The account's key goes over the channel: a process list shows arguments and environment.
  child.send(job);
  return child;
}

/**
 * Register and reconcile in a worker thread. The worker writes through its own connection;
 * the main thread's connection sees the result when the transaction commits (WAL).
 */
export function workerSnapshot(job: SnapshotJob): SnapshotStep {
  return (signal) =>
    new Promise<SnapshotSummary>((resolve, reject) => {
      const worker = startWorker(job);
      // Ending it mid-transaction is safe: SQLite rolls the unfinished transaction back.
      const abort = () => void worker.kill();
      signal.addEventListener('abort', abort, { once: true });
      const settle = (outcome: () => void) => {
        signal.removeEventListener('abort', abort);
        outcome();
      };
      // The sync is done when the worker reports it (its transaction has committed); the process
      // then exits on its own and its memory goes with it.
      worker.once('message', (answer: WorkerAnswer) =>
        settle(() => (answer.ok ? resolve(answer.summary) : reject(rebuildError(answer.error)))),
      );
      worker.once('error', (error) => settle(() => reject(error)));
      worker.once('exit', (code) =>
        settle(() => reject(signal.aborted ? signal.reason : new Error(`The sync worker stopped (exit code ${code}).`))),
      );
    });
}

const errorFields = z.record(z.string(), z.unknown());

function rebuildError(data: Record<string, unknown>): Error {
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
      return new Error(String(data.message));
  }
}
