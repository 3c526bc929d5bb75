// A sync run in its own process, so the test can SIGKILL it at a chosen moment.
// argv: mode (snapshot | events), server URL, email, API key, mirror path.
import { ServiceClient } from '../../../main/api/service-client';
import { silentLogger } from '../../../main/api/logger';
import { openMirror } from '../../../main/store/database';
import { SyncEngine } from '../../../main/sync/engine';
import { reconcileSnapshot } from '../../../main/sync/reconcile';
import { inlineSnapshot } from '../../../main/sync/snapshot';
import { REGISTER_PARAMS } from '../../../main/sync/registration-params';

const [mode, url, email, apiKey, mirrorPath] = process.argv.slice(2) as [string, string, string, string, string];
const say = (line: string) => process.stdout.write(`${line}\n`);
const db = openMirror(mirrorPath);
const client = new ServiceClient({ serverUrl: url, email, apiKey });

if (mode === 'snapshot') {
  const snapshot = await client.call('registerQueue', REGISTER_PARAMS);
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
    // Said once the batch has committed: the messages it applied, for the test to count. The
    // loop then stays busy a while (as a slow window would keep it) before its next poll tells
    // the server the batch arrived: a kill then lands between the two, where a batch acknowledged
    // only on one side would be skipped or applied twice.
    onChanges: (changes) => {
      if (changes.all) return;
      say(`BATCH ${++batches} ${(changes.changed.messages ?? []).join(' ')}`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
    },
    onStatus: (status) => say(`STATUS ${status.state}`),
  });
  engine.start();
}
