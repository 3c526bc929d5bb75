// Signing in to a real server of the family: it names its version and level under the family's
// own identifiers, and hides email addresses from members.
import { afterEach, describe, expect, it } from 'vitest';
import { account, openApp, realServer, signIn, type RealApp } from './harness';

let app: RealApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('signing in to a real server', () => {
  it('shows the server version and feature level on the sign-in card', async () => {
    app = await openApp('info');
    const info = await app.call('server.info', { server_url: realServer().url });
    expect(info.realm_name).toBe(realServer().realm_name);
    expect(info.service_version).toBe(realServer().zulip_version);
    expect(info.service_feature_level).toBe(realServer().feature_level);
  });

  it('signs an administrator in and knows the level the operations are checked against', async () => {
    app = await openApp('admin', { snapshotMode: 'worker' });
    const iago = account('iago@zulip.com');
    await signIn(app, iago);
    const me = await app.call('me.get', undefined);
    expect(me).toMatchObject({ user_id: iago.user_id, full_name: iago.full_name, role: 200, feature_level: realServer().feature_level });
  });

  // As the app does (worker snapshots): the first registration names the member.
  it('signs in a member of an organization that hides email addresses, by the address they know', async () => {
    app = await openApp('member', { snapshotMode: 'worker' });
    const hamlet = account('hamlet@zulip.com');
    await signIn(app, hamlet);
    const state = await app.call('app.state', undefined);
    expect(state.accounts).toEqual([expect.objectContaining({ user_id: hamlet.user_id, email: hamlet.email })]);
    const me = await app.call('me.get', undefined);
    expect(me).toMatchObject({ user_id: hamlet.user_id, full_name: hamlet.full_name, role: 400 });
  });

  it('offers the dated operations the level allows and refuses, with the level, those it does not', async () => {
    app = await openApp('dated');
    await signIn(app, account('iago@zulip.com'));
    // Saved snippets came at level 368: a server at 372 has them.
    const created = await app.call('snippets.create', { title: 'Greeting', content: 'Hello from the real-server suite' });
    expect(created).toEqual(expect.objectContaining({ saved_snippet_id: expect.any(Number) }));
    // Channel folders came at 389.
    await expect(app.call('folders.create', { name: 'Later', description: '' })).rejects.toThrow(/feature level 389/);
  });
});
