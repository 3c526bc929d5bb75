import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from './index';
import { basicAuth, call } from './testing/client';

let service: RunningService;
beforeAll(async () => {
  service = await startService({ org: 'demo' });
});
afterAll(() => service.close());

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

describe('files served outside the API', () => {
  it('serves the realm icon named by server settings, without credentials', async () => {
    const settings = await call(service.url, null, 'GET', '/server_settings');
    const response = await fetch(String(settings.body.realm_icon));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer()).subarray(0, 4)).toEqual(PNG);
  });

  it('serves an uploaded avatar only with credentials', async () => {
    const member = service.accounts.find((a) => a.role === 400)!;
    const users = await call(service.url, member, 'GET', '/users');
    const priya = (users.body.members as { full_name: string; avatar_url: string | null }[]).find((u) => u.full_name === 'Priya Patel')!;
    expect(priya.avatar_url).toMatch(/^\/user_avatars\/7\.png\?version=\d+$/);

    const anonymous = await fetch(`${service.url}${priya.avatar_url}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Basic/);

    const signedIn = await fetch(`${service.url}${priya.avatar_url}`, { headers: { authorization: basicAuth(member.email, member.api_key) } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await signedIn.arrayBuffer()).subarray(0, 4)).toEqual(PNG);
  });
});
