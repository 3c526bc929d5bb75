// The background fetch of unread messages against the simulator's generated history: after
// sign-in nothing of it is cached, then the session fetches the unread conversations' messages,
// so once offline an unread topic never opened shows its unread messages from the mirror.
import { describe, expect, it } from 'vitest';
import { parseConversation } from '../../../shared/conversation';
import { uncachedUnreadConversations, unreadCounts } from '../../../main/store/unread';
import { messagingHandlers } from '../conversations/harness';
import { until, useSimulatorSessions } from './engine-harness';

const sim = useSimulatorSessions({ org: 'demo', heartbeatSeconds: 1, longpollTimeoutSeconds: 2, messages: 800 });

describe('background fetch of unread messages', () => {
  it('caches every unread conversation, so an unread topic never opened reads offline', async () => {
    const member = sim.service.accounts.find((account) => account.role === 400)!;
    const session = sim.open(member, { backoff: { baseMs: 100, maxMs: 500 } });
    await until(() => session.engine.status.state === 'online', 'online');
    await until(() => unreadCounts(session.db).conversations.length > 0 && uncachedUnreadConversations(session.db).length === 0, 'every unread conversation cached', 30_000);
    await session.unreadFetch.settled();

    const unreadTopics = unreadCounts(session.db).conversations.filter((entry) => parseConversation(entry.conversation)?.kind === 'channel');
    expect(unreadTopics.length).toBeGreaterThan(3);
    const topic = unreadTopics[unreadTopics.length - 1]!;
    const unreadIds = session.db.prepare('SELECT message_id FROM unread_messages WHERE conversation = ? ORDER BY message_id').pluck().all(topic.conversation) as number[];

    sim.service.faults.dropNext = 1_000;
    await until(() => session.engine.status.state !== 'online', 'offline');
    const page = await messagingHandlers(session)['messages.page']({ conversation: topic.conversation, limit: 200, cached: false });
    sim.service.faults.dropNext = 0;
    const shown = page.messages.map((view) => view.message.id);
    expect(shown).toEqual(expect.arrayContaining(unreadIds));
    const target = parseConversation(topic.conversation);
    expect(page.messages.every((view) => target?.kind === 'channel' && view.message.stream_id === target.stream_id && view.message.subject === target.topic)).toBe(true);
  });
});
