// Writing beyond sending, against a real server of the family: a message scheduled, edited and
// cancelled; typing seen both ways; a message and a topic deleted; drafts kept on the server too,
// and taken along when their topic is resolved.
// Each test works in a topic of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTER_PARAMS } from '../../main/sync/registration-params';
import { channelTopicConversation } from '../../shared/conversation';
import { account, Bare, marker, openApp, SERVER_POLL_MS, signIn, until, type RealApp } from './harness';

const VERONA = 3;
let app: RealApp;
const iago = () => account('iago@zulip.com');
const hamlet = () => new Bare(account('hamlet@zulip.com'));
const asIago = () => new Bare(iago());

async function serverDrafts(): Promise<{ id: number; type: string; to: number[]; topic: string; content: string }[]> {
  const answer = await asIago().call('GET', '/drafts');
  if (!Array.isArray(answer.drafts)) throw new Error(`GET /drafts: ${String(answer.msg)}`);
  return answer.drafts;
}

async function serverScheduled(): Promise<{ scheduled_message_id: number; content: string; topic?: string; scheduled_delivery_timestamp: number }[]> {
  const answer = await asIago().call('GET', '/scheduled_messages');
  if (!Array.isArray(answer.scheduled_messages)) throw new Error(`GET /scheduled_messages: ${String(answer.msg)}`);
  return answer.scheduled_messages;
}

beforeAll(async () => {
  app = await openApp('writing');
  await signIn(app, iago());
});
afterAll(() => app.close());

