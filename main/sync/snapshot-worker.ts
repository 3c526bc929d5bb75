// Worker thread entry: register and reconcile off the main thread, so that parsing a large
// organization's snapshot and writing it never blocks the window. Started with its job, or warm
// (while someone signs in): then it loads everything first and registers the moment the job comes.
import { once } from 'node:events';
import { parentPort, workerData } from 'node:worker_threads';
import { createServiceClient } from '../api/create-client';
import { checkedRegistration } from './answers';
import { REGISTER_PARAMS, registeredIdentity, summarize } from './registration-params';
import { requestSent } from './request-sent';
import { serverAheadSchema, snapshotJobSchema, warmWorkerData, type SnapshotJob } from './worker-snapshot';

const warm = warmWorkerData.safeParse(workerData).success;
let modules: Promise<[typeof import('../store/database'), typeof import('./reconcile')]> | undefined;
const loadModules = () => (modules ??= Promise.all([import('../store/database'), import('./reconcile')]));
// Warm, the mirror's modules load while nobody waits (the job may come before they are loaded:
// it is listened for at once); cold, while the server builds its answer.
if (warm) void loadModules();
const job = warm ? await jobAfterServersAhead() : snapshotJobSchema.parse(workerData);
const client = createServiceClient({ server_url: job.serverUrl, credentials: { email: job.email, api_key: job.apiKey } });
// The registration goes out first: for a large organization the server takes far longer to
// build its answer than anything here.
const registered = client.call('registerQueue', REGISTER_PARAMS);
// Meanwhile the mirror opens (for an account new here: created and migrated), instead of after
// the answer, but only once the request has left: opening it is tens of milliseconds of
// synchronous work, which, started first, held the request back on this thread as long (seen
// against the real server: the headers went out only after it).
// Its failure is reported after the answer's: a refused key is said as such.
const mirror = requestSent('POST', `${client.apiRoot}/register`, registered)
  .then(loadModules)
  .then(([{ openMirror }]) => openMirror(job.mirrorPath));
mirror.catch(() => undefined);
try {
  const [answer, [, { reconcileSnapshot }]] = await Promise.all([registered, loadModules()]);
  const result = checkedRegistration(answer);
  // Signing in, the server's answer is the check of the key: who it names is known before the
  // mirror is written.
  parentPort?.postMessage({ registered: registeredIdentity(result) });
  const db = await mirror;
  try {
    reconcileSnapshot(db, result);
    // The session's client sends to the same server: it learns the dialect from this client.
    parentPort?.postMessage({ ok: true, summary: { ...summarize(result), ...(client.dialect && { dialect: client.dialect }) } });
  } finally {
    db.close();
  }
} catch (error) {
  // Closed before the failure is told: a refused sign-in then removes the mirror's files.
  (await mirror.catch(() => undefined))?.close();
  parentPort?.postMessage({ ok: false, error: serializeError(error) });
}

/**
 * Warm, the job comes after the sign-in card named its server. Each server named gets a GET
 * /server_settings from here: a thread's first request runs the HTTP client's code for the first
 * time, which then no longer stands between the click and the registration (sign-in to Inbox
 * went about 25 ms quicker, median, against the real server). The connection it opens may still
 * be there for the registration.
 */
async function jobAfterServersAhead(): Promise<SnapshotJob> {
  for (;;) {
    const [message] = (await once(parentPort!, 'message')) as [unknown];
    const ahead = serverAheadSchema.safeParse(message);
    if (!ahead.success) return snapshotJobSchema.parse(message);
    try {
      createServiceClient({ server_url: ahead.data.serverAhead }).call('getServerSettings', {}).catch(() => undefined);
    } catch {
      // Not a URL a client can be made for: the card says so; the registration never goes there.
    }
  }
}

/** Errors cross the thread as plain data; the main side rebuilds the client's error classes. */
function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  return { ...error, name: error.name, message: error.message };
}
