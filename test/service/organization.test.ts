// Organization settings and personal data: the organization's name, custom profile fields,
// linkifiers, saved snippets, reusable invitation links and push-device registration.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemo, type Demo } from './testing/demo';
import { EventStream, ofType } from './testing/events';
import type { ApiParams } from './testing/client';
import { expectResponseValid } from './testing/reference';

let demo: Demo;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.service.close());

describe("the organization's name", () => {
  it('is renamed by an administrator, in real servers\' answer, with a realm update event, and refused over 40 characters', async () => {
    const stream = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['realm'] });
    const before = (await demo.clients.member.get('/server_settings')).body['realm_name'];
    try {
      expect((await demo.clients.member.patch('/realm', { name: 'Members rename it' })).status).toBe(400);
      expect((await demo.clients.admin.patch('/realm', { name: 'x'.repeat(41) })).body).toEqual({ result: 'error', msg: 'name is too long (limit: 40 characters)', code: 'BAD_REQUEST' });
      expect((await demo.clients.admin.patch('/realm', { name: 'Renamed Organization' })).body).toEqual({ result: 'success', msg: '', name: 'updated' });
      expect(await stream.next(ofType('realm'))).toMatchObject({ op: 'update', property: 'name', value: 'Renamed Organization' });
      expect((await demo.clients.member.get('/server_settings')).body['realm_name']).toBe('Renamed Organization');
    } finally {
      await demo.clients.admin.patch('/realm', { name: String(before) });
    }
  });
});

describe('custom profile fields', () => {
  it('creates a field as an administrator, with the full list in a custom_profile_fields event', async () => {
    const stream = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['custom_profile_fields'] });
    const reply = await demo.clients.admin.post('/realm/profile_fields', {
      name: 'Team',
      hint: 'Which team are you on?',
      field_type: 3,
      field_data: { red: { text: 'Red team', order: '1' }, blue: { text: 'Blue team', order: '2' } },
      required: true,
    });
    expect(reply.status).toBe(200);
    expectResponseValid('create-custom-profile-field', reply.body);
    const id = reply.body['id'] as number;
    const event = await stream.next(ofType('custom_profile_fields'));
    const fields = event['fields'] as Record<string, unknown>[];
    expect(fields.map((field) => field['id'])).toEqual([1, 2, 3, id]);
    expect(fields.at(-1)).toMatchObject({ name: 'Team', field_type: 3, type: 3, required: true, field_data: { red: { text: 'Red team', order: '1' } } });
    const listed = await demo.clients.member.get('/realm/profile_fields');
    expect((listed.body['custom_fields'] as unknown[]).length).toBe(4);
  });

  it('refuses non-administrators, unknown types, duplicate names and a select field without options', async () => {
    expect((await demo.clients.member.post('/realm/profile_fields', { name: 'Mine', field_type: 1 })).body['code']).toBe('UNAUTHORIZED_PRINCIPAL');
    expect((await demo.clients.admin.post('/realm/profile_fields', { name: 'Weird', field_type: 9 })).status).toBe(400);
    expect((await demo.clients.admin.post('/realm/profile_fields', { name: 'phone number', field_type: 1 })).status).toBe(400);
    expect((await demo.clients.admin.post('/realm/profile_fields', { name: 'Empty list', field_type: 3 })).status).toBe(400);
    expect((await demo.clients.admin.post('/realm/profile_fields', { field_type: 1 })).status).toBe(400);
  });

  it('names a built-in external account field after its kind when no name is given', async () => {
    const reply = await demo.clients.admin.post('/realm/profile_fields', { field_type: 7, field_data: { subtype: 'github' } });
    expect(reply.status).toBe(200);
    const fields = (await demo.clients.member.get('/realm/profile_fields')).body['custom_fields'] as Record<string, unknown>[];
    expect(fields.find((field) => field['id'] === reply.body['id'])).toMatchObject({ name: 'GitHub', field_data: { subtype: 'github' } });
  });

  it('allows at most two fields in the profile summary, and never long text or person pickers', async () => {
    expect((await demo.clients.admin.post('/realm/profile_fields', { name: 'Long', field_type: 2, display_in_profile_summary: true })).status).toBe(400);
    expect((await demo.clients.admin.post('/realm/profile_fields', { name: 'Mentor', field_type: 6, display_in_profile_summary: true })).status).toBe(400);
    // The demo organization shows one field already; one more fits.
    expect((await demo.clients.admin.post('/realm/profile_fields', { name: 'Pronouns', field_type: 8, display_in_profile_summary: true })).status).toBe(200);
    const third = await demo.clients.admin.post('/realm/profile_fields', { name: 'Website', field_type: 5, display_in_profile_summary: true });
    expect(third.status).toBe(400);
    expect(third.body['msg']).toBe('Only 2 custom profile fields can be displayed in the profile summary.');
  });
});

