// A disk that fills while the app syncs and sends (issue 26 item 3), made for real: the app's
// data folder is a small tmpfs, filled to the last byte by a file of the test's. Sends and draft
// saves that cannot be stored say "The disk is full at PATH; nothing was lost", and so does the
// sync status; sync stops registering again (each registration downloads a snapshot it cannot
// store) until space returns, then resumes by itself; and once the file is gone every message and
// draft is there, and nothing was sent twice.
import { appendFileSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAppCore } from '../../../main/app/create-core';
import type { AppCore } from '../../../main/app/core';
import { describeError } from '../../../main/handlers/dispatch';
import { openMirrorToRead } from '../../../main/store/database';
import { realmValue } from '../../../main/store/realm';
import { directConversation } from '../../../shared/conversation';
import { startService, type RunningService, type ServiceAccount } from '../../service/index';
import { asCalled } from '../../support/ipc-calls';
import { smallDisk } from '../../support/mounts';
import { until } from '../sync/engine-harness';
import { forgetKeychainService } from '../../support/keychain';

const DISK_BYTES = 32 * 1024 * 1024;
const keychainService = `team-chat-test-disk-full-${process.pid}`;
const dataDir = mkdtempSync(join(tmpdir(), 'disk-full-app-'));
const filler = join(dataDir, 'filler');
let unmount: () => void = () => undefined;
let service: RunningService;
let core: AppCore;
let admin: ServiceAccount;
let member: ServiceAccount;
/** What the app logs, to count its looks at the disk. */
const lines: string[] = [];
const logger = { debug: (message: string) => void lines.push(message), info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  unmount = smallDisk(dataDir, DISK_BYTES);
  service = await startService({ org: 'demo', heartbeatSeconds: 1 });
  admin = service.accounts.find((a) => a.role === 200)!;
  member = service.accounts.find((a) => a.role === 400)!;
  core = await createAppCore({ dataDir, logger, snapshotMode: 'inline', keychainService, backoff: { baseMs: 100, maxMs: 400 }, diskCheckMs: 100 });
});
afterAll(async () => {
  await core?.shutdown();
  await service?.close();
  unmount();
  rmSync(dataDir, { recursive: true, force: true });
  await forgetKeychainService(keychainService);
});

const calls = () => asCalled(core.handlers);
const status = async () => (await calls()['app.state'](undefined)).status;
const between = () => directConversation([admin.user_id, member.user_id]);
const notes = () => directConversation([member.user_id]);
const copies = (content: string) => service.db.prepare('SELECT count(*) FROM messages WHERE content = ?').pluck().get(content);
const registrations = () => service.requests.counts({ user_id: member.user_id })['POST /register 200'] ?? 0;
/** How often the app has looked at the disk since it found it full. */
const diskChecks = () => lines.filter((line) => line === 'the disk still refuses writes').length;
const DISK_FULL = /^The disk is full at \/tmp\/disk-full-app-\w+[^;]*; nothing was lost\./;

/** Fills the disk to its last byte. */
function fill(): void {
  writeFileSync(filler, '');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) appendFileSync(filler, chunk);
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'ENOSPC')) throw error;
  }
  // The last partial block.
  try {
    for (;;) appendFileSync(filler, Buffer.alloc(512, 1));
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'ENOSPC')) throw error;
  }
}

/** Another user writes to the member, through the server. */
async function adminWrites(content: string): Promise<void> {
  const answer = await fetch(`${service.url}/api/v1/messages`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${admin.email}:${admin.api_key}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ type: 'direct', to: JSON.stringify([member.user_id]), content }),
  });
  expect(answer.status).toBe(200);
}

/** Sends `content` while the disk is full: queued (then sent once space returns) or refused, saying why as the window reads it. */
async function sendWhileFull(content: string): Promise<'queued' | 'refused'> {
  try {
    await calls()['messages.send']({ conversation: between(), content });
    return 'queued';
  } catch (error) {
    expect(describeError(error).message).toMatch(DISK_FULL);
    return 'refused';
  }
}

async function mirrorHas(content: string): Promise<boolean> {
  const page = await calls()['messages.page']({ conversation: between(), cached: true, limit: 100 });
  return page.messages.some(({ message }) => message.content.includes(content));
}

