// A message's edit history (GET /messages/{message_id}/history) as a real server of the family
// answered it (feature level 372, checked with curl): oldest first, the version sent, then one
// entry per edit or move with what it changed; and the organization's policy on who sees it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemo, type Demo } from './testing/demo';
import { EventStream, ofType } from './testing/events';

let demo: Demo;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.service.close());

type Role = keyof Demo['clients'];
type Version = Record<string, unknown>;

async function send(as: Role, topic: string, content: string): Promise<number> {
  const reply = await demo.clients[as].post('/messages', { type: 'stream', to: DEMO.channels.general, topic, content });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body['id'] as number;
}

async function edit(as: Role, id: number, params: Record<string, string | number>): Promise<void> {
  const reply = await demo.clients[as].patch(`/messages/${id}`, params);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

async function fetchOne(id: number): Promise<Record<string, unknown>> {
  const reply = await demo.clients.owner.get('/messages', { anchor: id, num_before: 0, num_after: 0 });
  const found = (reply.body['messages'] as Record<string, unknown>[]).find((message) => message['id'] === id);
  if (found === undefined) throw new Error(`message ${id} not found`);
  return found;
}

async function history(as: Role, id: number, params: Record<string, boolean> = {}): Promise<Version[]> {
  const reply = await demo.clients[as].get(`/messages/${id}/history`, params);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body['message_history'] as Version[];
}

const user = (role: Role): number => demo.accounts[role].user_id;

describe('GET /messages/{message_id}/history', () => {
  it('gives a message never edited as its one version: as sent, by its sender, at its sending time', async () => {
    const id = await send('member', 'untouched', 'just *once*');
    const sent = await fetchOne(id);
    expect(await history('admin', id)).toEqual([{ content: 'just *once*', rendered_content: '<p>just <em>once</em></p>', timestamp: sent['timestamp'], topic: 'untouched', user_id: user('member') }]);
  });

  it('adds a version per content edit, with the content before it, by the editor at the edit time', async () => {
    const id = await send('member', 'edited', 'first version');
    const sent = await fetchOne(id);
    await edit('member', id, { content: 'second **version**' });
    const edited = await fetchOne(id);
    expect(await history('owner', id)).toEqual([
      { content: 'first version', rendered_content: '<p>first version</p>', timestamp: sent['timestamp'], topic: 'edited', user_id: user('member') },
      {
        content: 'second **version**',
        rendered_content: '<p>second <strong>version</strong></p>',
        timestamp: edited['last_edit_timestamp'],
        topic: 'edited',
        user_id: user('member'),
        prev_content: 'first version',
        prev_rendered_content: '<p>first version</p>',
      },
    ]);
  });

  it('adds a version per topic move, by whoever moved it, to every message the move took', async () => {
    const first = await send('member', 'misnamed', 'one');
    const second = await send('admin', 'misnamed', 'two');
    await edit('moderator', first, { topic: 'well named', propagate_mode: 'change_all' });
    for (const [id, content] of [
      [first, 'one'],
      [second, 'two'],
    ] as const) {
      const versions = await history('member', id);
      expect(versions).toHaveLength(2);
      expect(versions[1]).toEqual({
        content,
        rendered_content: `<p>${content}</p>`,
        timestamp: (await fetchOne(id))['last_moved_timestamp'],
        topic: 'well named',
        user_id: user('moderator'),
        prev_topic: 'misnamed',
      });
    }
  });

  it('adds a version per channel move, naming the channels by id', async () => {
    const id = await send('member', 'travelling', 'on the move');
    await edit('moderator', id, { stream_id: DEMO.channels.random });
    const versions = await history('member', id);
    expect(versions[0]).toMatchObject({ topic: 'travelling', user_id: user('member') });
    expect(versions[1]).toEqual({
      content: 'on the move',
      rendered_content: '<p>on the move</p>',
      timestamp: (await fetchOne(id))['last_moved_timestamp'],
      topic: 'travelling',
      user_id: user('moderator'),
      prev_stream: DEMO.channels.general,
      stream: DEMO.channels.random,
    });
  });

  it('keeps a content edit and a topic move made together as one version, and each version as it was then', async () => {
    const id = await send('admin', 'before', 'orig');
    await edit('admin', id, { content: 'new *content*', topic: 'after' });
    await edit('moderator', id, { stream_id: DEMO.channels.random, topic: 'further' });
    const versions = await history('member', id);
    expect(versions.map(({ timestamp: _, ...rest }) => rest)).toEqual([
      { content: 'orig', rendered_content: '<p>orig</p>', topic: 'before', user_id: user('admin') },
      {
        content: 'new *content*',
        rendered_content: '<p>new <em>content</em></p>',
        topic: 'after',
        user_id: user('admin'),
        prev_topic: 'before',
        prev_content: 'orig',
        prev_rendered_content: '<p>orig</p>',
      },
      {
        content: 'new *content*',
        rendered_content: '<p>new <em>content</em></p>',
        topic: 'further',
        user_id: user('moderator'),
        prev_topic: 'after',
        prev_stream: DEMO.channels.general,
        stream: DEMO.channels.random,
      },
    ]);
  });

  it('shows the general chat by its display name, or as "" when allow_empty_topic_name is true', async () => {
    const id = await send('member', '', 'said in general');
    await edit('member', id, { topic: 'named at last' });
    expect((await history('member', id)).map((version) => [version['topic'], version['prev_topic']])).toEqual([
      ['general chat', undefined],
      ['named at last', 'general chat'],
    ]);
    expect((await history('member', id, { allow_empty_topic_name: true })).map((version) => [version['topic'], version['prev_topic']])).toEqual([
      ['', undefined],
      ['named at last', ''],
    ]);
  });

  it('gives a direct message no topic in any version', async () => {
    const reply = await demo.clients.member.post('/messages', { type: 'direct', to: [user('moderator')], content: 'psst' });
    const id = reply.body['id'] as number;
    await edit('member', id, { content: 'psst, edited' });
    expect((await history('moderator', id)).map((version) => [version['topic'], version['content']])).toEqual([
      ['', 'psst'],
      ['', 'psst, edited'],
    ]);
  });

  it.each([
    ['an unknown message', async () => 99_999_999],
    [
      'a direct message the caller is not in',
      async () => (await demo.clients.member.post('/messages', { type: 'direct', to: [user('moderator')], content: 'between us' })).body['id'] as number,
    ],
  ])('refuses %s, in real servers’ words', async (_, message) => {
    const reply = await demo.clients.admin.get(`/messages/${await message()}/history`);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ result: 'error', msg: 'Invalid message(s)', code: 'BAD_REQUEST' });
  });
});

