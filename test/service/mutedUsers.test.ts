// /users/me/muted_users as a real server (Zulip 11, feature level 372) answers it (its answers and
// refusals asked of one; the flags by its source):
// muting and unmuting with the whole list in a muted_users event and in the registration, the
// server's refusals, the muted user's unread messages marked read for the one who muted them, and
// their later messages arriving read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemo, type Demo } from './testing/demo';
import { EventStream, ofType } from './testing/events';

let demo: Demo;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.service.close());

const path = (user_id: number) => `/users/me/muted_users/${user_id}`;

async function send(content: string): Promise<number> {
  const reply = await demo.clients.guest.post('/messages', { type: 'stream', to: DEMO.channels.general, topic: 'muted', content });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body['id'] as number;
}

async function readFor(id: number): Promise<boolean> {
  const reply = await demo.clients.moderator.get('/messages', { anchor: id, num_before: 0, num_after: 0 });
  return (reply.body['messages'] as { flags: string[] }[])[0]!.flags.includes('read');
}

describe('/users/me/muted_users', () => {
  it('mutes: the muted user’s unread messages go read, later ones arrive read, the list comes in an event and the registration', async () => {
    const guest = demo.accounts.guest.user_id;
    const before = await send('before the mute');
    expect(await readFor(before)).toBe(false);
    const stream = await EventStream.open(demo.service.url, demo.accounts.moderator, { event_types: ['muted_users', 'update_message_flags'] });
    expect((await demo.clients.moderator.post(path(guest))).body).toEqual({ result: 'success', msg: '' });
    expect(await stream.next(ofType('update_message_flags'))).toMatchObject({ op: 'add', flag: 'read', messages: expect.arrayContaining([before]) });
    expect(await stream.next(ofType('muted_users'))).toMatchObject({ muted_users: [{ id: guest, timestamp: expect.any(Number) }] });
    expect(await readFor(before)).toBe(true);
    expect(await readFor(await send('after the mute'))).toBe(true);
    const registered = await demo.clients.moderator.post('/register', { fetch_event_types: ['muted_users'] });
    expect(registered.body['muted_users']).toEqual([{ id: guest, timestamp: expect.any(Number) }]);
  });

  it('unmutes, and refuses what the server refuses, in its words', async () => {
    const guest = demo.accounts.guest.user_id;
    const stream = await EventStream.open(demo.service.url, demo.accounts.moderator, { event_types: ['muted_users'] });
    expect((await demo.clients.moderator.post(path(guest))).body).toEqual({ result: 'error', msg: 'User already muted', code: 'BAD_REQUEST' });
    expect((await demo.clients.moderator.delete(path(guest))).body).toEqual({ result: 'success', msg: '' });
    expect(await stream.next(ofType('muted_users'))).toMatchObject({ muted_users: [] });
    expect(await readFor(await send('after the unmute'))).toBe(false);
    expect((await demo.clients.moderator.delete(path(guest))).body).toEqual({ result: 'error', msg: 'User is not muted', code: 'BAD_REQUEST' });
    expect((await demo.clients.moderator.post(path(demo.accounts.moderator.user_id))).body).toEqual({ result: 'error', msg: 'Cannot mute self', code: 'BAD_REQUEST' });
    expect((await demo.clients.moderator.post(path(99_999))).body).toEqual({ result: 'error', msg: 'No such user', code: 'BAD_REQUEST' });
  });
});
