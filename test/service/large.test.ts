// The generated organization at its maximum size must start, and register an administrator, fast.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from './index';
import { call } from './testing/client';

const USERS = 100_000;
const CHANNELS = 10_000;

let service: RunningService;
let startMs = 0;
beforeAll(async () => {
  const started = Date.now();
  service = await startService({ org: 'large', users: USERS, channels: CHANNELS });
  startMs = Date.now() - started;
}, 60_000);
afterAll(() => service.close());

const administrator = () => {
  const account = service.accounts.find((candidate) => candidate.role === 200);
  if (account === undefined) throw new Error('no administrator account');
  return account;
};

describe('large organization', () => {
  it('starts within seconds', () => {
    expect(startMs).toBeLessThan(10_000);
    expect(service.accounts.map((account) => account.role)).toEqual([100, 200, 200, 300, 400, 600]);
  });

  it('registers an administrator within seconds, with every user and channel', async () => {
    const started = Date.now();
    const reply = await call(service.url, administrator(), 'POST', '/register', { fetch_event_types: ['realm_user', 'subscription', 'channel_folders', 'realm'] });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(reply.status).toBe(200);
    expect((reply.body['realm_users'] as unknown[]).length).toBe(USERS);
    const subscribed = (reply.body['subscriptions'] as unknown[]).length;
    expect(subscribed).toBe(100);
    expect(subscribed + (reply.body['never_subscribed'] as unknown[]).length).toBe(CHANNELS);
    expect((reply.body['channel_folders'] as unknown[]).length).toBeGreaterThan(1);
  }, 30_000);

  it('names generated users the documented way', async () => {
    const reply = await call(service.url, administrator(), 'GET', '/users/user42@large.example');
    expect(reply.body['user']).toMatchObject({ user_id: 42, full_name: 'User 00042', email: 'user42@large.example' });
  });
});
