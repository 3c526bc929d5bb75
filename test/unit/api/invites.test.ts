// The invitation neighbours on the wire: listing checked before the app relies on it, revoking by
// path, and the groups read from a registration whose queue is deleted at once.
import { beforeEach, describe, expect, it } from 'vitest';
import { UnexpectedAnswerError } from '../../../main/api/checked-answer';
import { ServiceClient } from '../../../main/api/service-client';
import { getUserGroups } from '../../../main/api/user-groups';
import { json, success, useCaptureServer } from './capture-server';

const server = useCaptureServer();
let client: ServiceClient;

beforeEach(() => {
  client = new ServiceClient({ serverUrl: server.url, email: 'iago@example.com', apiKey: 'secret-key' });
});

const link = { id: 1, invited_by_user_id: 9, invited: 1710599862, expiry_date: null, invited_as: 400, is_multiuse: true, link_url: 'https://x.example/join/abc/' };

describe('invitation links', () => {
  it('lists invitations as sent, keeping fields it does not know', async () => {
    server.respond((_req, res) => json(res, 200, { result: 'success', msg: '', invites: [{ ...link, notify_referrer_on_join: true }] }));
    expect((await client.call('getInvites', {})).invites).toEqual([{ ...link, notify_referrer_on_join: true }]);
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/api/v1/invites' });
  });

  it('refuses a listing not in the form the app reads, naming the field', async () => {
    server.respond((_req, res) => json(res, 200, { result: 'success', msg: '', invites: [{ ...link, invited_as: 'member' }] }));
    const error = await client.call('getInvites', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedAnswerError);
    expect((error as Error).message).toMatch(/^The server's answer to GET \/invites is not in the form this app reads \(invites\.0\.invited_as: /);
  });

  it('revokes a link by its ID in the path', async () => {
    server.respond(success);
    await client.call('revokeInviteLink', { invite_id: 7 });
    expect(server.requests[0]).toMatchObject({ method: 'DELETE', url: '/api/v1/invites/multiuse/7' });
  });

  it('reads the groups from a registration and deletes its queue at once', async () => {
    server.respond((req, res) =>
      req.method === 'POST'
        ? json(res, 200, { result: 'success', msg: '', queue_id: 'q-1', last_event_id: -1, realm_user_groups: [{ id: 9, name: 'Support team', is_system_group: false, members: [] }] })
        : success(req, res),
    );
    expect(await getUserGroups(client)).toMatchObject([{ id: 9, name: 'Support team', description: '', is_system_group: false, deactivated: false }]);
    expect(server.requests.map((r) => `${r.method} ${r.url.split('?')[0]}`)).toEqual(['POST /api/v1/register', 'DELETE /api/v1/events']);
    expect(new URLSearchParams(server.requests[0]?.body).get('fetch_event_types')).toBe('["realm_user_groups"]');
    expect(`${server.requests[1]?.url} ${server.requests[1]?.body}`).toContain('q-1');
  });
});
