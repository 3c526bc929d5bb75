// A sync run in its own process, so the test can SIGKILL it at a chosen moment.
// argv: mode (snapshot | events), server URL, email, API key, mirror path.
import { ServiceClient } from '../../../main/api/service-client';
import { silentLogger } from '../../../main/api/logger';
import { openMirror } from '../../../main/store/database';
import { SyncEngine } from '../../../main/sync/engine';
import { reconcileSnapshot } from '../../../main/sync/reconcile';
import { inlineSnapshot, REGISTER_PARAMS } from '../../../main/sync/snapshot';

const [mode, url, email, apiKey, mirrorPath] = process.argv.slice(2) as [string, string, string, string, string];
const say = (line: string) => process.stdout.write(`${line}\n`);
const db = openMirror(mirrorPath);
const client = new ServiceClient({ serverUrl: url, email, apiKey });

if (mode === 'snapshot') {
  const snapshot = await client.registerQueue(REGISTER_PARAMS);
  say('RECONCILE_BEGIN');
  reconcileSnapshot(db, snapshot);
  say('RECONCILE_END');
} else {
  let batches = 0;
  const engine = new SyncEngine({
    db,
    client,
    snapshot: inlineSnapshot(client, db),
    logger: silentLogger,
    onChanges: (changes) => {
      if (!changes.all) say(`BATCH ${++batches}`);
    },
    onStatus: (status) => say(`STATUS ${status.state}`),
  });
  engine.start();
}
