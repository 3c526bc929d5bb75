// The one factory of service clients decides the credentials and the user agent for every place
// that talks to the server: the session, sign-in, the look-up before sign-in, the sync worker.
import { describe, expect, it } from 'vitest';
import { createServiceClient, USER_AGENT } from '../../../main/api/create-client';
import { json, useCaptureServer } from './capture-server';

const server = useCaptureServer();

describe('createServiceClient', () => {
  it('sends the account credentials as HTTP Basic, and names the app in User-Agent', async () => {
    server.respond((_req, res) => json(res, 200, { result: 'success', msg: '', members: [] }));
    await createServiceClient({ server_url: server.url, credentials: { email: 'iago@example.com', api_key: 'k3y' } }).call('getUsers', {});
    const [request] = server.requests;
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from('iago@example.com:k3y').toString('base64')}`);
    expect(request?.headers['user-agent']).toBe(USER_AGENT);
  });

  it('sends no credentials before sign-in, and still names the app', async () => {
    server.respond((_req, res) => json(res, 200, { result: 'success', msg: '', realm_name: 'Zulip' }));
    await createServiceClient({ server_url: server.url }).call('getServerSettings', {});
    const [request] = server.requests;
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.headers['user-agent']).toBe(USER_AGENT);
  });
});