it('says the disk is full, stops registering again until space returns, resumes by itself, and loses nothing', async () => {
  await calls()['accounts.signIn']({ server_url: service.url, email: member.email, api_key: member.api_key });
  await until(async () => (await status()).state === 'online', 'online');
  await calls()['messages.send']({ conversation: between(), content: 'before the disk filled' });
  await calls()['drafts.save']({ conversation: notes(), content: 'a draft written before the disk filled' });
  await until(() => copies('before the disk filled') === 1, 'the first message sent');

  // The disk fills; the server loses the event queue, so sync registers again and gets a snapshot it cannot store.
  fill();
  const registered = registrations();
  service.expireQueues();
  await adminWrites('written to the member while the disk was full');
  await until(async () => (await status()).state === 'disk', 'the sync status says the disk refused', 20_000);
  const said = await status();
  expect(said.state === 'disk' && said.message).toMatch(DISK_FULL);

  // Sends and saves meanwhile: each stored or refused in words, never "something went wrong".
  const sent: Record<string, 'queued' | 'refused'> = {};
  for (const content of ['while full one', 'while full two', 'while full three']) sent[content] = await sendWhileFull(content);
  await calls()['drafts.save']({ conversation: notes(), content: 'a draft written while the disk was full' }).then(
    () => undefined,
    (error: unknown) => expect(describeError(error).message).toMatch(DISK_FULL),
  );

  // While it waits, it looks at the disk, and does not register again.
  const checked = diskChecks();
  await until(() => diskChecks() >= checked + 5, 'five looks at the disk');
  expect(registrations()).toBeLessThanOrEqual(registered + 1);
  expect((await status()).state).toBe('disk');

  // Space returns: sync resumes by itself.
  unlinkSync(filler);
  await until(async () => (await status()).state === 'online', 'online again', 20_000);
  await until(() => mirrorHas('written to the member while the disk was full'), 'the message written meanwhile in the mirror');
  for (const [content, outcome] of Object.entries(sent)) {
    if (outcome === 'queued') await until(() => copies(content) === 1, `${content} sent`);
  }
  await until(async () => (await calls()['outbox.list'](undefined)).length === 0, 'the outbox emptied');

  // Nothing lost, nothing twice.
  expect(copies('before the disk filled')).toBe(1);
  for (const [content, outcome] of Object.entries(sent)) expect(copies(content)).toBe(outcome === 'queued' ? 1 : 0);
  const draft = (await calls()['drafts.get']({ conversation: notes() }))?.content;
  expect(['a draft written before the disk filled', 'a draft written while the disk was full']).toContain(draft);

  // A second time, with the queue alive: the events that cannot be stored wait on the server, and
  // no registration is made at all.
  fill();
  const before = registrations();
  await adminWrites('written again while the disk was full');
  await until(async () => (await status()).state === 'disk', 'the sync status says the disk refused again', 20_000);
  const again = diskChecks();
  await until(() => diskChecks() >= again + 5, 'five more looks at the disk');
  unlinkSync(filler);
  await until(async () => (await status()).state === 'online', 'online again', 20_000);
  await until(() => mirrorHas('written again while the disk was full'), 'the second message in the mirror');
  expect(registrations()).toBe(before);
});

// Seen once in a CI run beside a benchmark: the server settings asked for after a registration came
// back to a disk filled meanwhile, and their write rejected where nobody listened (in Electron's
// main process, an unhandled rejection).
it('says the disk is full when the server settings asked for after a registration come back to a full disk', async () => {
  await until(async () => (await status()).state === 'online', 'online');
  const { active_account_id } = await calls()['app.state'](undefined);
  const mirror = openMirrorToRead(join(dataDir, 'accounts', active_account_id!, 'mirror.db'))!;
  try {
    // The test above may end without them (their answer can meet its second full disk, as here):
    // a registration with the disk free brings them back.
    if (realmValue(mirror, 'server_settings') === undefined) {
      service.expireQueues();
      await until(() => realmValue(mirror, 'server_settings') !== undefined, 'the server settings stored again', 20_000);
    }
    // Each answer a second and a half late, so the disk fills between the registration and them.
    service.faults.latencyMs = 1_500;
    service.expireQueues();
    // A registration replaces the realm values, the last server settings with them, until theirs come.
    await until(() => realmValue(mirror, 'server_settings') === undefined, 'registered again, the server settings asked for');
    fill();
    await until(() => lines.includes('server settings not refreshed'), 'the server settings met the full disk', 20_000);
    await until(async () => (await status()).state === 'disk', 'the sync status says the disk refused', 20_000);
  } finally {
    service.faults.latencyMs = 0;
    mirror.close();
  }
  unlinkSync(filler);
  await until(async () => (await status()).state === 'online', 'online again', 20_000);
});
