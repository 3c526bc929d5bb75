// A channel archived by an administrator while the user is in it, against the simulator, which
// archives as real servers do (a stream `delete` event to a client that declared
// archived_channels): the channel and the subscription stay in the mirror, flagged archived; it
// leaves the sidebar, its conversations say so, and its history stays readable, topics included.
// A topic of a channel the user is not in, nothing of it cached, is named and said unsubscribed.
import { beforeAll, expect, it } from 'vitest';
import type { AccountSession } from '../../../main/app/session';
import type { CoreContext } from '../../../main/handlers/context';
import { sidebarHandlers } from '../../../main/handlers/sidebar';
import { subscriptionHandlers } from '../../../main/handlers/subscriptions';
import { channelTopicConversation } from '../../../shared/conversation';
import { asCalled } from '../../support/ipc-calls';
import { clientFor } from '../../service/testing/client';
import { until, useSimulatorSessions } from '../sync/engine-harness';
import { messagingHandlers } from '../conversations/harness';

const simulator = useSimulatorSessions({ org: 'demo', heartbeatSeconds: 1, longpollTimeoutSeconds: 2 });
let session: AccountSession;
const context = (active: AccountSession) => ({ activeSession: () => active }) as unknown as CoreContext;

beforeAll(async () => {
  session = simulator.open(simulator.service.accounts.find((a) => a.role === 400)!, { backoff: { baseMs: 100, maxMs: 500 } });
  await until(() => session.engine.status.state === 'online', 'online');
});

it('keeps an archived channel readable, out of the sidebar, its conversations marked archived', async () => {
  const h = messagingHandlers(session);
  const sidebar = asCalled(sidebarHandlers(context(session)));
  const { stream_id } = await asCalled(subscriptionHandlers(context(session)))['channels.create']({ name: 'pop-up', description: '', invite_only: false });
  const conversation = channelTopicConversation(stream_id, 'plans');
  await h['messages.send']({ conversation, content: 'Before it closes', local_id: 'archived-1' });
  await until(async () => (await h['messages.page']({ conversation, cached: true, limit: 10 })).messages.length === 1, 'the message filed');
  await until(async () => (await sidebar['sidebar.channels'](undefined)).channels.some((c) => c.stream_id === stream_id), 'the channel in the sidebar');
  expect((await h['conversations.get']({ conversation })).is_archived).toBe(false);

  const owner = simulator.service.accounts.find((a) => a.role === 100)!;
  expect((await clientFor(simulator.service.url, owner).delete(`/streams/${stream_id}`)).status).toBe(200);
  await until(async () => (await h['channel.about']({ stream_id }))?.is_archived === true, 'the archive filed');

  expect((await sidebar['sidebar.channels'](undefined)).channels.map((c) => c.stream_id)).not.toContain(stream_id);
  expect(await h['channel.about']({ stream_id })).toMatchObject({ name: 'pop-up', subscribed: true, is_archived: true });
  expect((await h['conversations.get']({ conversation })).is_archived).toBe(true);
  expect((await h['messages.page']({ conversation, cached: true, limit: 10 })).messages.map((view) => view.message.content)).toEqual(['<p>Before it closes</p>']);
  expect((await sidebar['sidebar.topics']({ stream_id, limit: 10 })).map((topic) => topic.topic)).toContain('plans');
});

it('names a topic of a channel the user is not subscribed to, nothing of it cached, and says it is not subscribed', async () => {
  const h = messagingHandlers(session);
  const member = simulator.service.accounts.find((a) => a.role === 400)!;
  const stream_id = Number((await clientFor(simulator.service.url, member).get('/get_stream_id', { stream: 'sandbox' })).body['stream_id']);
  const opened = await h['conversations.get']({ conversation: channelTopicConversation(stream_id, 'never read') });
  expect(opened).toMatchObject({ conversation: null, channel_name: 'sandbox', unsubscribed_channel: { invite_only: false }, is_archived: false });
});
