// Users: listing, lookup by email, creation, update, deactivation and user status, with their
// permissions, errors and realm_user / user_status events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './testing/client';
import { DEMO, startDemo, type Demo } from './testing/demo';
import { EventStream, ofType } from './testing/events';
import { expectResponseValid } from './testing/reference';

let demo: Demo;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.service.close());

type Person = Record<string, unknown>;

describe('GET /users', () => {
  it('lists every user, bots and deactivated ones included, in the reference shape', async () => {
    const reply = await demo.clients.member.get('/users');
    expect(reply.status).toBe(200);
    expectResponseValid('get-users', reply.body);
    const members = reply.body['members'] as Person[];
    expect(members.find((user) => user['user_id'] === DEMO.users.dana)).toMatchObject({ is_active: false });
    expect(members.find((user) => user['user_id'] === DEMO.users.echoBot)).toMatchObject({ is_bot: true, bot_type: 3, bot_owner_id: demo.accounts.admin.user_id });
    const owner = members.find((user) => user['user_id'] === demo.accounts.owner.user_id);
    expect(owner).toMatchObject({ role: 100, is_owner: true, is_admin: true, delivery_email: 'owner@demo.example', avatar_url: null });
    expect(String(owner?.['date_joined'])).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    expect(owner).not.toHaveProperty('profile_data');
  });

  it('adds profile_data on request, limits to user_ids, and gives avatar URLs without client_gravatar', async () => {
    const reply = await demo.clients.member.get('/users', { include_custom_profile_fields: true, user_ids: [demo.accounts.owner.user_id], client_gravatar: false });
    const members = reply.body['members'] as Person[];
    expect(members).toHaveLength(1);
    expect(members[0]?.['profile_data']).toMatchObject({ '1': { value: '+1-555-0100' } });
    expect(String(members[0]?.['avatar_url'])).toMatch(/^https:\/\//);
  });

  it('hides a restricted email from members but not from administrators', async () => {
    const asMember = (await demo.clients.member.get('/users', { user_ids: [DEMO.users.hana] })).body['members'] as Person[];
    expect(asMember[0]).toMatchObject({ delivery_email: null, email: `user${DEMO.users.hana}@demo.example` });
    const asAdmin = (await demo.clients.admin.get('/users', { user_ids: [DEMO.users.hana] })).body['members'] as Person[];
    expect(asAdmin[0]).toMatchObject({ delivery_email: 'hana@demo.example' });
  });
});

describe('GET /users/{email}', () => {
  it('finds a user by real email and by the placeholder address', async () => {
    const real = await demo.clients.member.get('/users/priya@demo.example');
    expect(real.status).toBe(200);
    expectResponseValid('get-user-by-email', real.body);
    expect((real.body['user'] as Person)['user_id']).toBe(DEMO.users.priya);
    const placeholder = await demo.clients.member.get(`/users/user${DEMO.users.hana}@demo.example`);
    expect((placeholder.body['user'] as Person)['full_name']).toBe('Hana Sato');
  });

  it("does not reveal a user by an email the requester may not see", async () => {
    const reply = await demo.clients.member.get('/users/hana@demo.example');
    expect(reply.status).toBe(400);
    expect(reply.body['code']).toBe('BAD_REQUEST');
    expect((await demo.clients.admin.get('/users/hana@demo.example')).status).toBe(200);
  });
});

describe('POST /users', () => {
  it('refuses non-administrators with UNAUTHORIZED_PRINCIPAL', async () => {
    const reply = await demo.clients.moderator.post('/users', { email: 'x@demo.example', password: 'secret123', full_name: 'X' });
    expect(reply.status).toBe(400);
    expect(reply.body['code']).toBe('UNAUTHORIZED_PRINCIPAL');
  });

  it('refuses an administrator without can_create_users', async () => {
    const reply = await demo.clients.admin2.post('/users', { email: 'y@demo.example', password: 'secret123', full_name: 'Y' });
    expect(reply.status).toBe(400);
    expect(reply.body['code']).toBe('BAD_REQUEST');
    const users = (await demo.clients.admin.get('/users')).body['members'] as Person[];
    expect(users.some((user) => user['delivery_email'] === 'y@demo.example')).toBe(false);
  });

  it('creates a user who can be looked up, with a realm_user add event', async () => {
    const stream = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['realm_user'] });
    const reply = await demo.clients.admin.post('/users', { email: 'newcomer@demo.example', password: 'secret123', full_name: 'New Comer' });
    expect(reply.status).toBe(200);
    expectResponseValid('create-user', reply.body);
    const userId = reply.body['user_id'] as number;
    const added = await stream.next(ofType('realm_user', 'add'));
    expect(added['person']).toMatchObject({ user_id: userId, full_name: 'New Comer', role: 400, is_active: true });
    const found = await demo.clients.member.get('/users/newcomer@demo.example');
    expect((found.body['user'] as Person)['user_id']).toBe(userId);
  });

  it('refuses an email already in use', async () => {
    const reply = await demo.clients.owner.post('/users', { email: 'PRIYA@demo.example', password: 'secret123', full_name: 'Priya Again' });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Email is already in use.' });
  });
});

