// Issue 13 figure: 200 messages queued offline, sent by the outbox on reconnect (each stored in
// flight before its request and marked sent after its answer, one at a time, in order), against a
// bare loop of the same 200 sends over the client.
import { join } from 'node:path';
import { silentLogger } from '../../main/api/logger';
import { ServiceClient } from '../../main/api/service-client';
import { openMirror } from '../../main/store/database';
import { enqueueMessage, outboxItems } from '../../main/store/outbox';
import { OutboxDrain } from '../../main/sync/outbox-drain';
import { median, report, scratchDir, startSimulator, timed, type Simulator } from './support';
import { ChangeCollector } from '../../main/store/changes';
import { writesTo } from '../support/mirror-write';

const MESSAGES = 200;
const ROUNDS = 3;
/** Spread over a few topics, as a morning's offline writing would be. */
const TOPICS = ['standup', 'design', 'release', 'lunch'];

const message = (tag: string, i: number) => ({ type: 'stream' as const, to: 1, topic: TOPICS[i % TOPICS.length]!, content: `${tag} message ${i}` });

/** Queues MESSAGES offline in a fresh mirror, then times the drain on reconnect; its ms. */
async function drain(sim: Simulator, client: ServiceClient, mirrorPath: string, tag: string): Promise<number> {
  const db = openMirror(mirrorPath);
  try {
    for (let i = 0; i < MESSAGES; i++) {
      const params = message(tag, i);
      enqueueMessage(db, { conversation: `channel:1:${params.topic}`, local_id: `${tag}-${i}`, payload: params }, new ChangeCollector());
    }
    const outbox = new OutboxDrain({ db, write: writesTo(db), client, user_id: sim.admin.user_id, logger: silentLogger, online: () => true });
    const { ms } = await timed(() => outbox.run());
    // Sent, each waits for its event (no event queue here) marked with its server id.
    const unsent = outboxItems(db).filter((item) => item.sent_message_id === null).length;
    if (unsent > 0) throw new Error(`the bench queue did not drain: ${unsent} left`);
    await outbox.close();
    return ms;
  } finally {
    db.close();
  }
}

export async function outboxBenchmarks(): Promise<void> {
  const sim = await startSimulator(['--org', 'demo']);
  const scratch = scratchDir();
  try {
    const client = new ServiceClient({ serverUrl: sim.url, email: sim.admin.email, apiKey: sim.admin.api_key });
    // Warm both paths (JIT, connections) before measuring.
    for (let i = 0; i < 20; i++) await client.call('sendMessage', message('warm', i));
    await drain(sim, client, join(scratch.path, 'warm.db'), 'warm-queue');

    const bareLoop = async (tag: string) =>
      (
        await timed(async () => {
          for (let i = 0; i < MESSAGES; i++) await client.call('sendMessage', message(tag, i));
        })
      ).ms;
    // Floor, drain, floor... on a shared machine: the medians.
    const floors = [await bareLoop('floor-0')];
    const drains: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      drains.push(await drain(sim, client, join(scratch.path, `queue-${round}.db`), `queue-${round}`));
      floors.push(await bareLoop(`floor-${round}`));
    }
    report('outbox.drain_200_s', median(drains) / 1000, 's', { compare: { vs: median(floors) / 1000, floor: 'bare-send-loop' }, n: drains.length });
  } finally {
    scratch.remove();
    await sim.stop();
  }
}
