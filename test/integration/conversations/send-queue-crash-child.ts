// The app's account session in its own process, draining its outbox, so the test can SIGKILL it
// at any moment. argv: server URL, email, API key, user id, mirror path.
import { silentLogger } from '../../../main/api/logger';
import { AccountSession } from '../../../main/app/session';

const [url, email, apiKey, userId, mirrorPath] = process.argv.slice(2) as [string, string, string, string, string];
const session = new AccountSession({
  account: { account_id: Number(userId).toString(16).padStart(16, '0'), server_url: url, email, user_id: Number(userId), realm_name: 'Demo' },
  apiKey,
  mirrorPath,
  logger: silentLogger,
  snapshotMode: 'inline',
  backoff: { baseMs: 50, maxMs: 200 },
  onChanges: () => undefined,
  onStatus: (status) => process.stdout.write(`STATUS ${status.state}\n`),
  onTyping: () => undefined,
});
session.start();
