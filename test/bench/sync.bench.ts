// Issue "The local mirror" figures, against a generated organization of 100,000 users and
// 10,000 channels served by the simulator in its own process.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ServiceEvent } from '../../shared/api/events';
import type { RegisterQueueResult } from '../../shared/api/registration';
import { channelListing } from '../../main/handlers/directory-views';
import { openMirror } from '../../main/store/database';
import { getRecord } from '../../main/store/keyed-table';
import { searchUsers, userStatusTable } from '../../main/store/users';
import { applyEvents } from '../../main/sync/apply-events';
import { REGISTER_PARAMS } from '../../main/sync/registration-params';
import { workerSnapshot } from '../../main/sync/worker-snapshot';
import { basicAuth, median, percentile, report, scratchDir, startSimulator, timed, type Simulator } from './support';

const USERS = 100_000;
const CHANNELS = 10_000;

/** The bare client: the same register request, JSON.parse, nothing else. */
async function registerAndParse(sim: Simulator): Promise<RegisterQueueResult> {
  const body = new URLSearchParams(Object.entries(REGISTER_PARAMS).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  const response = await fetch(`${sim.url}/api/v1/register`, { method: 'POST', headers: { authorization: basicAuth(sim.admin) }, body });
  return JSON.parse(await response.text()) as RegisterQueueResult;
}

/** The floor of the initial sync: register, parse, and the same rows by bare prepared statements in one transaction. */
async function bareInitialSync(sim: Simulator, path: string): Promise<void> {
  const snapshot = await registerAndParse(sim);
  const db = openMirror(path);
  const users = db.prepare('INSERT INTO users (user_id, full_name, sort_name, email, delivery_email, role, is_active, is_bot, json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const channels = db.prepare('INSERT INTO channels (stream_id, name, folder_id, is_archived, invite_only, is_web_public, rendered_description, json) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const keyed = (table: string, key: string) => db.prepare(`INSERT INTO ${table} (${key}, json) VALUES (?, ?)`);
  const subscriptions = keyed('subscriptions', 'stream_id');
  db.transaction(() => {
    for (const u of [...(snapshot.realm_users ?? []), ...(snapshot.realm_non_active_users ?? [])]) {
      users.run(u.user_id, u.full_name, u.full_name.toLowerCase(), u.email, u.delivery_email, u.role, u.is_active === false ? 0 : 1, u.is_bot ? 1 : 0, JSON.stringify(u));
    }
    for (const c of snapshot.streams ?? []) channels.run(c.stream_id, c.name, c.folder_id ?? null, c.is_archived ? 1 : 0, c.invite_only ? 1 : 0, c.is_web_public ? 1 : 0, c.rendered_description, JSON.stringify(c));
    for (const s of snapshot.subscriptions ?? []) subscriptions.run(s.stream_id, JSON.stringify(s));
  })();
  db.close();
}

/** The main process's resident memory after the initial sync, measured in a process that did nothing else. */
async function rssAfterInitialSync(sim: Simulator, mirrorPath: string): Promise<number> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'initial-sync-child.ts'), sim.url, sim.admin.email, sim.admin.api_key, mirrorPath],
    { maxBuffer: 1024 * 1024 },
  );
  return (JSON.parse(stdout) as { rss: number }).rss / 1024 / 1024;
}

