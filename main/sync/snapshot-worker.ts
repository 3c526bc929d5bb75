// Worker thread entry: register and reconcile off the main thread, so that parsing a large
// organization's snapshot and writing it never blocks the window.
import { parentPort, workerData } from 'node:worker_threads';
import { createServiceClient } from '../api/create-client';
import { openMirror } from '../store/database';
import { checkedRegistration } from './answers';
import { reconcileSnapshot } from './reconcile';
import { REGISTER_PARAMS, summarize } from './snapshot';
import { snapshotJobSchema } from './worker-snapshot';

const job = snapshotJobSchema.parse(workerData);
const client = createServiceClient({ server_url: job.serverUrl, credentials: { email: job.email, api_key: job.apiKey } });
const db = openMirror(job.mirrorPath);
try {
  const result = checkedRegistration(await client.call('registerQueue', REGISTER_PARAMS));
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