describe('writing against a real server', () => {
  it('schedules a channel message, moves it to another time and another text, and cancels it', async () => {
    const topic = marker('scheduled');
    const at = Math.floor(Date.now() / 1000) + 3600;
    const created = await app.call('scheduled.create', { kind: 'channel', to: VERONA, topic, content: 'Later, **bold**', scheduled_delivery_timestamp: at });
    if (created.pending) throw new Error('queued although online');
    const id = created.value.scheduled_message_id;
    expect(await serverScheduled()).toContainEqual(expect.objectContaining({ scheduled_message_id: id, content: 'Later, **bold**', topic, scheduled_delivery_timestamp: at }));
    const listed = await app.call('scheduled.list', undefined);
    expect(listed.messages).toContainEqual(expect.objectContaining({ scheduled_message_id: id, recipient_label: '#Verona' }));

    await app.call('scheduled.edit', { scheduled_message_id: id, content: 'Later still', scheduled_delivery_timestamp: at + 600 });
    expect(await serverScheduled()).toContainEqual(expect.objectContaining({ scheduled_message_id: id, content: 'Later still', scheduled_delivery_timestamp: at + 600 }));

    await app.call('scheduled.delete', { scheduled_message_id: id });
    expect((await serverScheduled()).map((m) => m.scheduled_message_id)).not.toContain(id);
    await until(async () => !(await app.call('scheduled.list', undefined)).messages.some((m) => m.scheduled_message_id === id), 'the cancelled message gone from the list');
  });

  it('schedules a direct message to a member', async () => {
    const at = Math.floor(Date.now() / 1000) + 7200;
    const created = await app.call('scheduled.create', { kind: 'direct', to: [account('hamlet@zulip.com').user_id], content: 'A word for later', scheduled_delivery_timestamp: at });
    if (created.pending) throw new Error('queued although online');
    const id = created.value.scheduled_message_id;
    expect(await serverScheduled()).toContainEqual(expect.objectContaining({ scheduled_message_id: id, type: 'private', to: [account('hamlet@zulip.com').user_id] }));
    await app.call('scheduled.delete', { scheduled_message_id: id });
  });

  it('sees someone typing in a topic, and tells the server when its user types there', async () => {
    const topic = marker('typing');
    const conversation = channelTopicConversation(VERONA, topic);
    const hamletId = account('hamlet@zulip.com').user_id;
    await hamlet().call('POST', '/typing', { type: 'stream', stream_id: VERONA, topic, op: 'start' });
    await until(async () => (await app.call('typing.current', { conversation })).user_ids.includes(hamletId), 'Hamlet typing');
    await hamlet().call('POST', '/typing', { type: 'stream', stream_id: VERONA, topic, op: 'stop' });
    await until(async () => (await app.call('typing.current', { conversation })).user_ids.length === 0, 'Hamlet stopped');

    // Hamlet's own queue hears what the app says while its user writes in the topic (a channel's
    // typing goes only to queues that say they take it, as the app's does).
    const queue = await hamlet().call('POST', '/register', { event_types: ['typing'], client_capabilities: REGISTER_PARAMS.client_capabilities });
    if (typeof queue.queue_id !== 'string') throw new Error(`register: ${String(queue.msg)}`);
    let last = -1;
    /** Waits (the server's long poll) for the app's user's typing event of this kind in the topic. */
    const heard = async (op: 'start' | 'stop') => {
      for (;;) {
        const answer = await hamlet().call('GET', '/events', { queue_id: queue.queue_id, last_event_id: last });
        const events = answer.events as { id: number; type: string; op?: string; sender?: { user_id: number }; topic?: string }[];
        last = Math.max(last, ...events.map((event) => event.id));
        if (events.some((event) => event.type === 'typing' && event.op === op && event.topic === topic && event.sender?.user_id === iago().user_id)) return;
      }
    };
    await app.call('compose.activity', { conversation });
    await heard('start');
    await app.call('compose.stop', { conversation });
    await heard('stop');
    await hamlet().call('DELETE', '/events', { queue_id: queue.queue_id });
  });

  it('deletes a message and a topic, and the mirror lets them go', async () => {
    const topic = marker('deleted');
    const conversation = channelTopicConversation(VERONA, topic);
    const ids: number[] = [];
    for (const content of ['first, to delete', 'second, stays until the topic goes']) {
      const sent = await hamlet().call('POST', '/messages', { type: 'stream', to: VERONA, topic, content });
      if (typeof sent.id !== 'number') throw new Error(`send: ${String(sent.msg)}`);
      ids.push(sent.id);
    }
    const cachedIds = async () => (await app.call('messages.page', { conversation, cached: true, limit: 10 })).messages.map((view) => view.message.id);
    await until(async () => (await cachedIds()).length === 2, 'both messages in the mirror');

    await app.call('messages.delete', { message_id: ids[0]! });
    await until(async () => (await cachedIds()).join() === String(ids[1]), 'the first one gone');
    expect((await hamlet().messages([{ operator: 'channel', operand: VERONA }, { operator: 'topic', operand: topic }])).map((m) => m.id)).toEqual([ids[1]]);

    const deleted = await app.call('topics.delete', { stream_id: VERONA, topic_name: topic });
    expect(deleted.complete).toBe(true);
    await until(async () => (await cachedIds()).length === 0, 'the topic gone from the mirror');
    expect(await hamlet().messages([{ operator: 'channel', operand: VERONA }, { operator: 'topic', operand: topic }])).toEqual([]);
  });

  it("keeps its drafts on the server, shows the user's drafts from another device, and deletes the server's copy of one sent", async () => {
    const here = marker('drafthere');
    const there = marker('draftthere');
    const conversation = channelTopicConversation(VERONA, here);
    const ofTopic = async (topic: string) => (await serverDrafts()).filter((draft) => draft.topic === topic);
    await app.call('drafts.save', { conversation, content: 'Typed in the app ' });
    await until(async () => (await ofTopic(here)).length > 0, "the app's draft on the server", 30_000, SERVER_POLL_MS);
    expect(await ofTopic(here)).toEqual([expect.objectContaining({ type: 'stream', to: [VERONA], content: 'Typed in the app' })]);
    await app.call('drafts.save', { conversation, content: 'Typed in the app, then more' });
    await until(async () => (await ofTopic(here))[0]?.content === 'Typed in the app, then more', 'the edit on the server', 30_000, SERVER_POLL_MS);

    // Another device of the same user writes one: the app lists it.
    await asIago().call('POST', '/drafts', { drafts: [{ type: 'stream', to: [VERONA], topic: there, content: 'From the web client' }] });
    const elsewhere = channelTopicConversation(VERONA, there);
    await until(async () => (await app.call('drafts.list', undefined)).some((draft) => draft.conversation === elsewhere), "the other device's draft listed");
    expect(await app.call('drafts.get', { conversation: elsewhere })).toEqual(expect.objectContaining({ content: 'From the web client' }));

    // Sent from the app: its copy goes from the server, once; deleted there: it goes from the app.
    await app.call('messages.send', { conversation, content: 'Typed in the app, then more' });
    await until(async () => (await ofTopic(here)).length === 0, "the sent draft's copy deleted", 30_000, SERVER_POLL_MS);
    const [copy] = await ofTopic(there);
    await asIago().call('DELETE', `/drafts/${copy!.id}`);
    await until(async () => !(await app.call('drafts.list', undefined)).some((draft) => draft.conversation === elsewhere), 'the draft deleted elsewhere gone');
    expect(await ofTopic(here)).toEqual([]);
  });

  it("takes a draft along when someone resolves its topic, the server's copy readdressed", async () => {
    const topic = marker('draftmoved');
    await hamlet().call('POST', '/messages', { type: 'stream', to: VERONA, topic, content: 'A topic to resolve' });
    const [sent] = await hamlet().messages([{ operator: 'channel', operand: VERONA }, { operator: 'topic', operand: topic }]);
    const ofTopic = async (name: string) => (await serverDrafts()).filter((draft) => draft.topic === name);
    await app.call('drafts.save', { conversation: channelTopicConversation(VERONA, topic), content: 'Before it is resolved' });
    await until(async () => (await ofTopic(topic)).length > 0, "the draft's copy on the server", 30_000, SERVER_POLL_MS);

    await hamlet().call('PATCH', `/messages/${sent!.id}`, { topic: `✔ ${topic}`, propagate_mode: 'change_all' });
    const resolved = channelTopicConversation(VERONA, `✔ ${topic}`);
    await until(async () => (await app.call('drafts.get', { conversation: resolved })) !== null, 'the draft under the resolved topic');
    expect(await app.call('drafts.get', { conversation: channelTopicConversation(VERONA, topic) })).toBeNull();
    await until(async () => (await ofTopic(`✔ ${topic}`)).length === 1, "the server's copy readdressed", 30_000, SERVER_POLL_MS);
    expect(await ofTopic(topic)).toEqual([]);
    expect(await ofTopic(`✔ ${topic}`)).toEqual([expect.objectContaining({ content: 'Before it is resolved' })]);
    await app.call('drafts.delete', { conversation: resolved });
  });
});
