// The account refused by a real server while the app uses it: deactivated by an owner, its
// requests answered 401 "Account is deactivated". A message sent meanwhile waits in the outbox,
// untried rather than failed; the status says the server refuses the account; brought back, "Try
// again" takes the account again and the message reaches the server once.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { directConversation } from '../../shared/conversation';
import { account, Bare, marker, openApp, signIn, until, type RealApp } from './harness';

let app: RealApp;
const cordelia = () => account('cordelia@zulip.com');
const hamlet = () => account('hamlet@zulip.com');
const desdemona = () => new Bare(account('desdemona@zulip.com'));

beforeAll(async () => {
  app = await openApp('refused');
  await signIn(app, cordelia());
});
afterAll(async () => {
  await desdemona().call('POST', `/users/${cordelia().user_id}/reactivate`);
  await app.close();
});

it('keeps a message sent while the account is deactivated, says the server refuses the account, and sends it once when taken back', async () => {
  const conversation = directConversation([cordelia().user_id, hamlet().user_id]);
  const content = `While I was away ${marker('refused')}`;
  expect((await desdemona().call('DELETE', `/users/${cordelia().user_id}`)).result).toBe('success');

  await app.call('messages.send', { conversation, content, local_id: marker('local') });
  await until(async () => (await app.call('app.state', undefined)).status.state === 'key_rejected', 'the account refused');
  expect((await app.call('app.state', undefined)).status).toEqual({ state: 'key_rejected', message: 'Account is deactivated' });
  const waiting = (await app.call('messages.page', { conversation, cached: true, limit: 10 })).pending;
  expect(waiting.map((m) => ({ content: m.content, state: m.state }))).toEqual([{ content, state: 'sending' }]);

  expect((await desdemona().call('POST', `/users/${cordelia().user_id}/reactivate`)).result).toBe('success');
  await app.call('sync.retryNow', undefined);
  await until(async () => (await app.call('app.state', undefined)).status.state === 'online', 'online again');
  await until(async () => (await app.call('messages.page', { conversation, cached: true, limit: 10 })).pending.length === 0, 'the message filed');
  const received = await new Bare(hamlet()).messages([{ operator: 'dm', operand: [cordelia().user_id] }]);
  expect(received.filter((m) => m.content === content)).toHaveLength(1);
});
