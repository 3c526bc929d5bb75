// Presence as real servers keep it (their answers, recorded against a real server of the family,
// are what these expectations follow): a client's report answered with everyone's presence, by
// user ID (slim) or by API email (legacy), registration's `presences`, the `presence` event when
// someone appears or comes back active, never for a report that changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemo, type Demo } from './testing/demo';
import { EventStream, ofType } from './testing/events';
import { expectResponseValid } from './testing/reference';

let demo: Demo;
beforeAll(async () => {
  demo = await startDemo({ hideEmails: true });
});
afterAll(() => demo.service.close());

const seconds = () => Date.now() / 1000;

describe('presence', () => {
  it('a first report is answered with everyone’s presence and sent to everyone, slim or by API email', async () => {
    const slim = await EventStream.open(demo.service.url, demo.accounts.owner, { event_types: ['presence'], slim_presence: true });
    const legacy = await EventStream.open(demo.service.url, demo.accounts.admin, { event_types: ['presence'] });
    const before = seconds();
    const reply = await demo.clients.member.post('/users/me/presence', { status: 'active', slim_presence: true, new_user_input: true });
    expect(reply.status).toBe(200);
    const member = String(demo.accounts.member.user_id);
    expect(reply.body).toMatchObject({ result: 'success', presences: { [member]: { active_timestamp: expect.any(Number), idle_timestamp: expect.any(Number) } } });
    const entry = (reply.body['presences'] as Record<string, { active_timestamp: number }>)[member]!;
    expect(entry.active_timestamp).toBeGreaterThanOrEqual(Math.floor(before));
    expect(reply.body['presence_last_update_id']).toEqual(expect.any(Number));
    expect(reply.body['server_timestamp']).toBeGreaterThanOrEqual(before);

    const slimEvent = await slim.next(ofType('presence'));
    expect(slimEvent).toEqual({
      id: expect.any(Number),
      type: 'presence',
      user_id: demo.accounts.member.user_id,
      server_timestamp: expect.any(Number),
      presence: { website: { client: 'website', status: 'active', timestamp: entry.active_timestamp, pushable: false } },
    });
    // Without slim_presence the event names the user by API email too (hidden addresses here).
    expect(await legacy.next(ofType('presence'))).toMatchObject({ user_id: demo.accounts.member.user_id, email: `user${demo.accounts.member.user_id}@demo.example` });

    // Reported again at once: nothing changes, no event.
    await demo.clients.member.post('/users/me/presence', { status: 'active', ping_only: true });
    await demo.clients.member.post('/users/me/presence', { status: 'idle', ping_only: true });
    expect((await slim.poll()).filter((event) => event.type === 'presence')).toEqual([]);
  });

  it('answers ping_only with nothing, a bad status with the real server’s refusal, and refuses bots', async () => {
    expect((await demo.clients.moderator.post('/users/me/presence', { status: 'idle', ping_only: true })).body).toEqual({ result: 'success', msg: '' });
    expect((await demo.clients.moderator.post('/users/me/presence', { status: 'away' })).body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid status: away' });
  });

  it('registration carries everyone’s presence; GET /realm/presence and a user’s own in the legacy shape', async () => {
    const slim = await demo.clients.guest.post('/register', { fetch_event_types: ['presence'], slim_presence: true });
    expect(slim.body['presences']).toMatchObject({ [String(demo.accounts.member.user_id)]: { active_timestamp: expect.any(Number), idle_timestamp: expect.any(Number) } });
    expect(slim.body['presence_last_update_id']).toEqual(expect.any(Number));
    expect(slim.body['server_timestamp']).toEqual(expect.any(Number));

    const realm = await demo.clients.guest.get('/realm/presence');
    expectResponseValid('get-presence', realm.body);
    expect(realm.body['presences']).toMatchObject({
      [`user${demo.accounts.member.user_id}@demo.example`]: { aggregated: { client: 'website', status: 'active' }, website: { status: 'active', pushable: false } },
    });
    expect(realm.body).not.toHaveProperty('presence_last_update_id');

    const own = await demo.clients.guest.get(`/users/${demo.accounts.member.user_id}/presence`);
    expectResponseValid('get-user-presence', own.body);
    expect((await demo.clients.guest.get(`/users/${DEMO.users.liam}/presence`)).body).toMatchObject({ result: 'error', msg: `No presence data for ${DEMO.users.liam}` });
  });

  it('an idle report reads idle once activity is old; asking with last_update_id gives only what changed since', async () => {
    const admin2 = demo.accounts.admin2.user_id;
    const first = await demo.clients.admin2.post('/users/me/presence', { status: 'idle', last_update_id: -1 });
    const last = first.body['presence_last_update_id'] as number;
    expect(first.body['presences']).toMatchObject({ [String(admin2)]: { idle_timestamp: expect.any(Number) } });
    const since = await demo.clients.guest.post('/users/me/presence', { status: 'active', last_update_id: last });
    expect(Object.keys(since.body['presences'] as object)).toEqual([String(demo.accounts.guest.user_id)]);
    const realm = await demo.clients.owner.get('/realm/presence');
    expect((realm.body['presences'] as Record<string, { aggregated: { status: string } }>)[`user${admin2}@demo.example`]?.aggregated.status).toBe('idle');
  });
});
