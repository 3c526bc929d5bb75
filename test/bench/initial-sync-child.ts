// The app's initial sync alone in a fresh process, so the main process's memory after it is
// measured without the benchmark's own work. argv: server URL, email, API key, mirror path.
import { openMirror } from '../../main/store/database';
import { workerSnapshot } from '../../main/sync/worker-snapshot';

const [serverUrl, email, apiKey, mirrorPath] = process.argv.slice(2) as [string, string, string, string];
const mirror = openMirror(mirrorPath);
await workerSnapshot({ serverUrl, email, apiKey, mirrorPath })(new AbortController().signal);
// As the app would be a moment after the sync: idle, its mirror open.
await new Promise((resolve) => setTimeout(resolve, 500));
process.stdout.write(`${JSON.stringify({ rss: process.memoryUsage().rss })}\n`);
mirror.close();
