import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../main/api/service-client';
import { channelFoldersTable } from '../../../main/store/channels';
import { loadEventQueue } from '../../../main/store/event-queue';
import { allRecords, getRecord } from '../../../main/store/keyed-table';
import { enqueueOutbox } from '../../../main/store/outbox';
import { savedSnippetsTable } from '../../../main/store/personal';
import { searchUsers, userStatusTable } from '../../../main/store/users';
import { startService, type RunningService, type ServiceAccount } from '../../service/index';
import { mirrorDir, runEngine, startSession, until, type EngineRun } from './engine-harness';
import { openMirror } from '../../../main/store/database';
import { getMessage } from '../../../main/store/messages';
import { realmValues } from '../../../main/store/realm';
import { ChangeCollector } from '../../../main/store/changes';

let service: RunningService;
let admin: ServiceAccount;
let member: ServiceAccount;
const runs: EngineRun[] = [];
const dirs: { remove: () => void }[] = [];

beforeAll(async () => {
  service = await startService({ org: 'demo', heartbeatSeconds: 1, longpollTimeoutSeconds: 2 });
  admin = service.accounts.find((a) => a.role === 200)!;
  member = service.accounts.find((a) => a.role === 400)!;
});
afterEach(async () => {
  for (const run of runs.splice(0)) await run.stop().catch(() => undefined);
  for (const dir of dirs.splice(0)) dir.remove();
  Object.assign(service.faults, { dropNext: 0, hangNext: 0, error5xxNext: 0, rateLimitNext: 0, latencyMs: 0, malformNextEvent: null });
});
afterAll(() => service.close());

function start(account: ServiceAccount = admin): EngineRun {
  const dir = mirrorDir();
  dirs.push(dir);
  const run = runEngine(service.url, account, dir.path);
  runs.push(run);
  return run;
}
const clientOf = (account: ServiceAccount) => new ServiceClient({ serverUrl: service.url, email: account.email, apiKey: account.api_key });
const online = (run: EngineRun) => until(() => run.engine.status.state === 'online', 'online');

