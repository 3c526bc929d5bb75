// Offline, the messaging actions that can wait go to the outbox (shown pending), are replayed
// on reconnect, and a refused replay keeps the server's message; the others are refused at once.
// Messages sent offline have their own tests (send-queue.test.ts).
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AccountSession } from '../../../main/app/session';
import { outboxItems } from '../../../main/store/outbox';
import { startService, type RunningService } from '../../service/index';
import { mirrorDir, startSession, until } from '../sync/engine-harness';
import { messagingHandlers } from './harness';

let service: RunningService;
let session: AccountSession;
const mirror = mirrorDir();
const serviceDb = mirrorDir();

beforeAll(async () => {
  service = await startService({ org: 'demo', dbPath: serviceDb.path, heartbeatSeconds: 1, longpollTimeoutSeconds: 2 });
});
afterAll(async () => {
  await session?.close();
  await service.close();
  mirror.remove();
  serviceDb.remove();
});

it('defers snippet edits, flags, topic preferences and reaction removal offline, and replays them', async () => {
  const member = service.accounts.find((a) => a.role === 400)!;
  session = startSession(service.url, member, mirror.path, { backoff: { baseMs: 100, maxMs: 500 } });
  const h = messagingHandlers(session);
  await until(() => session.engine.status.state === 'online', 'online');
  const [first] = (await h['messages.page']({ conversation: 'channel:1:welcome', limit: 50, cached: false })).messages;
  const message_id = first!.message.id;
  const tada = first!.message.reactions.find((r) => r.user_id === member.user_id)!;
  const snippets = await h['snippets.list'](undefined);
  const [kept, doomed] = snippets;

  const port = Number(new URL(service.url).port);
  await service.close();
  await until(() => session.engine.status.state === 'offline', 'offline');

  expect(await h['snippets.edit']({ saved_snippet_id: kept!.saved_snippet_id, title: 'Edited offline' })).toMatchObject({ pending: true });
  expect(await h['snippets.edit']({ saved_snippet_id: doomed!.saved_snippet_id, title: 'Refused later' })).toMatchObject({ pending: true });
  expect(await h['messages.flag']({ messages: [message_id], op: 'add', flag: 'starred' })).toMatchObject({ pending: true });
  expect(await h['topics.setPreference']({ stream_id: 1, topic: 'welcome', visibility_policy: 3 })).toMatchObject({ pending: true });
  expect(await h['messages.removeReaction']({ message_id, emoji_name: tada.emoji_name, emoji_code: tada.emoji_code, reaction_type: tada.reaction_type })).toMatchObject({
    pending: true,
  });
  // Shown at once in the mirror, marked pending by record key.
  expect((await h['snippets.list'](undefined)).find((s) => s.saved_snippet_id === kept!.saved_snippet_id)?.title).toBe('Edited offline');
  expect(outboxItems(session.db, 'pending').map((i) => i.record_key)).toEqual([
    `saved_snippets:${kept!.saved_snippet_id}`,
    `saved_snippets:${doomed!.saved_snippet_id}`,
    `messages:${message_id}`,
    'user_topics:1:welcome',
    `messages:${message_id}`,
  ]);
  // What cannot wait is refused with the reason.
  await expect(h['snippets.create']({ title: 't', content: 'c' })).rejects.toMatchObject({ code: 'OFFLINE' });

  // Meanwhile the snippet disappears on the server, so its edit will be refused.
  const db = new Database(serviceDb.path);
  db.prepare('DELETE FROM saved_snippets WHERE saved_snippet_id = ?').run(doomed!.saved_snippet_id);
  db.close();
  service = await startService({ org: 'demo', dbPath: serviceDb.path, port, resume: true, heartbeatSeconds: 1, longpollTimeoutSeconds: 2 });

  await until(() => outboxItems(session.db, 'pending').length === 0, 'replayed', 20_000);
  const left = outboxItems(session.db);
  expect(left).toHaveLength(1);
  expect(left[0]).toMatchObject({ record_key: `saved_snippets:${doomed!.saved_snippet_id}`, state: 'failed' });
  expect(left[0]!.error_msg).toMatch(/snippet/i);
  expect((await session.client.call('getSavedSnippets', {})).saved_snippets.find((s) => s.saved_snippet_id === kept!.saved_snippet_id)?.title).toBe('Edited offline');
  const [after] = (await h['messages.page']({ conversation: 'channel:1:welcome', limit: 50, cached: false })).messages;
  expect(after!.flags).toContain('starred');
  expect(after!.message.reactions.some((r) => r.user_id === member.user_id && r.emoji_code === tada.emoji_code)).toBe(false);
});
