// Editing and deleting messages, and adding reactions, as real servers allow them: who may, until
// when, and which event reaches whom (each checked against the reference schemas by EventStream).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemo, type Demo } from './testing/demo';
import { EventStream, ofType } from './testing/events';
import { expectResponseValid } from './testing/reference';

let demo: Demo;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.service.close());

type Role = keyof Demo['clients'];

async function send(as: Role, params: Record<string, unknown> = {}): Promise<number> {
  const reply = await demo.clients[as].post('/messages', { type: 'stream', to: DEMO.channels.general, topic: 'edits', content: 'first words', read_by_sender: true, ...params } as never);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body['id'] as number;
}

async function fetchOne(as: Role, id: number): Promise<Record<string, unknown> | undefined> {
  const reply = await demo.clients[as].get('/messages', { anchor: id, num_before: 0, num_after: 0 });
  return (reply.body['messages'] as Record<string, unknown>[]).find((message) => message['id'] === id);
}

/** Moves a message's sending time back, as if it were sent `seconds` ago. */
function age(id: number, seconds: number): void {
  demo.service.db.prepare('UPDATE messages SET timestamp = ? WHERE id = ?').run(Math.floor(Date.now() / 1000) - seconds, id);
}

describe('PATCH /messages/{message_id}', () => {
  it('changes the content, marks the message edited and tells every reader with update_message', async () => {
    const id = await send('member');
    const reader = await EventStream.open(demo.service.url, demo.accounts.owner, { event_types: ['update_message'] });
    const reply = await demo.clients.member.patch(`/messages/${id}`, { content: 'better **words**' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expectResponseValid('update-message', reply.body);
    const event = await reader.next(ofType('update_message'));
    expect(event).toMatchObject({
      message_id: id,
      message_ids: [id],
      user_id: demo.accounts.member.user_id,
      orig_content: 'first words',
      content: 'better **words**',
      rendered_content: '<p>better <strong>words</strong></p>',
      rendering_only: false,
      stream_id: DEMO.channels.general,
    });
    const fetched = await fetchOne('owner', id);
    expect(fetched).toMatchObject({ content: '<p>better <strong>words</strong></p>', last_edit_timestamp: event['edit_timestamp'] });
  });

  it("refuses another's message, even to an administrator", async () => {
    const id = await send('member');
    const reply = await demo.clients.owner.patch(`/messages/${id}`, { content: 'not yours' });
    expect(reply.status).toBe(400);
    expectResponseValid('update-message', reply.body, '400');
    expect(reply.body).toMatchObject({ code: 'BAD_REQUEST', msg: "You don't have permission to edit this message" });
    expect(await fetchOne('member', id)).toMatchObject({ content: '<p>first words</p>' });
  });

  it('refuses once the edit limit (600 s) has passed', async () => {
    const id = await send('member');
    age(id, 3600);
    const reply = await demo.clients.member.patch(`/messages/${id}`, { content: 'too late' });
    expect(reply.status).toBe(400);
    expect(reply.body['msg']).toBe("The time limit for editing this message's content has passed");
  });

  it('refuses a message the user cannot see as invalid', async () => {
    const hidden = await demo.clients.owner.post('/messages', { type: 'stream', to: DEMO.channels.leadership, topic: 'secret', content: 'private' });
    const reply = await demo.clients.member.patch(`/messages/${String(hidden.body['id'])}`, { content: 'x' });
    expect(reply.body).toMatchObject({ result: 'error', msg: 'Invalid message(s)' });
  });
});

// A content edit reads the message's mentions again for each user, as a real server (Zulip 11,
// feature level 372) does: curl showed an edit adding @**Iago** and one of his alert words come
// with flags [mentioned, has_alert_word], and an edit taking his mention out with flags [] (later
// read alone, as he had read it). The update_message event carries each user's flags afterwards.
describe('mention flags on a content edit', () => {
  const MONA = '@**Mona Moderator**';

  async function flagsOf(as: Role, id: number): Promise<unknown> {
    return (await fetchOne(as, id))?.['flags'];
  }

  async function mentionedIds(as: Role, id: number): Promise<number[]> {
    const reply = await demo.clients[as].get('/messages', { anchor: id, num_before: 0, num_after: 0, narrow: [{ operator: 'is', operand: 'mentioned' }] });
    return (reply.body['messages'] as Record<string, unknown>[]).map((message) => message['id'] as number);
  }

  /** Edits the member's message `id` to `content` and answers the update_message event's flags for each of `readers`. */
  async function edit(id: number, content: string, readers: Role[]): Promise<unknown[]> {
    const streams = await Promise.all(readers.map((role) => EventStream.open(demo.service.url, demo.accounts[role], { event_types: ['update_message'] })));
    const reply = await demo.clients.member.patch(`/messages/${id}`, { content });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return Promise.all(streams.map(async (stream) => (await stream.next(ofType('update_message')))['flags']));
  }

  it('gives a user the edit mentions `mentioned`, in the event and in their flags, and is:mentioned finds it', async () => {
    const id = await send('member', { content: 'plain words' });
    expect(await flagsOf('moderator', id)).toEqual([]);
    expect(await edit(id, `plain words ${MONA}`, ['moderator', 'owner'])).toEqual([['mentioned'], []]);
    expect(await flagsOf('moderator', id)).toEqual(['mentioned']);
    expect(await flagsOf('owner', id)).toEqual([]);
    expect(await mentionedIds('moderator', id)).toEqual([id]);
  });

  it('takes `mentioned` away when the edit drops the mention, keeping read and starred', async () => {
    const id = await send('member', { content: `capture ${MONA} hello` });
    expect(await flagsOf('moderator', id)).toEqual(['mentioned']);
    for (const flag of ['read', 'starred']) expect((await demo.clients.moderator.post('/messages/flags', { messages: [id], op: 'add', flag })).status).toBe(200);
    expect(await edit(id, 'capture edited', ['moderator'])).toEqual([['read', 'starred']]);
    expect(await flagsOf('moderator', id)).toEqual(['read', 'starred']);
    expect(await mentionedIds('moderator', id)).toEqual([]);
  });

  it('gives the members of a group the edit mentions `mentioned`, and no one else', async () => {
    const id = await send('member');
    // Support team: Adam Admin and Mona Moderator.
    expect(await edit(id, 'over to @*Support team*', ['admin', 'moderator', 'owner'])).toEqual([['mentioned'], ['mentioned'], []]);
    expect(await flagsOf('admin', id)).toEqual(['mentioned']);
    expect(await flagsOf('moderator', id)).toEqual(['mentioned']);
    expect(await flagsOf('member', id)).toEqual(['read']);
  });

  it('sets nothing for a silent mention of a user or a group', async () => {
    const id = await send('member');
    expect(await edit(id, 'thanks @_**Mona Moderator** and @_*Support team*', ['moderator', 'admin'])).toEqual([[], []]);
    expect(await flagsOf('moderator', id)).toEqual([]);
  });

  it('sets and clears the wildcard flags as a message sent with that content has them', async () => {
    // The owner takes part in the topic: a topic wildcard reaches those who did.
    await send('owner');
    const id = await send('member');
    expect(await edit(id, 'heads up @**all**', ['owner'])).toEqual([['stream_wildcard_mentioned', 'wildcard_mentioned']]);
    expect(await flagsOf('owner', id)).toEqual(['stream_wildcard_mentioned', 'wildcard_mentioned']);
    expect(await edit(id, 'heads up @**topic**', ['owner'])).toEqual([['topic_wildcard_mentioned', 'wildcard_mentioned']]);
    expect(await edit(id, 'heads up, no one', ['owner'])).toEqual([[]]);
    expect(await flagsOf('owner', id)).toEqual([]);
  });
});

describe('DELETE /messages/{message_id}', () => {
  it('lets a member delete their own message and tells its readers with delete_message', async () => {
    const id = await send('member');
    const reader = await EventStream.open(demo.service.url, demo.accounts.owner, { event_types: ['delete_message'], client_capabilities: { bulk_message_deletion: true } });
    const oldClient = await EventStream.open(demo.service.url, demo.accounts.admin, { event_types: ['delete_message'] });
    const reply = await demo.clients.member.delete(`/messages/${id}`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expectResponseValid('delete-message', reply.body);
    expect(await reader.next(ofType('delete_message'))).toMatchObject({ message_ids: [id], message_type: 'stream', stream_id: DEMO.channels.general, topic: 'edits' });
    expect(await oldClient.next(ofType('delete_message'))).toMatchObject({ message_id: id, message_type: 'stream' });
    expect(await fetchOne('owner', id)).toBeUndefined();
  });

  it("refuses a member deleting another's message; an administrator may", async () => {
    const id = await send('owner');
    const refused = await demo.clients.member.delete(`/messages/${id}`);
    expect(refused.status).toBe(400);
    expectResponseValid('delete-message', refused.body, '400');
    expect(refused.body['msg']).toBe("You don't have permission to delete this message");
    expect((await demo.clients.admin.delete(`/messages/${id}`)).status).toBe(200);
  });

  it('deletes a direct message for its participants only', async () => {
    const reply = await demo.clients.member.post('/messages', { type: 'direct', to: [demo.accounts.moderator.user_id], content: 'oops' });
    const id = reply.body['id'] as number;
    const participant = await EventStream.open(demo.service.url, demo.accounts.moderator, { event_types: ['delete_message'], client_capabilities: { bulk_message_deletion: true } });
    const outsider = await EventStream.open(demo.service.url, demo.accounts.guest, { event_types: ['delete_message'] });
    expect((await demo.clients.member.delete(`/messages/${id}`)).status).toBe(200);
    expect(await participant.next(ofType('delete_message'))).toMatchObject({ message_ids: [id], message_type: 'private' });
    expect(await outsider.collect()).toEqual([]);
  });
});

describe('POST /messages/{message_id}/reactions', () => {
  it('answers like real servers and sends a reaction add event that matches the reference', async () => {
    const id = await send('member');
    const reader = await EventStream.open(demo.service.url, demo.accounts.owner, { event_types: ['reaction'] });
    const reply = await demo.clients.owner.post(`/messages/${id}/reactions`, { emoji_name: 'party_parrot', emoji_code: '1', reaction_type: 'realm_emoji' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expectResponseValid('add-reaction', reply.body);
    expect(await reader.next(ofType('reaction', 'add'))).toMatchObject({ message_id: id, emoji_name: 'party_parrot', reaction_type: 'realm_emoji', user_id: demo.accounts.owner.user_id });
  });
});
