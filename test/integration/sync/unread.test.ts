// The mirror's unread state against the simulator's: after registration (a generated history, most
// of it never cached) and after each event that changes it, the mirror's counts per conversation
// are the server's. Mutes are taken into account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directConversation, channelTopicConversation } from '../../../main/store/messages';
import { unreadCounts } from '../../../main/store/unread';
import { startService, type RunningService, type ServiceAccount } from '../../service/index';
import { clientFor, type Client } from '../../service/testing/client';
import { mirrorDir, runEngine, until, type EngineRun } from './engine-harness';

let service: RunningService;
let member: ServiceAccount;
let admin: ServiceAccount;
let asMember: Client;
let asAdmin: Client;
let run: EngineRun;
let dir: ReturnType<typeof mirrorDir>;

beforeAll(async () => {
  service = await startService({ org: 'demo', heartbeatSeconds: 1, longpollTimeoutSeconds: 2, messages: 1500 });
  member = service.accounts.find((account) => account.role === 400)!;
  admin = service.accounts.find((account) => account.role === 200)!;
  asMember = clientFor(service.url, member);
  asAdmin = clientFor(service.url, admin);
  dir = mirrorDir();
  run = runEngine(service.url, member, dir.path);
  await until(() => run.engine.status.state === 'online', 'online');
});
afterAll(async () => {
  await run.stop();
  dir.remove();
  await service.close();
});

interface ServerUnread {
  streams: { stream_id: number; topic: string; unread_message_ids: number[] }[];
  pms: { other_user_id: number; unread_message_ids: number[] }[];
  huddles: { user_ids_string: string; unread_message_ids: number[] }[];
  mentions: number[];
}

/** The server's unread count per conversation, from a fresh registration. */
async function serverCounts(): Promise<Record<string, number>> {
  const reply = await asMember.post('/register', { fetch_event_types: ['message', 'update_message_flags'], client_capabilities: { empty_topic_name: true } });
  const unread = reply.body['unread_msgs'] as ServerUnread;
  const counts: Record<string, number> = {};
  for (const entry of unread.streams) counts[channelTopicConversation(entry.stream_id, entry.topic)] = entry.unread_message_ids.length;
  for (const entry of unread.pms) counts[directConversation([entry.other_user_id, member.user_id])] = entry.unread_message_ids.length;
  for (const entry of unread.huddles) counts[directConversation(entry.user_ids_string.split(',').map(Number))] = entry.unread_message_ids.length;
  return counts;
}

const mirrorCounts = (): Record<string, number> => Object.fromEntries(unreadCounts(run.db).conversations.map((entry) => [entry.conversation, entry.unread]));

async function mirrorMatchesServer(what: string): Promise<Record<string, number>> {
  const expected = await serverCounts();
  await until(() => JSON.stringify(sorted(mirrorCounts())) === JSON.stringify(sorted(expected)), what);
  return expected;
}
const sorted = (counts: Record<string, number>): [string, number][] => Object.entries(counts).sort(([a], [b]) => a.localeCompare(b));

async function send(client: Client, params: Record<string, unknown>): Promise<number> {
  const reply = await client.post('/messages', params as never);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body['id'] as number;
}


describe('unread state from the server', () => {
  it('comes from registration: every unread conversation of the history, though none of its messages is cached', async () => {
    const expected = await mirrorMatchesServer('registration counts');
    expect(Object.keys(expected).length).toBeGreaterThan(5);
    // The demo member mutes general > lunch plans (and follows engineering > deploys).
    const lunch = channelTopicConversation(1, 'lunch plans');
    expect(expected[lunch]).toBeGreaterThan(0);
    const total = Object.values(expected).reduce((sum, count) => sum + count, 0);
    const counts = unreadCounts(run.db);
    expect(counts.total).toBe(total - (expected[lunch] ?? 0));
    expect(counts.conversations.filter((entry) => entry.muted).map((entry) => entry.conversation)).toEqual([lunch]);
    expect(counts.conversations.find((entry) => entry.conversation === channelTopicConversation(3, 'deploys'))?.followed).toBe(true);
    expect(counts.mentions).toBeGreaterThan(0);
  });

  it('counts new messages to the user, and a mention as a mention', async () => {
    const before = unreadCounts(run.db).mentions;
    await send(asAdmin, { type: 'direct', to: JSON.stringify([member.user_id]), content: 'Are you there?' });
    await send(asAdmin, { type: 'stream', to: 'general', topic: 'unread test', content: `@**${member.full_name}** have a look` });
    const expected = await mirrorMatchesServer('new messages counted');
    expect(expected[channelTopicConversation(1, 'unread test')]).toBe(1);
    expect(unreadCounts(run.db).mentions).toBe(before + 1);
  });

  it('follows a topic marked read over a narrow, and messages marked unread again that are not cached', async () => {
    const narrow = [{ operator: 'channel', operand: 1 }, { operator: 'topic', operand: 'unread test' }];
    await asMember.post('/messages/flags/narrow', { anchor: 'oldest', num_before: 0, num_after: 1000, narrow, op: 'add', flag: 'read' });
    const expected = await mirrorMatchesServer('topic read');
    expect(expected[channelTopicConversation(1, 'unread test')]).toBeUndefined();

    const history = await asMember.get('/messages', { anchor: 'newest', num_before: 3, num_after: 0, narrow: [{ operator: 'channel', operand: 'general' }] });
    const ids = (history.body['messages'] as { id: number }[]).map((message) => message.id);
    await asMember.post('/messages/flags', { messages: ids, op: 'remove', flag: 'read' });
    await mirrorMatchesServer('marked unread again');
  });

  it('follows everything marked read at once', async () => {
    await asMember.post('/mark_all_as_read');
    await until(() => unreadCounts(run.db).conversations.length === 0, 'everything read');
    expect(await serverCounts()).toEqual({});
  });

  it('leaves a muted topic out of the total, dimmed, and counts it again when unmuted', async () => {
    await send(asAdmin, { type: 'stream', to: 'general', topic: 'noisy', content: 'one' });
    await send(asAdmin, { type: 'stream', to: 'general', topic: 'quiet', content: 'two' });
    await until(() => unreadCounts(run.db).total === 2, 'two unread');
    await asMember.post('/user_topics', { stream_id: 1, topic: 'noisy', visibility_policy: 1 });
    await until(() => unreadCounts(run.db).total === 1, 'the muted topic left out');
    const noisy = unreadCounts(run.db).conversations.find((entry) => entry.conversation === channelTopicConversation(1, 'noisy'));
    expect(noisy).toMatchObject({ unread: 1, muted: true });
    await asMember.post('/user_topics', { stream_id: 1, topic: 'noisy', visibility_policy: 0 });
    await until(() => unreadCounts(run.db).total === 2, 'counted again');
  });
});