export async function syncBenchmarks(): Promise<void> {
  const sim = await startSimulator(['--org', 'large', '--users', String(USERS), '--channels', String(CHANNELS), '--heartbeat', '30']);
  const scratch = scratchDir();
  try {
    const account = { serverUrl: sim.url, email: sim.admin.email, apiKey: sim.admin.api_key };

    // Warm the simulator's caches and the worker's module loading once, for both sides alike.
    await bareInitialSync(sim, join(scratch.path, 'warmup-floor.db'));
    await workerSnapshot({ ...account, mirrorPath: join(scratch.path, 'warmup.db') })(new AbortController().signal);

    const floors: number[] = [];
    const ours: number[] = [];
    let maxBlockMs = 0;
    for (let round = 0; round < 5; round++) {
      floors.push((await timed(() => bareInitialSync(sim, join(scratch.path, `floor-${round}.db`)))).ms);
      const path = join(scratch.path, `mirror-${round}.db`);
      const mirror = openMirror(path);
      const delay = monitorEventLoopDelay({ resolution: 1 });
      delay.enable();
      ours.push((await timed(() => workerSnapshot({ ...account, mirrorPath: path })(new AbortController().signal))).ms);
      delay.disable();
      maxBlockMs = Math.max(maxBlockMs, delay.max / 1e6);
      mirror.close();
    }
    const initial = median(ours);
    report('sync.initial_ms', initial, 'ms', { compare: { vs: median(floors), floor: 'register-and-bare-inserts' }, n: ours.length });
    report('sync.max_block_ms', maxBlockMs, 'ms');
    report('main.rss_mb', await rssAfterInitialSync(sim, join(scratch.path, 'rss.db')), 'MB');

    // Warm start: open the cached mirror, first page of users and the full channel list in hand.
    const cached = join(scratch.path, 'mirror-0.db');
    const warm: number[] = [];
    for (let round = 0; round < 5; round++) {
      warm.push(
        (
          await timed(() => {
            const db = openMirror(cached);
            searchUsers(db, { limit: 100 });
            channelListing(db, { include_public: true, include_web_public: false, include_subscribed: true, exclude_archived: true, include_all: true });
            db.close();
          })
        ).ms,
      );
    }
    const fresh: number[] = [];
    for (let round = 0; round < 3; round++) fresh.push((await timed(() => registerAndParse(sim))).ms);
    report('sync.warm_start_ms', median(warm), 'ms', { compare: { vs: median(fresh), peer: 'fresh-registration' }, n: warm.length });

    const db = openMirror(cached);
    const users = (db.prepare('SELECT user_id FROM users ORDER BY user_id LIMIT 20000').all() as { user_id: number }[]).map((u) => u.user_id);
    const streams = (db.prepare('SELECT stream_id FROM subscriptions').all() as { stream_id: number }[]).map((s) => s.stream_id);

    // Events the mirror applies (renames, role changes, subscription settings, statuses) through the
    // real path, in batches as they arrive; events it ignores, such as peer_add, would flatter the rate.
    const events: ServiceEvent[] = [];
    let id = 1_000_000;
    for (let i = 0; i < 40_000; i++) {
      const user_id = users[i % users.length]!;
      const stream_id = streams[i % streams.length]!;
      switch (i % 4) {
        case 0:
          events.push({ id: id++, type: 'realm_user', op: 'update', person: { user_id, full_name: `Renamed ${i}` } } as ServiceEvent);
          break;
        case 1:
          events.push({ id: id++, type: 'realm_user', op: 'update', person: { user_id, role: i % 8 === 1 ? 300 : 400 } } as ServiceEvent);
          break;
        case 2:
          events.push({ id: id++, type: 'subscription', op: 'update', stream_id, property: 'pin_to_top', value: i % 8 === 2 } as ServiceEvent);
          break;
        default:
          events.push({ id: id++, type: 'user_status', user_id, status_text: `Away ${i}` } as ServiceEvent);
      }
    }
    // Only what the mirror applied counts: an event it refuses or does not know is skipped.
    let skipped = 0;
    const context = { onInvalid: () => (skipped += 1), onUnknown: () => (skipped += 1) };
    const applyMs = (
      await timed(() => {
        for (let at = 0; at < events.length; at += 100) applyEvents(db, events.slice(at, at + 100), context);
      })
    ).ms;
    const last = events.at(-1) as { user_id: number; status_text: string };
    const stored = getRecord(db, userStatusTable, last.user_id);
    if (stored?.status_text !== last.status_text) {
      throw new Error(`the last event of the bench was not applied (${skipped} skipped): ${JSON.stringify(last)} left ${JSON.stringify(stored)}`);
    }
    const applied = events.length - skipped;
    report('events.apply_per_s', applied / (applyMs / 1000), 'events/s', { extra: { applied, skipped } });

    // Search: what people type, from one letter to a word, prefixes and substrings. The same 100
    // people every run (every 1,000th), so that two runs, or two commits, time the same searches.
    const names = (db.prepare('SELECT full_name, email FROM users WHERE user_id % 1000 = 7 ORDER BY user_id LIMIT 100').all() as { full_name: string; email: string }[]);
    const queries = names.flatMap(({ full_name, email }, i) => [
      full_name.slice(0, 1 + (i % 3)),
      full_name.slice(0, 4 + (i % 4)),
      full_name.slice(2, 7),
      email.slice(0, 3 + (i % 5)),
    ]);
    const searchMs: number[] = [];
    for (const text of queries) searchMs.push((await timed(() => searchUsers(db, { text, limit: 100 }))).ms);
    report('users.search_p95_ms', percentile(searchMs, 95), 'ms', { n: searchMs.length });
    db.close();
  } finally {
    await sim.stop();
    scratch.remove();
  }
}
