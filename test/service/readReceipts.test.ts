// Who has read a message (GET /messages/{message_id}/read_receipts), as a real server of the
// family answered it (feature level 372, checked with curl): the people whose copy carries the
// read flag, without the sender or bots; an unknown or inaccessible message is refused.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO, startDemo, type Demo } from './testing/demo';

let demo: Demo;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.service.close());

async function receipts(id: number, as: keyof Demo['clients'] = 'owner'): Promise<{ status: number; body: Record<string, unknown> }> {
  return demo.clients[as].get(`/messages/${id}/read_receipts`);
}

it('names who read it, in order of id, leaving out its sender and bots', async () => {
  const sent = await demo.clients.owner.post('/messages', { type: 'stream', to: DEMO.channels.general, topic: 'receipts', content: 'Who read this?' });
  const id = sent.body['id'] as number;
  expect((await receipts(id)).body).toEqual({ result: 'success', msg: '', user_ids: [] });

  for (const who of ['moderator', 'member'] as const) await demo.clients[who].post('/messages/flags', { op: 'add', flag: 'read', messages: JSON.stringify([id]) });
  demo.service.db.prepare('UPDATE user_messages SET flags = flags | 1 WHERE message_id = ? AND user_id = ?').run(id, DEMO.users.echoBot);
  const { body } = await receipts(id, 'member');
  expect(body['user_ids']).toEqual([demo.accounts.moderator.user_id, demo.accounts.member.user_id].sort((a, b) => a - b));
});

it('refuses an unknown message, and one the caller cannot see, as real servers do', async () => {
  expect(await receipts(999_999)).toMatchObject({ status: 400, body: { result: 'error', msg: 'Invalid message(s)', code: 'BAD_REQUEST' } });
  const direct = await demo.clients.owner.post('/messages', { type: 'direct', to: JSON.stringify([demo.accounts.admin.user_id]), content: 'just us' });
  expect(await receipts(direct.body['id'] as number, 'member')).toMatchObject({ status: 400, body: { msg: 'Invalid message(s)' } });
});