describe('linkifiers', () => {
  it('updates a linkifier, with a realm_linkifiers event for capable clients', async () => {
    const stream = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['realm_linkifiers'], client_capabilities: { linkifier_url_template: true } });
    const reply = await demo.clients.admin.patch('/realm/filters/1', { pattern: '#(?P<id>[0-9]{2,})', url_template: 'https://tracker.example/ticket/{id}' });
    expect(reply.status).toBe(200);
    expectResponseValid('update-linkifier', reply.body);
    const event = await stream.next(ofType('realm_linkifiers'));
    expect(event['realm_linkifiers']).toEqual(expect.arrayContaining([expect.objectContaining({ id: 1, pattern: '#(?P<id>[0-9]{2,})', url_template: 'https://tracker.example/ticket/{id}' })]));
  });

  it('creates and lists linkifiers; topic links follow them', async () => {
    const created = await demo.clients.admin.post('/realm/filters', { pattern: 'RFC(?P<num>[0-9]+)', url_template: 'https://www.rfc-editor.org/rfc/rfc{num}' });
    expect(created.status).toBe(200);
    const listed = await demo.clients.member.get('/realm/linkifiers');
    expect(listed.body['linkifiers']).toEqual(expect.arrayContaining([expect.objectContaining({ id: created.body['id'], pattern: 'RFC(?P<num>[0-9]+)' })]));
    const id = (await demo.clients.member.post('/messages', { type: 'stream', to: DEMO.channels.general, topic: 'RFC6570 templates', content: 'x' })).body['id'] as number;
    const fetched = await demo.clients.member.get('/messages', { anchor: id, num_before: 0, num_after: 0 });
    expect((fetched.body['messages'] as Record<string, unknown>[])[0]?.['topic_links']).toEqual([{ text: 'RFC6570', url: 'https://www.rfc-editor.org/rfc/rfc6570' }]);
  });

  it('refuses bad patterns, templates naming unknown groups, unknown ids and non-administrators', async () => {
    expect((await demo.clients.admin.patch('/realm/filters/2', { pattern: '(unclosed', url_template: 'https://x.example/{id}' })).status).toBe(400);
    expect((await demo.clients.admin.patch('/realm/filters/2', { pattern: 'X-(?P<id>[0-9]+)', url_template: 'https://x.example/{other}' })).status).toBe(400);
    expect((await demo.clients.admin.patch('/realm/filters/999', { pattern: 'X-(?P<id>[0-9]+)', url_template: 'https://x.example/{id}' })).status).toBe(400);
    expect((await demo.clients.admin.patch('/realm/filters/2', { pattern: 'X-(?P<id>[0-9]+)' })).body['code']).toBe('REQUEST_VARIABLE_MISSING');
    expect((await demo.clients.member.patch('/realm/filters/2', { pattern: 'X-(?P<id>[0-9]+)', url_template: 'https://x.example/{id}' })).body['code']).toBe('UNAUTHORIZED_PRINCIPAL');
  });
});

describe('saved snippets', () => {
  it('creates, edits and deletes a snippet with saved_snippets events', async () => {
    const stream = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['saved_snippets'] });
    const created = await demo.clients.member.post('/saved_snippets', { title: 'Greeting', content: 'Hello **there**' });
    const id = created.body['saved_snippet_id'] as number;
    expect((await stream.next(ofType('saved_snippets', 'add')))['saved_snippet']).toMatchObject({ id, title: 'Greeting', content: 'Hello **there**' });
    const edited = await demo.clients.member.patch(`/saved_snippets/${id}`, { content: 'Hi' });
    expect(edited.status).toBe(200);
    expectResponseValid('edit-saved-snippet', edited.body);
    expect((await stream.next(ofType('saved_snippets', 'update')))['saved_snippet']).toMatchObject({ id, title: 'Greeting', content: 'Hi' });
    const listed = await demo.clients.member.get('/saved_snippets');
    expect(listed.body['saved_snippets']).toEqual(expect.arrayContaining([expect.objectContaining({ saved_snippet_id: id, content: 'Hi' })]));
    expect((await demo.clients.member.delete(`/saved_snippets/${id}`)).status).toBe(200);
    expect(await stream.next(ofType('saved_snippets', 'remove'))).toMatchObject({ saved_snippet_id: id });
  });

  it("answers 404 BAD_REQUEST for an unknown snippet or another user's", async () => {
    const reply = await demo.clients.member.patch('/saved_snippets/9999', { title: 'x' });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Saved snippet does not exist.' });
    expectResponseValid('edit-saved-snippet', reply.body, '404');
    const ownersSnippet = (await demo.clients.owner.get('/saved_snippets')).body['saved_snippets'] as { saved_snippet_id: number }[];
    expect((await demo.clients.member.patch(`/saved_snippets/${ownersSnippet[0]?.saved_snippet_id}`, { title: 'Mine now' })).status).toBe(404);
  });
});