describe('live sync against the simulator', () => {
  it('reconciles the snapshot, then applies live events', async () => {
    const run = start();
    await online(run);
    expect(searchUsers(run.db, { text: 'priya' }).total).toBe(1);
    const { channel_folder_id } = await clientOf(admin).call('createChannelFolder', { name: 'Live folder', description: 'made during the test' });
    await until(() => getRecord(run.db, channelFoldersTable, channel_folder_id)?.name === 'Live folder', 'folder arrives');
    await clientOf(admin).call('updateStatusForUser', { user_id: member.user_id, status_text: 'On leave' });
    await until(() => getRecord(run.db, userStatusTable, member.user_id)?.status_text === 'On leave', 'status arrives');
    expect(run.changes.some((c) => c.changed.channel_folders?.includes(channel_folder_id))).toBe(true);
  });

  it('applies events in order, each exactly once', async () => {
    const run = start(member);
    await online(run);
    const client = clientOf(member);
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push((await client.call('createSavedSnippet', { title: `snippet ${i}`, content: `body ${i}` })).saved_snippet_id);
    await client.call('editSavedSnippet', { saved_snippet_id: ids[3]!, title: 'edited last' });
    await until(() => getRecord(run.db, savedSnippetsTable, ids[3]!)?.title === 'edited last', 'all events applied');
    const mine = allRecords(run.db, savedSnippetsTable).filter((s) => ids.includes(s.saved_snippet_id));
    expect(mine).toHaveLength(30);
    // Every snippet appeared in exactly one notice of its add. The edit of the fourth came after the
    // last add: in a notice of its own after that add's, or in the same batch (polls start at least
    // 250 ms apart, so events that close come together, one notice naming each record once).
    const notices = run.changes.flatMap((c) => (c.changed.saved_snippets ?? []) as number[]);
    for (const id of ids.filter((id) => id !== ids[3])) expect(notices.filter((n) => n === id)).toHaveLength(1);
    const fourth = notices.filter((n) => n === ids[3]).length;
    expect([1, 2]).toContain(fourth);
    if (fourth === 2) expect(notices.lastIndexOf(ids[3]!)).toBeGreaterThan(notices.indexOf(ids[29]!));
    for (const id of ids) await client.call('deleteSavedSnippet', { saved_snippet_id: id });
  });

  it('re-registers after the queue expires, dropping what the new snapshot no longer has', async () => {
    const run = start(member);
    await online(run);
    const client = clientOf(member);
    const { saved_snippet_id } = await client.call('createSavedSnippet', { title: 'short-lived', content: 'x' });
    await until(() => getRecord(run.db, savedSnippetsTable, saved_snippet_id) !== undefined, 'snippet arrives');
    service.expireQueues();
    // Deleted while the queue is gone: no event will say so; only the new snapshot can.
    await client.call('deleteSavedSnippet', { saved_snippet_id });
    await until(() => run.registrations >= 2, 're-registered');
    await until(() => getRecord(run.db, savedSnippetsTable, saved_snippet_id) === undefined, 'stale snippet removed');
    expect(loadEventQueue(run.db)?.queue_id).toBeTruthy();
  });

  it('skips a malformed event, refetches the messages it touched, and stays online', async () => {
    const run = start();
    await online(run);
    const client = clientOf(admin);
    const { id } = await client.call('sendMessage', { type: 'channel', to: 'general', topic: 'malformed flags', content: 'star me' });
    await until(() => getMessage(run.db, id) !== undefined, 'message arrives');
    // The flags event arrives with `messages` not a list: which messages it starred must be asked.
    service.faults.malformNextEvent = 'update_message_flags';
    await client.call('updateMessageFlags', { messages: [id], op: 'add', flag: 'starred' });
    await until(() => getMessage(run.db, id)?.flags.includes('starred') === true, 'the starred flag refetched');
    expect(service.faults.malformNextEvent).toBeNull();
    await client.call('updateStatusForUser', { user_id: member.user_id, status_text: 'after the malformed event' });
    await until(() => getRecord(run.db, userStatusTable, member.user_id)?.status_text === 'after the malformed event', 'later events applied');
    expect(run.engine.status.state).toBe('online');
    expect(run.registrations).toBe(1);
  });

  it('rides out a 429 storm without losing events', async () => {
    const run = start();
    await online(run);
    service.faults.retryAfterSeconds = 0.05;
    service.faults.rateLimitNext = 6;
    await until(() => service.faults.rateLimitNext === 0, 'storm consumed');
    await clientOf(admin).call('updateStatusForUser', { user_id: member.user_id, status_text: 'after the storm' });
    await until(() => getRecord(run.db, userStatusTable, member.user_id)?.status_text === 'after the storm', 'event after storm');
    expect(run.engine.status.state).toBe('online');
  });

  it('recovers from dropped connections and a connection that hangs', async () => {
    const run = start();
    await online(run);
    service.faults.dropNext = 3;
    await until(() => run.statuses.some((s) => s.state === 'offline'), 'noticed the drop');
    await online(run);
    service.faults.hangNext = 1;
    await until(() => service.faults.hangNext === 0, 'hang consumed');
    await clientOf(admin).call('updateStatusForUser', { user_id: member.user_id, status_text: 'after the hang' });
    await until(() => getRecord(run.db, userStatusTable, member.user_id)?.status_text === 'after the hang', 'event after hang', 20_000);
  });

  it('stops and says so when the key is rejected', async () => {
    const run = start({ ...member, api_key: 'x'.repeat(32) });
    await until(() => run.engine.status.state === 'key_rejected', 'key rejected');
    const count = run.statuses.length;
    // The loop has ended: nothing more will be polled or reported.
    await until(() => !run.engine.running, 'loop ended');
    expect(run.statuses.length).toBe(count);
  });

  it('serves the cache at once with the server stopped, and reports offline with the next retry', async () => {
    const other = await startService({ org: 'demo' });
    const dir = mirrorDir();
    dirs.push(dir);
    const account = other.accounts.find((a) => a.role === 200)!;
    const first = runEngine(other.url, account, dir.path);
    await until(() => first.engine.status.state === 'online', 'first run online');
    await first.stop();
    await other.close();

    const second = runEngine(other.url, account, dir.path, { start: false });
    runs.push(second);
    // Before any network: the cached organization is there.
    expect(searchUsers(second.db, { text: 'priya' }).total).toBe(1);
    second.engine.start();
    await until(() => second.engine.status.state === 'offline', 'offline');
    const status = second.engine.status as { next_retry_at: number; reason: string };
    expect(status.next_retry_at).toBeGreaterThan(Date.now() - 1000);
    expect(status.reason).toMatch(/reach|ECONNREFUSED/i);
  });

  it('reconnects by itself after the server restarts, with a fresh queue', async () => {
    const dir = mirrorDir();
    dirs.push(dir);
    const serviceDb = mirrorDir();
    dirs.push(serviceDb);
    const first = await startService({ org: 'demo', dbPath: serviceDb.path, heartbeatSeconds: 1, longpollTimeoutSeconds: 2 });
    const account = first.accounts.find((a) => a.role === 200)!;
    const run = runEngine(first.url, account, dir.path);
    runs.push(run);
    await until(() => run.engine.status.state === 'online', 'online before the restart');
    const port = Number(new URL(first.url).port);
    await first.close();
    await until(() => run.engine.status.state === 'offline', 'offline while the server is down');

    const second = await startService({ org: 'demo', dbPath: serviceDb.path, port, resume: true, heartbeatSeconds: 1, longpollTimeoutSeconds: 2 });
    try {
      // The restarted server knows no queue: the engine must register again on its own.
      await until(() => run.engine.status.state === 'online' && run.registrations >= 2, 'online again', 20_000);
      const { channel_folder_id } = await new ServiceClient({ serverUrl: second.url, email: account.email, apiKey: account.api_key }).call('createChannelFolder', { name: 'After restart', description: '' });
      await until(() => getRecord(run.db, channelFoldersTable, channel_folder_id) !== undefined, 'event after restart');
    } finally {
      await run.stop();
      runs.splice(runs.indexOf(run), 1);
      await second.close();
    }
  });

  it('backfills after a re-registration the messages sent while it had no queue', async () => {
    const dir = mirrorDir();
    dirs.push(dir);
    const client = clientOf(member);
    const first = runEngine(service.url, admin, dir.path);
    await until(() => first.engine.status.state === 'online', 'first run online');
    const { id: seen } = await client.call('sendMessage', { type: 'channel', to: 'general', topic: 'before the gap', content: 'seen live' });
    await until(() => getMessage(first.db, seen) !== undefined, 'message arrives live');
    await first.stop();
    // No queue while these are sent: only a backfill can bring them, the one alone in its topic too.
    const missed: number[] = [];
    for (let i = 0; i < 3; i++) missed.push((await client.call('sendMessage', { type: 'channel', to: 'general', topic: `in the gap ${i}`, content: 'missed' })).id);

    const second = runEngine(service.url, admin, dir.path);
    runs.push(second);
    await until(() => missed.every((id) => getMessage(second.db, id) !== undefined), 'missed messages backfilled');
    expect(getMessage(second.db, missed[0]!)?.message.subject).toBe('in the gap 0');
    expect(second.changes.some((c) => missed.every((id) => c.changed.messages?.includes(id)))).toBe(true);
  });

  it('starts a clean mirror when another organization answers at the same URL', async () => {
    const dir = mirrorDir();
    dirs.push(dir);
    const old = await startService({ org: 'demo', heartbeatSeconds: 1, longpollTimeoutSeconds: 2 });
    const port = Number(new URL(old.url).port);
    const oldAdmin = old.accounts.find((a) => a.role === 200)!;
    const first = runEngine(old.url, oldAdmin, dir.path);
    await until(() => first.engine.status.state === 'online', 'online with the old organization');
    const { id: oldMessage } = await new ServiceClient({ serverUrl: old.url, email: oldAdmin.email, apiKey: oldAdmin.api_key }).call('sendMessage', { type: 'channel', to: 'general', topic: 'old org', content: 'old' });
    await until(() => getMessage(first.db, oldMessage) !== undefined, 'old message cached');
    await first.stop();
    await old.close();

    const fresh = await startService({ org: 'large', users: 10, channels: 3, port, heartbeatSeconds: 1, longpollTimeoutSeconds: 2 });
    try {
      const freshAdmin = fresh.accounts.find((a) => a.role === 200)!;
      const second = runEngine(fresh.url, freshAdmin, dir.path);
      runs.push(second);
      await until(() => second.engine.status.state === 'online', 'online with the new organization');
      expect(searchUsers(second.db, { text: 'priya' }).total).toBe(0);
      expect(getMessage(second.db, oldMessage)).toBeUndefined();
      expect(realmValues(second.db).realm_name).toBe('Large Organization');
    } finally {
      for (const run of runs.splice(0)) await run.stop();
      await fresh.close();
    }
  });

  it('gives up a poll that hangs silently after two heartbeat intervals, whatever timeout the server announces', async () => {
    const slow = await startService({ org: 'demo', heartbeatSeconds: 1, longpollTimeoutSeconds: 86_400 });
    try {
      const account = slow.accounts.find((a) => a.role === 200)!;
      const dir = mirrorDir();
      dirs.push(dir);
      const run = runEngine(slow.url, account, dir.path);
      runs.push(run);
      await until(() => run.engine.status.state === 'online', 'online');
      // A heartbeat acknowledged: the engine has seen how often they come.
      const registered = loadEventQueue(run.db)!.last_event_id;
      await until(() => loadEventQueue(run.db)!.last_event_id > registered, 'a heartbeat');
      slow.faults.hangNext = 1;
      await until(() => run.statuses.some((s) => s.state === 'offline' && /heartbeat/.test(s.reason)), 'the silent poll given up', 10_000);
      await until(() => run.engine.status.state === 'online', 'online again');
      await new ServiceClient({ serverUrl: slow.url, email: account.email, apiKey: account.api_key }).call('updateStatusForUser', { user_id: account.user_id, status_text: 'after the silence' });
      await until(() => getRecord(run.db, userStatusTable, account.user_id)?.status_text === 'after the silence', 'event after the silence');
    } finally {
      for (const run of runs.splice(0)) await run.stop();
      await slow.close();
    }
  });

  it('replays the outbox after a restart, in order', async () => {
    const dir = mirrorDir();
    dirs.push(dir);
    const client = clientOf(member);
    const { saved_snippet_id } = await client.call('createSavedSnippet', { title: 'before', content: 'x' });
    const offline = openMirror(dir.path);
    enqueueOutbox(offline, { kind: 'editSavedSnippet', record_key: `saved_snippets:${saved_snippet_id}`, payload: { saved_snippet_id, title: 'first' } }, new ChangeCollector());
    enqueueOutbox(offline, { kind: 'editSavedSnippet', record_key: `saved_snippets:${saved_snippet_id}`, payload: { saved_snippet_id, title: 'second' } }, new ChangeCollector());
    offline.close();

    const session = startSession(service.url, member, dir.path);
    try {
      await until(async () => (await client.call('getSavedSnippets', {})).saved_snippets.some((s) => (s.saved_snippet_id ?? s.id) === saved_snippet_id && s.title === 'second'), 'replayed');
    } finally {
      await session.close();
    }
    await client.call('deleteSavedSnippet', { saved_snippet_id });
  });
});