describe("the organization's message_edit_history_visibility_policy", () => {
  async function setPolicy(as: Role, policy: string): Promise<Record<string, unknown>> {
    return (await demo.clients[as].patch('/realm', { message_edit_history_visibility_policy: policy })).body;
  }

  it('"none" refuses every history, an unknown message too, and tells everyone it changed', async () => {
    const id = await send('member', 'secret edits', 'draft');
    const reader = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['realm'] });
    expect(reader.state).toMatchObject({ realm_message_edit_history_visibility_policy: 'all', realm_allow_edit_history: true });
    try {
      expect(await setPolicy('admin', 'none')).toEqual({ result: 'success', msg: '', message_edit_history_visibility_policy: 3 });
      expect(await reader.next(ofType('realm'))).toMatchObject({ op: 'update', property: 'message_edit_history_visibility_policy', value: 'none' });
      for (const target of [id, 99_999_999]) {
        const refused = await demo.clients.member.get(`/messages/${target}/history`);
        expect(refused.status).toBe(400);
        expect(refused.body).toEqual({ result: 'error', msg: 'Message edit history is disabled in this organization', code: 'BAD_REQUEST' });
      }
      const registered = await EventStream.open(demo.service.url, demo.accounts.member, { fetch_event_types: ['realm'] });
      expect(registered.state).toMatchObject({ realm_message_edit_history_visibility_policy: 'none', realm_allow_edit_history: false });
    } finally {
      await setPolicy('admin', 'all');
    }
    expect(await history('member', id)).toHaveLength(1);
  });

  it('"moves" shows the version sent and the moves only, without what edits did to the content', async () => {
    const id = await send('admin', 'moves only', 'one');
    await edit('admin', id, { content: 'two' });
    await edit('admin', id, { content: 'three', topic: 'moves only 2' });
    try {
      expect(await setPolicy('admin', 'moves')).toMatchObject({ message_edit_history_visibility_policy: 2 });
      expect((await history('member', id)).map(({ timestamp: _, ...rest }) => rest)).toEqual([
        { content: 'one', rendered_content: '<p>one</p>', topic: 'moves only', user_id: user('admin') },
        { content: 'three', rendered_content: '<p>three</p>', topic: 'moves only 2', user_id: user('admin'), prev_topic: 'moves only' },
      ]);
    } finally {
      await setPolicy('admin', 'all');
    }
  });

  it('is changed by administrators only, to one of its three values', async () => {
    expect(await setPolicy('member', 'none')).toEqual({ result: 'error', msg: 'Must be an organization administrator', code: 'UNAUTHORIZED_PRINCIPAL' });
    expect(await setPolicy('admin', 'sometimes')).toEqual({ result: 'error', msg: 'Invalid message_edit_history_visibility_policy', code: 'BAD_REQUEST' });
    expect(await setPolicy('admin', 'all')).toEqual({ result: 'success', msg: '', message_edit_history_visibility_policy: 1 });
  });
});
