// A damaged or read-only mirror, or a read-only data folder, never stops the app (issue 26 item
// 2). Each case is made for real: a mirror whose header bytes are overwritten (SQLITE_NOTADB), a
// mirror file bound read-only in place (SQLITE_READONLY even for root, who ignores chmod), the
// whole data folder bound read-only (EROFS). The app starts each time; the account whose mirror
// cannot be used says which file and what is wrong, and offers retry, set aside and resync, or
// sign out; the other account keeps working; and nothing written before is lost.
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAppCore } from '../../../main/app/create-core';
import type { AppCore } from '../../../main/app/core';
import { directConversation } from '../../../shared/conversation';
import type { AccountView } from '../../../shared/ipc';
import { startService, type RunningService, type ServiceAccount } from '../../service/index';
import { asCalled } from '../../support/ipc-calls';
import { bindReadOnly } from '../../support/mounts';
import { until } from '../sync/engine-harness';
import { forgetKeychainService } from '../../support/keychain';

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const keychainService = `team-chat-test-damaged-mirror-${process.pid}`;
const serviceDir = mkdtempSync(join(tmpdir(), 'damaged-mirror-service-'));
const dataDirs: string[] = [];
let service: RunningService;
let port = 0;
let adminAccount: ServiceAccount;
let memberAccount: ServiceAccount;

beforeAll(async () => {
  service = await startService({ org: 'demo', dbPath: join(serviceDir, 'service.db'), heartbeatSeconds: 1 });
  port = Number(new URL(service.url).port);
  adminAccount = service.accounts.find((a) => a.role === 200)!;
  memberAccount = service.accounts.find((a) => a.role === 400)!;
});
afterAll(async () => {
  await service.close();
  rmSync(serviceDir, { recursive: true, force: true });
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  await forgetKeychainService(keychainService);
});

const startApp = (dataDir: string) => createAppCore({ dataDir, logger: silent, snapshotMode: 'inline', keychainService, backoff: { baseMs: 100, maxMs: 500 } });
const calls = (core: AppCore) => asCalled(core.handlers);
const state = (core: AppCore) => calls(core)['app.state'](undefined);
const online = (core: AppCore) => until(async () => (await state(core)).status.state === 'online', 'online');
const mirrorOf = (dataDir: string, account: AccountView) => join(dataDir, 'accounts', account.account_id, 'mirror.db');
const between = () => directConversation([adminAccount.user_id, memberAccount.user_id]);
/** The member's conversation with itself, where the draft waits (sending to a conversation clears its draft). */
const ownNotes = () => directConversation([memberAccount.user_id]);
/** How many copies of a message the server holds. */
const copies = (content: string) => service.db.prepare('SELECT count(*) FROM messages WHERE content = ?').pluck().get(content);

/**
 * Two accounts signed in on a fresh data folder; the member, in front, leaves two messages written
 * offline (waiting in its outbox) and a draft. The app is then quit, the server running again.
 */
async function prepare(tag: string): Promise<{ dataDir: string; admin: AccountView; member: AccountView }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'damaged-mirror-app-'));
  dataDirs.push(dataDir);
  const core = await startApp(dataDir);
  const admin = await calls(core)['accounts.signIn']({ server_url: service.url, email: adminAccount.email, api_key: adminAccount.api_key });
  await online(core);
  const member = await calls(core)['accounts.signIn']({ server_url: service.url, email: memberAccount.email, api_key: memberAccount.api_key });
  await online(core);
  await calls(core)['drafts.save']({ conversation: ownNotes(), content: `${tag}: a draft to keep` });
  await service.close();
  await until(async () => (await state(core)).status.state === 'offline', 'offline');
  for (const content of [`${tag}: unsent one`, `${tag}: unsent two`]) await calls(core)['messages.send']({ conversation: between(), content });
  await core.shutdown();
  service = await startService({ org: 'demo', dbPath: join(serviceDir, 'service.db'), heartbeatSeconds: 1, port, resume: true });
  return { dataDir, admin, member };
}

/** The draft is there, and each message written offline reaches the server once. */
async function nothingLost(core: AppCore, tag: string): Promise<void> {
  expect((await calls(core)['drafts.get']({ conversation: ownNotes() }))?.content).toBe(`${tag}: a draft to keep`);
  await until(() => copies(`${tag}: unsent one`) === 1 && copies(`${tag}: unsent two`) === 1, 'the messages written offline sent');
  await until(async () => (await calls(core)['outbox.list'](undefined)).length === 0, 'the outbox emptied');
  expect([copies(`${tag}: unsent one`), copies(`${tag}: unsent two`)]).toEqual([1, 1]);
}

