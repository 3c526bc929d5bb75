import { Worker } from 'node:worker_threads';
import { NetworkError, ServiceError, TimeoutError } from '../api/errors';
import type { RegisterQueueParams } from '../../shared/api/registration';
import type { SnapshotStep, SnapshotSummary } from './engine';
import { REGISTER_PARAMS } from './snapshot';
import type { SnapshotJob } from './snapshot-worker';

type WorkerAnswer = { ok: true; summary: SnapshotSummary } | { ok: false; error: Record<string, unknown> };

/** Under the TypeScript loader (dev, tests) the worker is the .ts source; in a build, the emitted .js. */
function workerEntry(): { url: URL; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  return {
    url: new URL(fromSource ? './snapshot-worker.ts' : './snapshot-worker.js', import.meta.url),
    execArgv: fromSource ? ['--import', 'tsx'] : [],
  };
}

/**
 * Register and reconcile in a worker thread. The worker writes through its own connection;
 * the main thread's connection sees the result when the transaction commits (WAL).
 */
export function workerSnapshot(account: Omit<SnapshotJob, 'params'>, params: RegisterQueueParams = REGISTER_PARAMS): SnapshotStep {
  return (signal) =>
    new Promise<SnapshotSummary>((resolve, reject) => {
      const { url, execArgv } = workerEntry();
      const job: SnapshotJob = { ...account, params };
      const worker = new Worker(url, { workerData: job, execArgv });
      // Terminating mid-transaction is safe: SQLite rolls the unfinished transaction back.
      const abort = () => void worker.terminate();
      signal.addEventListener('abort', abort, { once: true });
      worker.once('message', (answer: WorkerAnswer) => {
        signal.removeEventListener('abort', abort);
        if (answer.ok) resolve(answer.summary);
        else reject(rebuildError(answer.error));
      });
      worker.once('error', (error) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      });
      worker.once('exit', (code) => {
        signal.removeEventListener('abort', abort);
        reject(signal.aborted ? signal.reason : new Error(`The sync worker stopped (exit code ${code}).`));
      });
    });
}

function rebuildError(data: Record<string, unknown>): Error {
  const request = String(data.request ?? 'POST /register');
  switch (data.name) {
    case 'ServiceError':
      return new ServiceError({
        code: String(data.code),
        msg: String(data.msg),
        status: Number(data.status),
        request,
        fields: (data.fields as Record<string, unknown> | undefined) ?? {},
        retryAfter: typeof data.retryAfter === 'number' ? data.retryAfter : undefined,
        message: String(data.message),
      });
    case 'NetworkError':
      return new NetworkError(request, typeof data.code === 'string' ? data.code : undefined, String(data.message));
    case 'TimeoutError':
      return new TimeoutError(request, Number(data.timeoutMs));
    default:
      return new Error(String(data.message));
  }
}