describe('POST /invites/multiuse', () => {
  it('creates a link for a role no more privileged than the caller', async () => {
    const reply = await demo.clients.moderator.post('/invites/multiuse', { invite_as: 300, stream_ids: [DEMO.channels.engineering], invite_expires_in_minutes: 60 });
    expect(reply.status).toBe(200);
    expectResponseValid('create-invite-link', reply.body);
    expect(String(reply.body['invite_link'])).toMatch(new RegExp(`^${demo.service.url}/join/[a-z0-9]+/$`));
    expect((await demo.clients.member.post('/invites/multiuse', { invite_as: 600, invite_expires_in_minutes: null })).status).toBe(200);
  });

  it.each([
    ['a member inviting a moderator', 'member', { invite_as: 300 }, 'Insufficient permission'],
    ['an administrator inviting an owner', 'admin', { invite_as: 100 }, 'Insufficient permission'],
    ['a guest', 'guest', { invite_as: 600 }, 'Insufficient permission'],
    ['an unknown channel', 'admin', { stream_ids: [999] }, 'Invalid channel ID 999. No invites were sent.'],
    ['a private channel the caller is not in', 'member', { stream_ids: [DEMO.channels.leadership] }, 'Invalid channel ID 5. No invites were sent.'],
    ['channels from a caller who may not subscribe others', 'member', { stream_ids: [DEMO.channels.general] }, 'You do not have permission to subscribe other users to channels.'],
    ['a welcome text over 8000 characters', 'admin', { welcome_message_custom_text: 'w'.repeat(8001) }, 'welcome_message_custom_text is too long (limit: 8000 characters)'],
  ] as const)('answers BAD_REQUEST for %s', async (_case, role, params, msg) => {
    const reply = await demo.clients[role].post('/invites/multiuse', params);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg });
    expectResponseValid('create-invite-link', reply.body, '400');
  });

  it('keeps the welcome text of administrators only, and default subscriptions for anyone', async () => {
    await demo.clients.admin.post('/invites/multiuse', { welcome_message_custom_text: 'w'.repeat(8000) });
    await demo.clients.member.post('/invites/multiuse', { welcome_message_custom_text: 'From a member', include_realm_default_subscriptions: true });
    const rows = demo.service.db.prepare('SELECT welcome_message_custom_text AS text, include_realm_default_subscriptions AS defaults FROM invites ORDER BY id DESC LIMIT 2').all() as { text: string | null; defaults: number }[];
    expect(rows[0]).toEqual({ text: null, defaults: 1 });
    expect(rows[1]?.text).toHaveLength(8000);
  });
});