it('starts with a damaged mirror, names it and the problem, and the other account keeps working', async () => {
  const { dataDir, admin, member } = await prepare('damaged');
  const path = mirrorOf(dataDir, member);
  const fd = openSync(path, 'r+');
  writeSync(fd, Buffer.from('this is not the header of a database file'), 0, 40, 0);
  closeSync(fd);

  const core = await startApp(dataDir);
  try {
    const started = await state(core);
    expect(started.active_account_id).toBe(member.account_id);
    expect(started.mirror_problem).toMatchObject({ account_id: member.account_id, path, problem: 'damaged', can_set_aside: true });
    expect(started.mirror_problem?.message).toContain(path);
    // The other account: its unread count in the switcher, and it works when switched to.
    const totals = await calls(core)['accounts.unread'](undefined);
    expect(totals.find((total) => total.account_id === admin.account_id)?.unread).toEqual(expect.any(Number));
    expect((await calls(core)['accounts.switch']({ account_id: admin.account_id })).mirror_problem).toBeNull();
    await online(core);
    expect((await calls(core)['accounts.switch']({ account_id: member.account_id })).mirror_problem?.problem).toBe('damaged');
    expect((await calls(core)['mirror.retry']({ account_id: member.account_id })).mirror_problem?.problem).toBe('damaged');

    // Set aside and resync: the file kept beside itself, a new mirror synced. Its header is gone,
    // so nothing could be read from it, and the answer says so.
    const setAside = await calls(core)['mirror.setAside']({ account_id: member.account_id });
    expect(setAside.aside_path).toMatch(/mirror\.db\.set-aside-\d{8}T\d{6}Z$/);
    expect(existsSync(setAside.aside_path)).toBe(true);
    expect(setAside.carried).toBeNull();
    expect(setAside.state.mirror_problem).toBeNull();
    await online(core);
  } finally {
    await core.shutdown();
  }
});

it('sets a readable mirror aside keeping its unsent messages and drafts, and sends each once', async () => {
  const { dataDir, member } = await prepare('newer');
  // A mirror a newer version of the app wrote: readable, but this version refuses to open it.
  const path = mirrorOf(dataDir, member);
  const db = new Database(path);
  db.pragma('user_version = 999');
  db.close();

  const core = await startApp(dataDir);
  try {
    const problem = (await state(core)).mirror_problem;
    expect(problem).toMatchObject({ account_id: member.account_id, path, problem: 'unusable' });
    expect(problem?.message).toContain('newer version');
    const setAside = await calls(core)['mirror.setAside']({ account_id: member.account_id });
    expect(setAside.carried).toEqual({ messages: 2, drafts: 1 });
    await online(core);
    await nothingLost(core, 'newer');
  } finally {
    await core.shutdown();
  }
});

it('starts with a read-only mirror file, says so, and opens it on retry once it is writable', async () => {
  const { dataDir, member } = await prepare('read-only file');
  const path = mirrorOf(dataDir, member);
  const writable = bindReadOnly(path);
  let core: AppCore | undefined;
  try {
    core = await startApp(dataDir);
    const problem = (await state(core)).mirror_problem;
    expect(problem).toMatchObject({ account_id: member.account_id, path, problem: 'read_only' });
    expect(problem?.message).toContain(path);
    expect((await calls(core)['mirror.retry']({ account_id: member.account_id })).mirror_problem?.problem).toBe('read_only');
    writable();
    expect((await calls(core)['mirror.retry']({ account_id: member.account_id })).mirror_problem).toBeNull();
    await online(core);
    await nothingLost(core, 'read-only file');
  } finally {
    writable();
    await core?.shutdown();
  }
});

it('starts with a read-only data folder, says where and why it cannot write, and loses nothing', async () => {
  const { dataDir, member } = await prepare('read-only folder');
  const writable = bindReadOnly(dataDir);
  let core: AppCore | undefined;
  try {
    core = await startApp(dataDir);
    const started = await state(core);
    expect(started.data_problem?.path).toBe(dataDir);
    expect(started.data_problem?.message).toContain(dataDir);
    expect(started.data_problem?.message).toMatch(/read-only/);
    expect(started.mirror_problem).toMatchObject({ account_id: member.account_id, problem: 'read_only', can_set_aside: false });
    writable();
    const retried = await calls(core)['mirror.retry']({ account_id: member.account_id });
    expect(retried.mirror_problem).toBeNull();
    expect(retried.data_problem).toBeNull();
    await online(core);
    await nothingLost(core, 'read-only folder');
  } finally {
    writable();
    await core?.shutdown();
  }
});
