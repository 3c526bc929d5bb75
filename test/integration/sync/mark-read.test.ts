// Marking read through the app (the unread.markRead channel) against the simulator: a topic, a
// channel, then everything, through the flag update over a narrow; the counts
// drop at once and the server agrees. Offline, the action waits in the outbox and is sent on
// reconnect.
import { describe, expect, it } from 'vitest';
import { channelTopicConversation } from '../../../shared/conversation';
import type { AccountSession } from '../../../main/app/session';
import type { CoreContext } from '../../../main/handlers/context';
import { conversationHandlers, type ConversationChannel } from '../../../main/handlers/conversations';
import { unreadHandlers } from '../../../main/handlers/unread';
import { outboxItems } from '../../../main/store/outbox';
import { unreadCounts } from '../../../main/store/unread';
import type { ServiceAccount } from '../../service/index';
import { clientFor } from '../../service/testing/client';
import { asCalled, type IpcCalls } from '../../support/ipc-calls';
import { until, useSimulatorSessions } from './engine-harness';

const sim = useSimulatorSessions({ org: 'demo', heartbeatSeconds: 1, longpollTimeoutSeconds: 2, messages: 3000 });

interface ServerUnread {
  count: number;
  streams: { stream_id: number; topic: string; unread_message_ids: number[] }[];
}

async function serverUnread(account: ServiceAccount): Promise<ServerUnread> {
  const reply = await clientFor(sim.service.url, account).post('/register', { fetch_event_types: ['message', 'update_message_flags'], client_capabilities: { empty_topic_name: true } });
  return reply.body['unread_msgs'] as ServerUnread;
}

function open(role: number): {
  session: AccountSession;
  handlers: IpcCalls<'unread.counts' | 'unread.markRead'>;
  conversations: IpcCalls<ConversationChannel>;
  account: ServiceAccount;
} {
  const account = sim.service.accounts.find((candidate) => candidate.role === role)!;
  const session = sim.open(account);
  const context = { activeSession: () => session } as unknown as CoreContext;
  return { session, account, handlers: asCalled(unreadHandlers(context)), conversations: asCalled(conversationHandlers(context)) };
}

describe('marking read', () => {
  it('lowers the unread counts when messages are read as they are seen offline, as Mark read does (reading offline not lowering unread counts)', async () => {
    const { session, conversations, account } = open(200);
    await until(() => session.engine.status.state === 'online' && unreadCounts(session.db).conversations.length > 0, 'online with counts');
    const topic = unreadCounts(session.db).conversations.find((entry) => entry.stream_id !== null && !entry.muted && entry.unread >= 4)!;
    await conversations['messages.page']({ conversation: topic.conversation, limit: 50, cached: false });
    const cached = await conversations['messages.page']({ conversation: topic.conversation, limit: 50, cached: true });
    const seen = cached.messages.filter((view) => !view.flags.includes('read')).slice(0, 4).map((view) => view.message.id);
    expect(seen).toHaveLength(4);
    sim.service.faults.dropNext = 1_000;
    let expectedTotal = -1;
    try {
      await until(() => session.engine.status.state !== 'online', 'offline');
      const before = unreadCounts(session.db);
      expectedTotal = before.total - 4;
      const conversationBefore = before.conversations.find((entry) => entry.conversation === topic.conversation)!.unread;

      // The conversation view marks what scrolls into sight read through messages.flag.
      expect(await conversations['messages.flag']({ messages: seen, op: 'add', flag: 'read' })).toMatchObject({ pending: true });
      const after = unreadCounts(session.db);
      expect(after.total).toBe(expectedTotal);
      expect(after.conversations.find((entry) => entry.conversation === topic.conversation)?.unread ?? 0).toBe(conversationBefore - 4);
    } finally {
      sim.service.faults.dropNext = 0;
    }
    await until(() => outboxItems(session.db, 'pending').length === 0, 'replayed');
    const onServer = (await serverUnread(account)).streams.find((entry) => entry.stream_id === topic.stream_id && entry.topic === topic.topic);
    expect(onServer?.unread_message_ids.filter((id) => seen.includes(id)) ?? []).toEqual([]);
    expect(unreadCounts(session.db).total).toBe(expectedTotal);
  });

  it('reads a topic, then a channel, then everything, on the server and in the counts', async () => {
    const { session, handlers, account } = open(400);
    await until(() => session.engine.status.state === 'online' && unreadCounts(session.db).conversations.length > 0, 'online with counts');
    const before = await serverUnread(account);
    const topic = before.streams.reduce((most, entry) => (entry.unread_message_ids.length > most.unread_message_ids.length ? entry : most));
    const result = await handlers['unread.markRead']({ scope: 'topic', stream_id: topic.stream_id, topic: topic.topic });
    expect(result).toEqual({ pending: false, value: { updated_count: topic.unread_message_ids.length } });
    const key = channelTopicConversation(topic.stream_id, topic.topic);
    expect(unreadCounts(session.db).conversations.some((entry) => entry.conversation === key)).toBe(false);
    const afterTopic = await serverUnread(account);
    expect(afterTopic.streams.some((entry) => entry.stream_id === topic.stream_id && entry.topic === topic.topic)).toBe(false);
    expect(afterTopic.count).toBe(before.count - topic.unread_message_ids.length);

    const other = afterTopic.streams[0]!;
    await handlers['unread.markRead']({ scope: 'channel', stream_id: other.stream_id });
    expect((await serverUnread(account)).streams.some((entry) => entry.stream_id === other.stream_id)).toBe(false);
    expect(unreadCounts(session.db).conversations.some((entry) => entry.stream_id === other.stream_id)).toBe(false);

    await handlers['unread.markRead']({ scope: 'all' });
    expect((await serverUnread(account)).count).toBe(0);
    expect(unreadCounts(session.db).total).toBe(0);
    // The server's own flag events agree: nothing comes back unread.
    await until(async () => (await serverUnread(account)).count === 0 && unreadCounts(session.db).conversations.length === 0, 'still all read');
  });

  it('waits in the outbox when offline, and is sent on reconnect', async () => {
    const { session, handlers, account } = open(100);
    await until(() => session.engine.status.state === 'online', 'online');
    const before = await serverUnread(account);
    expect(before.count).toBeGreaterThan(0);
    sim.service.faults.dropNext = 1_000;
    await until(() => session.engine.status.state !== 'online', 'offline');
    const result = await handlers['unread.markRead']({ scope: 'all' });
    expect(result.pending).toBe(true);
    expect(unreadCounts(session.db).total).toBe(0);
    expect(outboxItems(session.db, 'pending').map((item) => item.kind)).toEqual(['markNarrowRead']);
    sim.service.faults.dropNext = 0;
    await until(() => outboxItems(session.db, 'pending').length === 0, 'replayed');
    expect((await serverUnread(account)).count).toBe(0);
  });
});