describe('PATCH /users/{user_id}', () => {
  it('changes name, role and profile fields, one realm_user update per change', async () => {
    const stream = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['realm_user'] });
    const reply = await demo.clients.admin.patch(`/users/${DEMO.users.liam}`, {
      full_name: 'Liam OBrien',
      role: 300,
      profile_data: [{ id: DEMO.profileFields.biography, value: 'Likes **tea**' }],
    });
    expect(reply.status).toBe(200);
    expect((await stream.next((event) => 'full_name' in (event['person'] as Person)))['person']).toEqual({ user_id: DEMO.users.liam, full_name: 'Liam OBrien' });
    expect((await stream.next((event) => 'role' in (event['person'] as Person)))['person']).toEqual({ user_id: DEMO.users.liam, role: 300 });
    const field = (await stream.next((event) => 'custom_profile_field' in (event['person'] as Person)))['person'] as Person;
    expect(field['custom_profile_field']).toEqual({ id: DEMO.profileFields.biography, value: 'Likes **tea**', rendered_value: '<p>Likes <strong>tea</strong></p>' });
  });

  it('lets only owners grant the owner role', async () => {
    const reply = await demo.clients.admin.patch(`/users/${DEMO.users.liam}`, { role: 100 });
    expect(reply.body['code']).toBe('UNAUTHORIZED_PRINCIPAL');
  });
});

describe('DELETE /users/{user_id}', () => {
  it('refuses non-administrators', async () => {
    const reply = await demo.clients.member.delete(`/users/${DEMO.users.priya}`);
    expect(reply.body['code']).toBe('UNAUTHORIZED_PRINCIPAL');
  });

  it('refuses to deactivate the only organization owner', async () => {
    const reply = await demo.clients.owner.delete(`/users/${demo.accounts.owner.user_id}`);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Cannot deactivate the only organization owner' });
    expectResponseValid('deactivate-user', reply.body, '400');
  });

  it('deactivates a user: is_active update event, notification recorded, login refused', async () => {
    const diego = (await demo.clients.admin.post('/users', { email: 'leaver@demo.example', password: 'secret123', full_name: 'Lee Leaver' })).body['user_id'] as number;
    const key = demo.service.db.prepare('SELECT api_key FROM users WHERE user_id = ?').pluck().get(diego) as string;
    expect((await call(demo.service.url, { email: 'leaver@demo.example', api_key: key }, 'GET', '/users')).status).toBe(200);
    const stream = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['realm_user'] });
    const reply = await demo.clients.admin.delete(`/users/${diego}`, { deactivation_notification_comment: 'Thanks for everything' });
    expect(reply.status).toBe(200);
    expectResponseValid('deactivate-user', reply.body);
    expect((await stream.next(ofType('realm_user', 'update')))['person']).toEqual({ user_id: diego, is_active: false });
    expect(demo.service.db.prepare('SELECT comment FROM deactivation_emails WHERE user_id = ?').pluck().get(diego)).toBe('Thanks for everything');
    const refused = await call(demo.service.url, { email: 'leaver@demo.example', api_key: key }, 'GET', '/users');
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'UNAUTHORIZED', msg: 'Account is deactivated' });
    expect((await demo.clients.admin.delete(`/users/${diego}`)).status).toBe(400);
  });
});

