// 20 messages with files attached, written offline (their files staged in the account's data), and
// the app process SIGKILLed at random points 10 times while its outbox uploads each file and then
// sends its message. At the end the server holds each message exactly once, each link in it
// resolves to a file with the bytes that were attached (an upload done twice, its first answer
// lost in a crash, is an orphan and allowed), and the staged copies are gone.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { stagedPlaceholder } from '../../../shared/staged-links';
import { StagingArea } from '../../../main/files/staging-area';
import { ChangeCollector } from '../../../main/store/changes';
import { openMirror } from '../../../main/store/database';
import { enqueueMessage } from '../../../main/store/outbox';
import { startService, type RunningService, type ServiceAccount } from '../../service/index';
import { killHard, spawnScript, type Child } from '../../support/child-process';
import { integrity } from '../../support/integrity';
import { mirrorDir, until } from '../sync/engine-harness';
import { drainToEmpty } from './drain-child';
import { startLossyProxy, type LossyProxy } from './lossy-proxy';

const MESSAGES = 20;
const KILLS = 10;

let service: RunningService;
let member: ServiceAccount;
let proxy: LossyProxy;
const mirror = mirrorDir();
const stagedDir = () => join(dirname(mirror.path), 'staged-files');

beforeAll(async () => {
  service = await startService({ org: 'demo', heartbeatSeconds: 1, longpollTimeoutSeconds: 2 });
  member = service.accounts.find((a) => a.role === 400)!;
  // The answers to uploads and sends come a moment after the server did them: a kill as the server
  // counts one falls where the app has sent it and not yet recorded its answer.
  proxy = await startLossyProxy(service.url);
  proxy.delayWritesMs = 300;
  // No message event tells a restarted app what became of a send: its lookup must.
  proxy.withholdEvents = true;
});
afterAll(async () => {
  await proxy.close();
  await service.close();
  mirror.remove();
});

const child = (): Child =>
  spawnScript(join(import.meta.dirname, 'send-queue-crash-child.ts'), [proxy.url, member.email, member.api_key, String(member.user_id), mirror.path]);

/** The queued messages on the server, oldest first. */
function delivered(): { id: number; content: string }[] {
  return service.db.prepare("SELECT id, content FROM messages WHERE sender_id = ? AND content LIKE 'attached %' ORDER BY id").all(member.user_id) as {
    id: number;
    content: string;
  }[];
}

/** The files uploaded, orphans included. */
function uploaded(): number {
  return (service.db.prepare('SELECT count(*) AS n FROM uploads WHERE owner_id = ?').get(member.user_id) as { n: number }).n;
}

/** A seeded generator, so a failing run can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

async function fetchUpload(link: string): Promise<Buffer> {
  const response = await fetch(new URL(link, service.url), { headers: { authorization: `Basic ${Buffer.from(`${member.email}:${member.api_key}`).toString('base64')}` } });
  expect(response.status, link).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

it('uploads each file and then sends each message exactly once, through 10 kills; every link has the right bytes', async () => {
  // Written offline: each file staged in the account's data, the message queued naming it, as messages.send queues it.
  const staging = new StagingArea(stagedDir());
  const files = new Map<string, Buffer>();
  const db = openMirror(mirror.path);
  for (let i = 0; i < MESSAGES; i++) {
    const name = `file-${i}.bin`;
    const bytes = randomBytes(20_000 + i * 3_000);
    const { staged_id } = await staging.begin({ name, size: bytes.length, type: 'application/octet-stream' });
    await staging.chunk(staged_id, 0, bytes);
    await staging.finish(staged_id);
    files.set(name, bytes);
    const content = `attached ${i}\n${stagedPlaceholder(name, staged_id)}`;
    enqueueMessage(db, { conversation: 'channel:1:files', local_id: `files-${i}`, payload: { type: 'stream', to: 1, topic: 'files', content }, staged_ids: [staged_id] }, new ChangeCollector());
  }
  db.close();
  await staging.close();

  const seed = Date.now();
  const next = random(seed);
  for (let kill = 0; kill < KILLS; kill++) {
    // Right after an upload or a send reached the server, before its answer reached the app.
    const [what, count] = next() < 0.5 ? ['uploads', uploaded] : ['messages', () => delivered().length];
    const target = count() + 1 + Math.floor(next() * 2);
    const run = child();
    await until(() => count() >= target || delivered().length >= MESSAGES, `kill ${kill} (seed ${seed}): ${target} ${what}`, 30_000);
    await killHard(run.process);
    expect(integrity(mirror.path), `after kill ${kill}`).toBe('ok');
  }

  await drainToEmpty(child, mirror.path);

  const messages = delivered();
  const counts = new Map<string, number>();
  for (const { content } of messages) {
    const [first = ''] = content.split('\n');
    counts.set(first, (counts.get(first) ?? 0) + 1);
  }
  expect([...counts.values()].filter((n) => n !== 1), `duplicates (seed ${seed})`).toEqual([]);
  expect(counts.size).toBe(MESSAGES);
  for (const { content } of messages) {
    const links = [...content.matchAll(/\[([^\]]+)\]\((\/user_uploads\/[^)]+)\)/g)];
    expect(links, content).toHaveLength(1);
    const [, name = '', url = ''] = links[0]!;
    expect((await fetchUpload(url)).equals(files.get(name)!), `${name} (seed ${seed})`).toBe(true);
  }
  // Sent, their staged copies go; those a crash left between a send and their removal go at the next start.
  const staged = () => (existsSync(stagedDir()) ? readdirSync(stagedDir()) : []);
  const after = child();
  try {
    await until(() => staged().length === 0, `staged files removed (seed ${seed})`, 30_000);
  } finally {
    await killHard(after.process);
  }
}, 120_000);
