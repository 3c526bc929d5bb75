// Messages go out through the outbox, exactly once: sent offline, they wait (shown pending, in
// order) and go on reconnect; an answer lost after the server stored the message, or a restart
// with a send in flight, is looked up before anything is sent again; a refusal stays, with the
// server's reason, until edited and retried; transient failures are bounded. Drafts live in the
// mirror through restarts. Against the simulator on 127.0.0.1, through a proxy that loses answers.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ServiceClient } from '../../../main/api/service-client';
import type { AccountSession } from '../../../main/app/session';
import { openMirror } from '../../../main/store/database';
import { newestMessageId } from '../../../main/store/messages';
import { markInFlight, outboxItems } from '../../../main/store/outbox';
import { startService, type RunningService, type ServiceAccount } from '../../service/index';
import { mirrorDir, startSession, until } from '../sync/engine-harness';
import { messagingHandlers } from './harness';
import { startLossyProxy, type LossyProxy } from './lossy-proxy';

let service: RunningService;
let proxy: LossyProxy;
let port: number;
let member: ServiceAccount;
let admin: ServiceAccount;
const serviceDb = mirrorDir();
const sessions: AccountSession[] = [];
const mirrors: { remove: () => void }[] = [];
const serviceOptions = { org: 'demo', dbPath: serviceDb.path, heartbeatSeconds: 1, longpollTimeoutSeconds: 2 } as const;

beforeAll(async () => {
  service = await startService(serviceOptions);
  port = Number(new URL(service.url).port);
  proxy = await startLossyProxy(service.url);
  member = service.accounts.find((a) => a.role === 400)!;
  admin = service.accounts.find((a) => a.role === 100 || a.role === 200)!;
});
afterAll(async () => {
  for (const session of sessions) await session.close();
  await proxy.close();
  await service.close();
  for (const mirror of mirrors) mirror.remove();
  serviceDb.remove();
});

function newMirror(): string {
  const mirror = mirrorDir();
  mirrors.push(mirror);
  return mirror.path;
}

/** A session of the member through the proxy, with short retry delays. */
async function open(path: string): Promise<{ session: AccountSession; h: ReturnType<typeof messagingHandlers> }> {
  const session = startSession(proxy.url, member, path, { backoff: { baseMs: 100, maxMs: 400 } });
  sessions.push(session);
  return { session, h: messagingHandlers(session) };
}

async function close(session: AccountSession): Promise<void> {
  sessions.splice(sessions.indexOf(session), 1);
  await session.close();
}

/** The member's messages on the server with this text, oldest first. */
function onServer(content: string): number[] {
  const rows = service.db.prepare('SELECT id FROM messages WHERE sender_id = ? AND content = ? ORDER BY id').all(member.user_id, content) as { id: number }[];
  return rows.map((row) => row.id);
}

async function stopService(session: AccountSession): Promise<void> {
  await service.close();
  await until(() => session.engine.status.state === 'offline', 'offline');
}

async function restartService(): Promise<void> {
  service = await startService({ ...serviceOptions, port, resume: true });
}

const topic = (name: string) => `channel:1:${name}`;

it('queues messages sent offline with their drafts cleared, keeps them and the drafts through a restart, and delivers each once, in order', async () => {
  const path = newMirror();
  const first = await open(path);
  await until(() => first.session.engine.status.state === 'online', 'online');
  const direct = `direct:${[admin.user_id, member.user_id].sort((a, b) => a - b).join(',')}`;
  await first.h['drafts.save']({ conversation: topic('queue'), content: 'about to go' });
  await first.h['drafts.save']({ conversation: topic('kept'), content: 'never sent' });
  await stopService(first.session);

  const sent = [];
  for (const [conversation, content] of [
    [topic('queue'), 'offline one'],
    [direct, 'offline two'],
    [topic('queue'), 'offline three'],
  ] as const) {
    sent.push(await first.h['messages.send']({ conversation, content }));
  }
  expect(outboxItems(first.session.db).map((item) => item.outbox_id)).toEqual(sent.map((s) => s.outbox_id));
  // Sending cleared the draft of its conversation, and only that one.
  expect(await first.h['drafts.get']({ conversation: topic('queue') })).toBeNull();
  expect(await first.h['drafts.get']({ conversation: topic('kept') })).toMatchObject({ content: 'never sent' });
  const page = await first.h['messages.page']({ conversation: topic('queue'), limit: 50, cached: true });
  expect(page.pending.map((p) => [p.content, p.state])).toEqual([
    ['offline one', 'sending'],
    ['offline three', 'sending'],
  ]);

  // The app quits offline; the next start has the queue and the draft.
  await close(first.session);
  const second = await open(path);
  expect((await second.h['messages.page']({ conversation: direct, limit: 50, cached: true })).pending.map((p) => p.content)).toEqual(['offline two']);
  expect((await second.h['drafts.list'](undefined)).map((d) => [d.conversation, d.preview, d.title])).toEqual([[topic('kept'), 'never sent', '#general › kept']]);

  await restartService();
  await until(() => outboxItems(second.session.db).length === 0, 'queue drained', 20_000);
  const ids = ['offline one', 'offline two', 'offline three'].map(onServer);
  expect(ids.map((found) => found.length)).toEqual([1, 1, 1]);
  expect(ids.flat()).toEqual([...ids.flat()].sort((a, b) => a - b));
  expect((await second.h['messages.page']({ conversation: topic('queue'), limit: 50, cached: true })).pending).toEqual([]);
  await close(second.session);
});