describe('listing and revoking reusable invitation links', () => {
  const create = async (role: 'owner' | 'admin' | 'moderator' | 'member', params: ApiParams = {}) =>
    String((await demo.clients[role].post('/invites/multiuse', params)).body['invite_link']);
  const listed = async (role: 'owner' | 'admin' | 'admin2' | 'moderator' | 'member') => {
    const reply = await demo.clients[role].get('/invites');
    expect(reply.status).toBe(200);
    expectResponseValid('get-invites', reply.body);
    return reply.body['invites'] as { id: number; link_url: string; invited_by_user_id: number; invited_as: number; expiry_date: number | null; invited: number }[];
  };
  const idOf = async (link: string) => (await listed('owner')).find((invite) => invite.link_url === link)?.id ?? 0;

  it('lists every link to administrators, their own to others, and owner links to owners only', async () => {
    const byMember = await create('member', { invite_as: 600, invite_expires_in_minutes: 60 });
    const byAdmin = await create('admin', { invite_as: 400, invite_expires_in_minutes: null });
    const forOwner = await create('owner', { invite_as: 100 });
    const member = await listed('member');
    expect(member.map((invite) => invite.link_url)).toContain(byMember);
    expect(member.map((invite) => invite.link_url)).not.toContain(byAdmin);
    const admin2 = (await listed('admin2')).map((invite) => invite.link_url);
    expect(admin2).toEqual(expect.arrayContaining([byMember, byAdmin]));
    expect(admin2).not.toContain(forOwner);
    const mine = (await listed('admin')).find((invite) => invite.link_url === byMember);
    expect(mine).toMatchObject({ invited_by_user_id: demo.accounts.member.user_id, invited_as: 600, is_multiuse: true });
    expect((mine?.expiry_date ?? 0) - (mine?.invited ?? 0)).toBe(3600);
    expect((await listed('owner')).find((invite) => invite.link_url === byAdmin)?.expiry_date).toBeNull();
  });

  it('leaves expired links out', async () => {
    const link = await create('admin', { invite_expires_in_minutes: 1 });
    demo.service.db.prepare('UPDATE invites SET expires_at = expires_at - 120 WHERE link_key = ?').run(link.split('/').at(-2));
    expect((await listed('admin')).map((invite) => invite.link_url)).not.toContain(link);
  });

  it('revokes a link its maker or an administrator manages, once', async () => {
    const own = await idOf(await create('member', { invite_as: 400 }));
    const reply = await demo.clients.member.delete(`/invites/multiuse/${own}`);
    expect(reply.status).toBe(200);
    expectResponseValid('revoke-invite-link', reply.body);
    expect((await listed('owner')).map((invite) => invite.id)).not.toContain(own);
    const again = await demo.clients.admin.delete(`/invites/multiuse/${own}`);
    expect(again.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Invitation has already been revoked' });
    const others = await create('moderator', { invite_as: 400 });
    expect((await demo.clients.admin.delete(`/invites/multiuse/${await idOf(others)}`)).status).toBe(200);
  });

  it.each([
    ['an unknown link', 'admin', async () => 99_999, 'No such invitation'],
    ["another member's link", 'member', async (make: typeof create) => make('moderator'), 'Must be an organization administrator'],
    ["an owner link by an administrator", 'admin', async (make: typeof create) => make('owner', { invite_as: 100 }), 'Must be an organization owner'],
  ] as const)('answers BAD_REQUEST when revoking %s', async (_case, role, made, msg) => {
    const link = await made(create);
    const id = typeof link === 'number' ? link : await idOf(link);
    const reply = await demo.clients[role].delete(`/invites/multiuse/${id}`);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg });
    expectResponseValid('revoke-invite-link', reply.body, '400');
  });
});

describe('POST /mobile_push/register', () => {
  const registration = {
    token_kind: 'fcm',
    push_account_id: 4242,
    push_public_key: Buffer.from('public key bytes').toString('base64'),
    bouncer_public_key: 'bouncer-key-1',
    encrypted_push_registration: Buffer.from('ciphertext').toString('base64'),
  };

  it('answers PUSH_SERVICE_NOT_CONFIGURED when the server has no push service', async () => {
    const reply = await demo.clients.member.post('/mobile_push/register', registration);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ result: 'error', code: 'PUSH_SERVICE_NOT_CONFIGURED', msg: 'Server is not configured to use push notification service.' });
    expectResponseValid('register-push-device', reply.body, '400');
  });

  it('registers a device on a configured server and checks the parameters', async () => {
    const configured = await startDemo({ pushConfigured: true });
    try {
      const reply = await configured.clients.member.post('/mobile_push/register', registration);
      expect(reply.status).toBe(200);
      expectResponseValid('register-push-device', reply.body);
      expect(configured.service.db.prepare('SELECT token_kind FROM push_devices WHERE push_account_id = 4242').pluck().get()).toBe('fcm');
      expect((await configured.clients.member.post('/mobile_push/register', { ...registration, token_kind: 'sms' })).status).toBe(400);
      expect((await configured.clients.member.post('/mobile_push/register', { ...registration, push_public_key: 'not base64!' })).status).toBe(400);
      const { bouncer_public_key: _omitted, ...missing } = registration;
      expect((await configured.clients.member.post('/mobile_push/register', missing)).body['code']).toBe('REQUEST_VARIABLE_MISSING');
      const settings = await configured.clients.member.get('/server_settings');
      expect(settings.body['push_notifications_enabled']).toBe(true);
    } finally {
      await configured.service.close();
    }
  });
});
