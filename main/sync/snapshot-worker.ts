// The sync process's entry (started by worker-snapshot.ts): register and reconcile outside the
// main process, so that parsing a large organization's snapshot and writing it never blocks the
// window, and the memory it took is the system's again when it exits.
import { createServiceClient } from '../api/create-client';
import { checkedRegistration } from './answers';
import { REGISTER_PARAMS, summarize } from './registration-params';
import { snapshotJobSchema } from './worker-snapshot';

// The job, API key included, is the parent's first message.
const job = snapshotJobSchema.parse(await new Promise((resolve) => process.once('message', resolve)));
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
    await report({ ok: true, summary: summarize(result) });
  } finally {
    db.close();
  }
} catch (error) {
  await report({ ok: false, error: serializeError(error) });
}
process.disconnect();

/** Sent, and flushed before the channel closes. */
function report(message: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!process.send) return reject(new Error('The sync process was not started by the app.'));
    process.send(message, undefined, undefined, (error) => (error ? reject(error) : resolve()));
  });
}

/** Errors cross to the main process as plain data; the main side rebuilds the client's error classes. */
function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  return { ...error, name: error.name, message: error.message };
}
