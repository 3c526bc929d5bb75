// Worker thread entry: register and reconcile off the main thread, so that parsing a large
// organization's snapshot and writing it never blocks the window.
import { parentPort, workerData } from 'node:worker_threads';
import { ServiceClient } from '../api/service-client';
import { openMirror } from '../store/database';
import type { RegisterQueueParams } from '../../shared/api/registration';
import { checkedRegistration } from './answers';
import { reconcileSnapshot } from './reconcile';
import { summarize } from './snapshot';

export interface SnapshotJob {
  serverUrl: string;
  email: string;
  apiKey: string;
  mirrorPath: string;
  params: RegisterQueueParams;
}

const job = workerData as SnapshotJob;
const client = new ServiceClient({ serverUrl: job.serverUrl, email: job.email, apiKey: job.apiKey });
const db = openMirror(job.mirrorPath);
try {
  const result = checkedRegistration(await client.call('registerQueue', job.params));
  reconcileSnapshot(db, result);
  parentPort?.postMessage({ ok: true, summary: summarize(result) });
} catch (error) {
  parentPort?.postMessage({ ok: false, error: serializeError(error) });
} finally {
  db.close();
}

/** Errors cross the thread as plain data; the main side rebuilds the client's error classes. */
function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  return { ...error, name: error.name, message: error.message };
}
