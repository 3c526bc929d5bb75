// GET /users/me/{stream_id}/topics as real servers of the family answer it (their source,
// zerver/lib/topic.py, and the kit's answers in test/real): each topic once whatever its case, as
// its newest message names it, with that message's id, newest first; the empty topic by its
// display name unless asked for ""; a channel the user cannot read refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemo, type Demo } from './testing/demo';

let demo: Demo;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.service.close());

async function send(topic: string): Promise<number> {
  const reply = await demo.clients.admin.post('/messages', { type: 'stream', to: DEMO.channels.sandbox, topic, content: `in ${topic || 'general chat'}` });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body['id'] as number;
}

type Topics = { name: string; max_id: number }[];

describe('/users/me/{stream_id}/topics', () => {
  it('lists each topic once, named as its newest message names it, newest first', async () => {
    const first = await send('Case Topic');
    const other = await send('other');
    const newer = await send('case topic');
    const reply = await demo.clients.member.get(`/users/me/${DEMO.channels.sandbox}/topics`);
    const topics = reply.body['topics'] as Topics;
    expect(topics.slice(0, 2)).toEqual([
      { name: 'case topic', max_id: newer },
      { name: 'other', max_id: other },
    ]);
    expect(topics.filter((topic) => topic.name.toLowerCase() === 'case topic')).toHaveLength(1);
    expect(topics.every((topic) => topic.max_id !== first)).toBe(true);
    expect(topics.map((topic) => topic.max_id)).toEqual([...topics.map((topic) => topic.max_id)].sort((a, b) => b - a));
  });

  it('names the empty topic by its display name unless asked for ""', async () => {
    const id = await send('');
    const named = (await demo.clients.member.get(`/users/me/${DEMO.channels.sandbox}/topics`)).body['topics'] as Topics;
    expect(named[0]).toEqual({ name: 'general chat', max_id: id });
    const asked = (await demo.clients.member.get(`/users/me/${DEMO.channels.sandbox}/topics`, { allow_empty_topic_name: true })).body['topics'] as Topics;
    expect(asked[0]).toEqual({ name: '', max_id: id });
  });

  it('refuses a channel the user cannot read, as an unknown one', async () => {
    for (const stream_id of [DEMO.channels.leadership, 999]) {
      const reply = await demo.clients.member.get(`/users/me/${stream_id}/topics`);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ result: 'error', msg: 'Invalid channel ID', code: 'BAD_REQUEST' });
    }
  });
});
