// Worker thread entry: register and reconcile off the main thread, so that parsing a large
// organization's snapshot and writing it never blocks the window.
import { parentPort, workerData } from 'node:worker_threads';
import { createServiceClient } from '../api/create-client';
import { checkedRegistration } from './answers';
import { REGISTER_PARAMS, summarize } from './registration-params';
import { snapshotJobSchema } from './worker-snapshot';

const job = snapshotJobSchema.parse(workerData);
const client = createServiceClient({ server_url: job.serverUrl, credentials: { email: job.email, api_key: job.apiKey } });
try {
  // The registration goes out first: the mirror's modules load while the server builds its
  // answer, which for a large organization takes it far longer.
  const [answer, { openMirror }, { reconcileSnapshot }] = await Promise.all([
    client.call('registerQueue', REGISTER_PARAMS),
    import('../store/database'),
    import('./reconcile'),
  ]);
  const result = checkedRegistration(answer);
  const db = openMirror(job.mirrorPath);
  try {
    reconcileSnapshot(db, result);
    // The session's client sends to the same server: it learns the dialect from this client.
    parentPort?.postMessage({ ok: true, summary: { ...summarize(result), ...(client.dialect && { dialect: client.dialect }) } });
  } finally {
    db.close();
  }
} catch (error) {
  parentPort?.postMessage({ ok: false, error: serializeError(error) });
}

/** Errors cross the thread as plain data; the main side rebuilds the client's error classes. */
function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  return { ...error, name: error.name, message: error.message };
}
