// PATCH /settings as real servers answer it (checked with curl against one): twenty_four_hour_time
// set with one user_settings event to the user and read back by the next registration; a value
// that is not a boolean refused in the server's words; an unknown parameter listed as ignored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type Demo } from './testing/demo';
import { EventStream, ofType } from './testing/events';

let demo: Demo;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.service.close());

describe('PATCH /settings', () => {
  it('sets twenty_four_hour_time, tells the user’s queues, and registers with it', async () => {
    const stream = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['user_settings'] });
    expect((await demo.clients.member.patch('/settings', { twenty_four_hour_time: true })).body).toEqual({ result: 'success', msg: '' });
    expect(await stream.next(ofType('user_settings'))).toMatchObject({ op: 'update', property: 'twenty_four_hour_time', value: true });
    const registered = await demo.clients.member.post('/register', { fetch_event_types: JSON.stringify(['user_settings']) });
    expect((registered.body['user_settings'] as Record<string, unknown>)['twenty_four_hour_time']).toBe(true);
  });

  it('refuses what is not a boolean, and lists what it does not know as ignored', async () => {
    expect((await demo.clients.member.patch('/settings', { twenty_four_hour_time: 'maybe' })).body).toMatchObject({ result: 'error', msg: 'twenty_four_hour_time is not valid JSON', code: 'BAD_REQUEST' });
    expect((await demo.clients.member.patch('/settings', { twenty_four_hour_time: 3 })).body).toMatchObject({ msg: 'twenty_four_hour_time is not a boolean' });
    expect((await demo.clients.member.patch('/settings', { twenty_four_hour_time: false, nonsense: 1 })).body).toEqual({ result: 'success', msg: '', ignored_parameters_unsupported: ['nonsense'] });
  });
});