it('sends online at once, and an answer lost after the server stored the message does not send it twice', async () => {
  const { session, h } = await open(newMirror());
  await until(() => session.engine.status.state === 'online', 'online');
  await h['messages.send']({ conversation: topic('lossy'), content: 'answered' });
  await until(() => onServer('answered').length === 1 && outboxItems(session.db).length === 0, 'sent and filed');

  proxy.loseAnswers = 1;
  await h['messages.send']({ conversation: topic('lossy'), content: 'answer lost' });
  await until(() => outboxItems(session.db).length === 0, 'the lost answer resolved', 20_000);
  expect(proxy.loseAnswers).toBe(0);
  expect(onServer('answer lost')).toHaveLength(1);
  await close(session);
});

it('never lets a sent message vanish between the answer to its send and its event: waiting in the outbox or filed in the conversation at every moment', async () => {
  const { session, h } = await open(newMirror());
  await until(() => session.engine.status.state === 'online', 'online');
  const conversation = topic('always shown');
  const content = 'Shown from Enter to its event';
  // The event queue's answers come 600 ms late: the send is answered well before its event.
  proxy.delayEventsMs = 600;
  const vanished: number[] = [];
  try {
    const sent = h['messages.send']({ conversation, content });
    let filed = false;
    let looks = 0;
    while (!filed) {
      const page = await h['messages.page']({ conversation, limit: 50, cached: true });
      filed = page.messages.some((view) => view.message.content.includes(content));
      if (!filed && !page.pending.some((pending) => pending.content === content)) vanished.push(looks);
      looks += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await sent;
  } finally {
    proxy.delayEventsMs = 0;
  }
  expect(vanished, 'looks at which the message was neither pending nor in its conversation').toEqual([]);
  expect(onServer(content)).toHaveLength(1);
  expect((await h['messages.page']({ conversation, limit: 50, cached: true })).pending).toEqual([]);
  await close(session);
});

it('files a message sent to a channel the user is not subscribed to at once, no event bringing it back: real servers give the sender no copy of it', async () => {
  // The wait for an event is out of reach: only the lookup made at once can file it.
  const session = startSession(proxy.url, member, newMirror(), { eventWaitMs: 3_600_000 });
  sessions.push(session);
  const h = messagingHandlers(session);
  await until(() => session.engine.status.state === 'online', 'online');
  const outside = 'channel:7:from outside';
  await h['messages.send']({ conversation: outside, content: 'Posted from outside' });
  await until(() => outboxItems(session.db).length === 0, 'found in the channel and filed', 20_000);
  const [id] = onServer('Posted from outside');
  expect((await h['messages.page']({ conversation: outside, limit: 50, cached: true })).messages.map((view) => view.message.id)).toEqual([id]);
  await close(session);
});

it('looks up a message found in flight after a restart: sent once whether or not it had reached the server', async () => {
  const path = newMirror();
  const first = await open(path);
  await until(() => first.session.engine.status.state === 'online', 'online');
  await stopService(first.session);
  const reached = await first.h['messages.send']({ conversation: topic('crash'), content: 'reached before the crash' });
  const lost = await first.h['messages.send']({ conversation: topic('crash'), content: 'lost in the crash' });
  await close(first.session);

  // As the app left them when it died with both requests out: in flight, outcome unknown.
  const db = openMirror(path);
  for (const result of [reached, lost]) markInFlight(db, result.outbox_id, newestMessageId(db) ?? 0);
  db.close();
  // Its request may have reached the server: it can no longer be discarded (or edited).
  const stuck = await open(path);
  await expect(stuck.h['outbox.discard']({ outbox_id: reached.outbox_id })).rejects.toThrow(expect.objectContaining({ code: 'IN_FLIGHT' }));
  await close(stuck.session);
  await restartService();
  // The first request had reached the server (sent with a queue that died with the app).
  const bare = new ServiceClient({ serverUrl: service.url, email: member.email, apiKey: member.api_key });
  await bare.call('sendMessage', { type: 'stream', to: 1, topic: 'crash', content: 'reached before the crash' });

  const second = await open(path);
  await until(() => outboxItems(second.session.db).length === 0, 'in-flight items resolved', 20_000);
  expect(onServer('reached before the crash')).toHaveLength(1);
  expect(onServer('lost in the crash')).toHaveLength(1);
  await close(second.session);
});

it("keeps a refused message with the server's reason until it is edited and retried; transient failures end in failed, not forever", async () => {
  const { session, h } = await open(newMirror());
  await until(() => session.engine.status.state === 'online', 'online');
  const refused = await h['messages.send']({ conversation: topic('refused'), content: '   ' });
  await until(() => outboxItems(session.db, 'failed').length === 1, 'refused');
  const [failed] = (await h['messages.page']({ conversation: topic('refused'), limit: 50, cached: true })).pending;
  expect(failed).toMatchObject({ outbox_id: refused.outbox_id, state: 'failed', error_msg: 'Message must not be empty', newer: 0 });

  // A message sent since (in a later second than the refused one was written) is newer: sent now, the refused one lands after it.
  await until(() => Date.now() >= (Math.floor(failed!.created_at / 1000) + 1) * 1000, 'a second later');
  await h['messages.send']({ conversation: topic('refused'), content: 'Sent meanwhile' });
  await until(() => outboxItems(session.db).length === 1, 'the newer message filed');
  const [behind] = (await h['messages.page']({ conversation: topic('refused'), limit: 50, cached: true })).pending;
  expect(behind).toMatchObject({ outbox_id: refused.outbox_id, newer: 1 });

  // A queued edit is held to the server's max_message_length (issue 26 item 5).
  await expect(h['messages.editQueued']({ outbox_id: refused.outbox_id, content: 'x'.repeat(10_001) })).rejects.toThrow(/too long/);
  expect(outboxItems(session.db)[0]?.payload['content']).toBe('   ');

  await h['messages.editQueued']({ outbox_id: refused.outbox_id, content: 'Now with words' });
  await h['outbox.retry']({ outbox_id: refused.outbox_id });
  await until(() => outboxItems(session.db).length === 0, 'the edited message sent');
  expect(onServer('Now with words')).toHaveLength(1);

  proxy.refuseSends = 100;
  const unlucky = await h['messages.send']({ conversation: topic('refused'), content: 'server keeps failing' });
  await until(() => outboxItems(session.db, 'failed').length === 1, 'given up', 20_000);
  proxy.refuseSends = 0;
  // Its send went out each time and a 503 does not say the server did not take it: it may have been sent.
  const [gaveUp] = (await h['messages.page']({ conversation: topic('refused'), limit: 50, cached: true })).pending;
  expect(gaveUp).toMatchObject({ outbox_id: unlucky.outbox_id, state: 'unknown' });
  expect(gaveUp!.error_msg).toMatch(/^No answer after 5 tries: it may have been sent/);
  expect(onServer('server keeps failing')).toEqual([]);
  // Checked, the server does not have it: it is failed, and Retry sends it.
  expect(await h['outbox.check']({ outbox_id: unlucky.outbox_id })).toEqual({ found: false });
  const [checked] = (await h['messages.page']({ conversation: topic('refused'), limit: 50, cached: true })).pending;
  expect(checked).toMatchObject({ state: 'failed', error_msg: 'Checked: the server does not have it. Retry sends it.' });
  await h['outbox.retry']({ outbox_id: unlucky.outbox_id });
  await until(() => outboxItems(session.db).length === 0, 'sent after the check');
  expect(onServer('server keeps failing')).toHaveLength(1);
  await close(session);
});

it('a message the server stored behind 504s, its lookups failing and no event coming, is looked up before it is sent again; its local id sent again is the same message (issue 26 item 1)', async () => {
  const { session, h } = await open(newMirror());
  await until(() => session.engine.status.state === 'online', 'online');
  proxy.withholdEvents = true;
  proxy.timeOutReads = true;
  proxy.timeOutSends = 100;
  const sent = await h['messages.send']({ conversation: topic('gateway'), content: 'Stored behind a 504' });
  await until(() => outboxItems(session.db, 'failed').length === 1, 'given up', 20_000);
  proxy.timeOutSends = 0;
  const [unsure] = (await h['messages.page']({ conversation: topic('gateway'), limit: 50, cached: true })).pending;
  expect(unsure).toMatchObject({ outbox_id: sent.outbox_id, state: 'unknown' });
  expect(unsure!.error_msg).toMatch(/may have been sent/);
  expect(onServer('Stored behind a 504')).toHaveLength(1);

  // Retry looks it up first (the server answers lookups again; its event still does not come): found, it is not sent again.
  proxy.timeOutReads = false;
  await h['outbox.retry']({ outbox_id: sent.outbox_id });
  await until(() => outboxItems(session.db)[0]?.sent_message_id != null, 'found by its lookup');
  expect(onServer('Stored behind a 504')).toHaveLength(1);
  proxy.withholdEvents = false;
  await until(() => outboxItems(session.db).length === 0, 'filed by its event');

  // The renderer repeats the send of that compose attempt (its answer lost): the same message, not a second one.
  expect(await h['messages.send']({ conversation: topic('gateway'), content: 'Stored behind a 504', local_id: sent.local_id })).toEqual(sent);
  expect(outboxItems(session.db)).toEqual([]);
  expect(onServer('Stored behind a 504')).toHaveLength(1);
  await close(session);
});

it('offers a scheduled message that came due offline to be sent now or rescheduled, and lists pending edits with their new values', async () => {
  const { session, h } = await open(newMirror());
  await until(() => session.engine.status.state === 'online', 'online');
  const soon = Math.floor(Date.now() / 1000) + 2;
  const later = Math.floor(Date.now() / 1000) + 3600;
  const created = await h['scheduled.create']({ kind: 'channel', to: 1, topic: 'plans', content: 'Scheduled before', scheduled_delivery_timestamp: later });
  if (created.pending) throw new Error('not created online');
  await until(async () => (await h['scheduled.list'](undefined)).messages.length > 0, 'scheduled message mirrored');
  await stopService(session);

  const dueNow = await h['scheduled.create']({ kind: 'channel', to: 1, topic: 'plans', content: 'Came due offline', scheduled_delivery_timestamp: soon });
  const dueLater = await h['scheduled.create']({ kind: 'channel', to: 1, topic: 'plans', content: 'Try again later', scheduled_delivery_timestamp: soon });
  await h['scheduled.edit']({ scheduled_message_id: created.value.scheduled_message_id, content: 'Edited offline' });
  const listed = (await h['scheduled.list'](undefined)).messages.find((m) => m.scheduled_message_id === created.value.scheduled_message_id);
  expect(listed).toMatchObject({ content: 'Edited offline', pending: true });
  await until(() => Date.now() / 1000 > soon + 1, 'the delivery time passed');

  await restartService();
  await until(() => outboxItems(session.db, 'pending').length === 0, 'replayed', 20_000);
  const refusals = outboxItems(session.db, 'failed');
  expect(refusals.map((item) => item.error_msg)).toEqual(['Scheduled delivery time must be in the future.', 'Scheduled delivery time must be in the future.']);
  if (!dueNow.pending || !dueLater.pending) throw new Error('not queued offline');

  await h['scheduling.sendNow']({ outbox_id: dueNow.outbox_id });
  await until(() => onServer('Came due offline').length === 1, 'sent now');
  await h['scheduling.reschedule']({ outbox_id: dueLater.outbox_id, scheduled_delivery_timestamp: later });
  await until(() => outboxItems(session.db).length === 0, 'rescheduled');
  const server = (await session.client.call('getScheduledMessages', {})).scheduled_messages;
  expect(server.map((m) => [m.content, m.scheduled_delivery_timestamp])).toEqual(
    expect.arrayContaining([
      ['Edited offline', later],
      ['Try again later', later],
    ]),
  );
  await close(session);
});
