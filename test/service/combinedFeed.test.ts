// The combined feed's narrow as real servers read it: `in:home` is what the user received, muted
// channels and topics left out (a topic unmuted or followed in a muted channel shown), direct
// messages kept; `in:all` is everything; any other operand is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemo, type Demo } from './testing/demo';

let demo: Demo;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.service.close());

async function send(params: Record<string, unknown>): Promise<number> {
  const reply = await demo.clients.owner.post('/messages', params as never);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body['id'] as number;
}

async function idsIn(operand: string): Promise<number[]> {
  const reply = await demo.clients.member.get('/messages', { anchor: 'newest', num_before: 200, num_after: 0, narrow: [{ operator: 'in', operand }] });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return (reply.body['messages'] as { id: number }[]).map((message) => message.id);
}

describe('GET /messages with in:home', () => {
  it('leaves out muted channels and topics, keeps unmuted topics of a muted channel and direct messages', async () => {
    const shown = await send({ type: 'stream', to: DEMO.channels.general, topic: 'home shown', content: 'shown' });
    const mutedTopic = await send({ type: 'stream', to: DEMO.channels.general, topic: 'home muted', content: 'muted topic' });
    const mutedChannel = await send({ type: 'stream', to: DEMO.channels.random, topic: 'anything', content: 'muted channel' });
    const unmutedTopic = await send({ type: 'stream', to: DEMO.channels.random, topic: 'home unmuted', content: 'unmuted topic' });
    const direct = await send({ type: 'direct', to: JSON.stringify([demo.accounts.member.user_id]), content: 'direct' });
    expect((await demo.clients.member.post('/user_topics', { stream_id: DEMO.channels.general, topic: 'home muted', visibility_policy: 1 })).status).toBe(200);
    expect((await demo.clients.member.post('/user_topics', { stream_id: DEMO.channels.random, topic: 'home unmuted', visibility_policy: 2 })).status).toBe(200);
    const muting = await demo.clients.member.post('/users/me/subscriptions/properties', {
      subscription_data: JSON.stringify([{ stream_id: DEMO.channels.random, property: 'is_muted', value: true }]),
    } as never);
    expect(muting.status, JSON.stringify(muting.body)).toBe(200);

    const home = await idsIn('home');
    expect(home).toEqual(expect.arrayContaining([shown, unmutedTopic, direct]));
    expect(home).not.toContain(mutedTopic);
    expect(home).not.toContain(mutedChannel);
    expect(await idsIn('all')).toEqual(expect.arrayContaining([shown, mutedTopic, mutedChannel, unmutedTopic, direct]));
  });

  it('refuses another operand as real servers do', async () => {
    const reply = await demo.clients.member.get('/messages', { anchor: 'newest', num_before: 1, num_after: 0, narrow: [{ operator: 'in', operand: 'nowhere' }] });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ result: 'error', msg: "Invalid narrow operator: unknown 'in' operand nowhere", code: 'BAD_NARROW' });
  });
});
