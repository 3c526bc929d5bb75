// The event queue against a real server: when the server forgets the app's queue (expired, or
// deleted, as here), the app registers again and the messages sent meanwhile reach the mirror,
// read and unread alike, each once.
import Database from 'better-sqlite3';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { channelTopicConversation } from '../../shared/conversation';
import { account, Bare, marker, openApp, signIn, until, type RealApp } from './harness';

const VERONA = 3;
let app: RealApp;
const iago = () => new Bare(account('iago@zulip.com'));
const hamlet = () => new Bare(account('hamlet@zulip.com'));

beforeAll(async () => {
  app = await openApp('queue');
  await signIn(app, account('iago@zulip.com'));
});
afterAll(() => app.close());

/** The event queue the app's mirror says it polls (read beside the running app, as WAL allows). */
function savedQueueId(): string {
  const [account_id] = readdirSync(join(app.dataDir, 'accounts'));
  const db = new Database(join(app.dataDir, 'accounts', account_id!, 'mirror.db'), { readonly: true });
  try {
    const row = db.prepare('SELECT queue_id FROM event_queue').get() as { queue_id: string } | undefined;
    if (!row) throw new Error('no event queue saved');
    return row.queue_id;
  } finally {
    db.close();
  }
}

async function post(as: Bare, topic: string, content: string, readBySender = false): Promise<number> {
  const sent = await as.call('POST', '/messages', { type: 'stream', to: VERONA, topic, content, read_by_sender: readBySender });
  if (typeof sent.id !== 'number') throw new Error(`send: ${String(sent.msg)}`);
  return sent.id;
}

it('registers again when the server has forgotten its queue, and the messages sent meanwhile arrive once', async () => {
  const topic = marker('queue');
  const conversation = channelTopicConversation(VERONA, topic);
  const cached = async () => (await app.call('messages.page', { conversation, cached: true, limit: 20 })).messages.map((view) => view.message.id);
  const first = await post(hamlet(), topic, 'before the queue goes');
  await until(async () => (await cached()).includes(first), 'the first message in the mirror');

  const forgotten = savedQueueId();
  const deleted = await iago().call('DELETE', '/events', { queue_id: forgotten });
  expect(deleted.result).toBe('success');
  // One the app's user wrote on another device (read for them, as the family's own clients send
  // it), one from someone else (unread).
  const own = await post(iago(), topic, 'written on another device meanwhile', true);
  const other = await post(hamlet(), topic, 'and a reply meanwhile');

  await until(async () => (await cached()).includes(other) && (await cached()).includes(own), 'both messages in the mirror', 30_000);
  expect(await cached()).toEqual([first, own, other]);
  expect(savedQueueId()).not.toBe(forgotten);
  const unread = await app.call('unread.counts', undefined);
  expect(unread.conversations.find((c) => c.conversation === conversation)).toMatchObject({ unread: 2, newest_message_id: other });
  const flags = (await app.call('messages.page', { conversation, cached: true, limit: 20 })).messages.map((view) => view.flags.includes('read'));
  expect(flags).toEqual([false, true, false]);
});
