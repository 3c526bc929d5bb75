// 200 messages queued offline across several conversations; the app process is SIGKILLed at
// random points 10 times while its queue drains after reconnect. After each kill the mirror
// passes PRAGMA integrity_check; at the end the server holds each message exactly once, in
// order per conversation.
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openMirror } from '../../../main/store/database';
import { enqueueMessage } from '../../../main/store/outbox';
import { startService, type RunningService, type ServiceAccount } from '../../service/index';
import { killHard, spawnScript, type Child } from '../../support/child-process';
import { integrity } from '../../support/integrity';
import { mirrorDir, until } from '../sync/engine-harness';
import { drainToEmpty } from './drain-child';
import { ChangeCollector } from '../../../main/store/changes';

const MESSAGES = 200;
const KILLS = 10;
const TOPICS = ['alpha', 'beta', 'gamma', 'delta'];

let service: RunningService;
let member: ServiceAccount;
const mirror = mirrorDir();

beforeAll(async () => {
  service = await startService({ org: 'demo', heartbeatSeconds: 1, longpollTimeoutSeconds: 2 });
  member = service.accounts.find((a) => a.role === 400)!;
});
afterAll(async () => {
  await service.close();
  mirror.remove();
});

const child = (): Child =>
  spawnScript(join(import.meta.dirname, 'send-queue-crash-child.ts'), [service.url, member.email, member.api_key, String(member.user_id), mirror.path]);

/** The queued messages on the server: id and text, oldest first. */
function delivered(): { id: number; topic: string; content: string }[] {
  return service.db
    .prepare("SELECT id, topic, content FROM messages WHERE sender_id = ? AND content LIKE 'queued %' ORDER BY id")
    .all(member.user_id) as { id: number; topic: string; content: string }[];
}

/** A seeded generator, so a failing run can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

it('delivers 200 queued messages exactly once, in order per conversation, through 10 kills', async () => {
  // Queued as messages.send queues them offline.
  const db = openMirror(mirror.path);
  for (let i = 0; i < MESSAGES; i++) {
    const topic = TOPICS[i % TOPICS.length]!;
    enqueueMessage(db, { conversation: `channel:1:${topic}`, local_id: `crash-${i}`, payload: { type: 'stream', to: 1, topic, content: `queued ${i}` } }, new ChangeCollector());
  }
  db.close();

  const seed = Date.now();
  const next = random(seed);
  for (let kill = 0; kill < KILLS; kill++) {
    const before = delivered().length;
    // Somewhere in the next stretch of sends, right after one reached the server: its answer,
    // or its removal from the outbox, may not have happened yet.
    const target = Math.min(MESSAGES - 1, before + 1 + Math.floor(next() * 15));
    const run = child();
    await until(() => delivered().length >= target, `kill ${kill} (seed ${seed}): ${target} delivered`, 30_000);
    await killHard(run.process);
    expect(integrity(mirror.path), `after kill ${kill}`).toBe('ok');
  }

  await drainToEmpty(child, mirror.path);

  const messages = delivered();
  const counts = new Map<string, number>();
  for (const { content } of messages) counts.set(content, (counts.get(content) ?? 0) + 1);
  expect([...counts.values()].filter((n) => n !== 1), `duplicates (seed ${seed})`).toEqual([]);
  expect(counts.size).toBe(MESSAGES);
  for (const topic of TOPICS) {
    const order = messages.filter((m) => m.topic === topic).map((m) => Number(m.content.slice('queued '.length)));
    expect(order, `order in ${topic}`).toEqual([...order].sort((a, b) => a - b));
  }
}, 90_000);
