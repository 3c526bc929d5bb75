// A message written while the line to a real server is cut goes out once the line is back, and
// exactly once even when the server stores it but its answer is lost on the way back; a channel
// muted offline is muted on the server once the line is back.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { channelTopicConversation } from '../../shared/conversation';
import { startLossyProxy, type LossyProxy } from '../integration/conversations/lossy-proxy';
import { account, Bare, marker, openApp, realServer, signIn, until, type RealApp } from './harness';

const VERONA = 3;
let app: RealApp;
let proxy: LossyProxy;

beforeAll(async () => {
  proxy = await startLossyProxy(realServer().url);
  app = await openApp('offline');
  await signIn(app, account('iago@zulip.com'), proxy.url);
});
afterAll(async () => {
  await app.close();
  await proxy.close();
});

const state = async () => (await app.call('app.state', undefined)).status.state;

it('delivers a message written offline exactly once, though the answer to its send was lost', async () => {
  const topic = marker('offline');
  const conversation = channelTopicConversation(VERONA, topic);
  proxy.cut();
  await until(async () => (await state()) === 'offline', 'the app offline');

  const content = `written offline ${topic}`;
  await app.call('messages.send', { conversation, content });
  const pending = await app.call('messages.page', { conversation, cached: true });
  expect(pending.pending.map((p) => p.content)).toEqual([content]);

  // The server will store the first send but its answer never arrives.
  proxy.loseAnswers = 1;
  proxy.mend();
  await app.call('sync.retryNow', undefined);
  await until(async () => (await app.call('messages.page', { conversation, cached: true })).messages.some((m) => m.message.content.includes(content)), 'the message delivered and mirrored', 60_000);
  await until(async () => (await app.call('outbox.list', undefined)).length === 0, 'the outbox empty');

  const onServer = await new Bare(account('hamlet@zulip.com')).messages([
    { operator: 'channel', operand: VERONA },
    { operator: 'topic', operand: topic },
  ]);
  expect(onServer.map((m) => m.content)).toEqual([content]);
  expect(proxy.loseAnswers).toBe(0);
});

it('mutes a channel while offline, shown pending, and the server has the mute once the line is back', async () => {
  const serverMute = async () => {
    const answer = await new Bare(account('iago@zulip.com')).call('GET', '/users/me/subscriptions');
    return (answer.subscriptions as { stream_id: number; is_muted: boolean }[]).find((s) => s.stream_id === VERONA)?.is_muted;
  };
  proxy.cut();
  await until(async () => (await state()) === 'offline', 'the app offline');
  expect(await app.call('channels.setMuted', { stream_id: VERONA, muted: true })).toMatchObject({ pending: true });
  expect(await app.call('channel.about', { stream_id: VERONA })).toMatchObject({ is_muted: true });
  expect(await serverMute()).toBe(false);

  proxy.mend();
  await app.call('sync.retryNow', undefined);
  await until(async () => (await app.call('outbox.list', undefined)).length === 0, 'the mute sent');
  expect(await serverMute()).toBe(true);
  // Put back, so the suite's other files find Verona as they expect.
  await app.call('channels.setMuted', { stream_id: VERONA, muted: false });
  expect(await serverMute()).toBe(false);
});