describe('POST /users/{user_id}/reactivate', () => {
  it('reactivates a deactivated user with an is_active update event, in the reference shape', async () => {
    const stream = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['realm_user'] });
    const reply = await demo.clients.admin.post(`/users/${DEMO.users.dana}/reactivate`);
    expect(reply.status).toBe(200);
    expectResponseValid('reactivate-user', reply.body);
    expect((await stream.next(ofType('realm_user', 'update')))['person']).toEqual({ user_id: DEMO.users.dana, is_active: true });
    const again = await demo.clients.admin.post(`/users/${DEMO.users.dana}/reactivate`);
    // The reference publishes no 400 schema here: the error body every endpoint shares.
    expect(again.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'User is already active' });
  });

  it('refuses non-administrators, and administrators bringing back an owner', async () => {
    expect((await demo.clients.member.post(`/users/${DEMO.users.priya}/reactivate`)).body['code']).toBe('UNAUTHORIZED_PRINCIPAL');
    const second = (await demo.clients.owner.post('/users', { email: 'second-owner@demo.example', password: 'secret123', full_name: 'Second Owner' })).body['user_id'] as number;
    expect((await demo.clients.owner.patch(`/users/${second}`, { role: 100 })).status).toBe(200);
    expect((await demo.clients.owner.delete(`/users/${second}`)).status).toBe(200);
    expect((await demo.clients.admin.post(`/users/${second}/reactivate`)).body['code']).toBe('UNAUTHORIZED_PRINCIPAL');
    expect((await demo.clients.owner.post(`/users/${second}/reactivate`)).status).toBe(200);
  });
});

describe('PATCH /users/{user_id} role rules', () => {
  it('lets only owners take the owner role away, and never from the last owner', async () => {
    const owner = demo.accounts.owner.user_id;
    const refused = await demo.clients.admin.patch(`/users/${owner}`, { role: 400 });
    expect(refused.body['code']).toBe('UNAUTHORIZED_PRINCIPAL');
    expectResponseValid('update-user', refused.body, '400');
    const owners = demo.service.db.prepare('SELECT user_id FROM users WHERE role = 100 AND is_active = 1 AND is_bot = 0').pluck().all() as number[];
    for (const other of owners.filter((id) => id !== owner)) expect((await demo.clients.owner.patch(`/users/${other}`, { role: 400 })).status).toBe(200);
    const last = await demo.clients.owner.patch(`/users/${owner}`, { role: 200 });
    expect(last.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'The owner permission cannot be removed from the only organization owner.' });
    const ok = await demo.clients.admin.patch(`/users/${DEMO.users.priya}`, { role: 300 });
    expectResponseValid('update-user', ok.body);
  });
});

describe('POST /users/{user_id}/status', () => {
  const path = (): string => `/users/${DEMO.users.priya}/status`;

  it('sets another user status as an administrator, with a user_status event', async () => {
    const stream = await EventStream.open(demo.service.url, demo.accounts.member, { event_types: ['user_status'] });
    const reply = await demo.clients.admin.post(path(), { status_text: 'Back from vacation', emoji_name: 'car' });
    expect(reply.status).toBe(200);
    expectResponseValid('update-status-for-user', reply.body);
    expect(await stream.next(ofType('user_status'))).toMatchObject({
      user_id: DEMO.users.priya,
      status_text: 'Back from vacation',
      emoji_name: 'car',
      emoji_code: '1f697',
      reaction_type: 'unicode_emoji',
    });
    const state = await demo.clients.member.post('/register', { fetch_event_types: ['user_status'] });
    expect((state.body['user_status'] as Record<string, Person>)[String(DEMO.users.priya)]).toMatchObject({ status_text: 'Back from vacation' });
  });

  it.each([
    ['a non-administrator', 'member', { status_text: 'x' }, 'Insufficient permission'],
    ['no values', 'admin', {}, 'Client did not pass any new values.'],
    ['a status_text over 60 characters', 'admin', { status_text: 'x'.repeat(61) }, 'status_text is too long (limit: 60 characters)'],
    ['emoji_code without emoji_name', 'admin', { emoji_code: '1f697' }, 'Client must pass emoji_name if they pass either emoji_code or reaction_type.'],
    ['an unknown emoji name', 'admin', { emoji_name: 'invalid' }, "Emoji 'invalid' does not exist"],
    ['a name that does not match the code', 'admin', { emoji_name: 'car', emoji_code: '1f389', reaction_type: 'unicode_emoji' }, 'Invalid emoji name.'],
    ['an unknown custom emoji', 'admin', { emoji_name: 'party_parrot', emoji_code: '999', reaction_type: 'realm_emoji' }, 'Invalid custom emoji.'],
  ] as const)('answers BAD_REQUEST for %s', async (_case, role, params, msg) => {
    const reply = await demo.clients[role].post(path(), params);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg });
    expectResponseValid('update-status-for-user', reply.body, '400');
  });

  it('accepts exactly 60 characters and lets users set their own status at /users/me/status', async () => {
    expect((await demo.clients.admin.post(path(), { status_text: 'x'.repeat(60) })).status).toBe(200);
    expect((await demo.clients.member.post('/users/me/status', { status_text: 'Focusing', emoji_name: 'party_parrot' })).status).toBe(200);
  });
});
