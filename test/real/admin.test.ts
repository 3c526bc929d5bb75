// Bulk administration against a real server of the family, as an administrator of it: roles
// changed for several members and undone, a member deactivated and brought back, invitation links
// made and revoked, a CSV import, and the directory exported. Each test puts back what it changed.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, Bare, openApp, signIn, until, type RealApp } from './harness';

let app: RealApp;
const iago = () => account('iago@zulip.com');
const asIago = () => new Bare(iago());

/** The server's own view of a user, asked as the administrator. */
async function serverUser(user_id: number): Promise<{ role: number; is_active: boolean; email: string; delivery_email: string | null }> {
  const answer = await asIago().call('GET', `/users/${user_id}`, { include_custom_profile_fields: false });
  const user = answer.user as { role: number; is_active: boolean; email: string; delivery_email: string | null } | undefined;
  if (!user) throw new Error(`GET /users/${user_id}: ${String(answer.msg)}`);
  return user;
}

async function userIdOf(email: string): Promise<number> {
  const found = await app.call('users.byEmail', { email });
  if (!found) throw new Error(`${email} not found`);
  return found.user.user_id;
}

/** The roles the app's directory shows, from its mirror (the server's events bring them). */
async function mirrorRoles(ids: number[]): Promise<(number | undefined)[]> {
  return Promise.all(ids.map(async (user_id) => (await app.call('users.profile', { user_id }))?.user.role));
}

/** Starts a planned job and waits until it has run (finished, or stopped where it had to). */
async function run(job_id: number) {
  await app.call('bulk.start', { job_id });
  await until(async () => !(await app.call('bulk.unfinished', undefined)).some((job) => job.job_id === job_id && job.state === 'running'), `job ${job_id} run`);
  return (await app.call('bulk.items', { job_id, offset: 0, limit: 100 })).items;
}

beforeAll(async () => {
  app = await openApp('admin-bulk');
  await signIn(app, iago());
});
afterAll(() => app.close());

describe('bulk administration against a real server', () => {
  it('changes the role of several members by the addresses an administrator sees, and undoes it', async () => {
    const emails = ['othello@zulip.com', 'prospero@zulip.com'];
    const ids = await Promise.all(emails.map(userIdOf));
    const before = await Promise.all(ids.map(async (id) => (await serverUser(id)).role));
    const plan = await app.call('bulk.planRoleChange', { emails, role: 300 });
    expect(plan.blocked).toBeNull();
    const items = await run(plan.job!.job_id);
    expect(items.map((item) => [item.state, item.error_msg])).toEqual([
      ['done', null],
      ['done', null],
    ]);
    expect(await Promise.all(ids.map(async (id) => (await serverUser(id)).role))).toEqual([300, 300]);
    await until(async () => (await mirrorRoles(ids)).every((role) => role === 300), 'the new roles in the directory');

    const undo = await app.call('bulk.planUndo', { job_id: plan.job!.job_id });
    expect(undo.blocked).toBeNull();
    await run(undo.job!.job_id);
    expect(await Promise.all(ids.map(async (id) => (await serverUser(id)).role))).toEqual(before);
    await until(async () => JSON.stringify(await mirrorRoles(ids)) === JSON.stringify(before), 'the roles back in the directory');
  });

  it('deactivates a member with a note and brings them back', async () => {
    const user_id = await userIdOf('aaron@zulip.com');
    const plan = await app.call('bulk.planDeactivate', { user_ids: [user_id, iago().user_id], deactivation_notification_comment: 'Contract ended' });
    expect(plan.blocked).toBeNull();
    const items = await run(plan.job!.job_id);
    expect(items.map((item) => [item.state, item.error_code])).toEqual([
      ['done', null],
      ['skipped', 'SELF'],
    ]);
    expect((await serverUser(user_id)).is_active).toBe(false);
    const undo = await app.call('bulk.planUndo', { job_id: plan.job!.job_id });
    await run(undo.job!.job_id);
    expect((await serverUser(user_id)).is_active).toBe(true);
  });

  it('makes invitation links the server lists, and revokes them', async () => {
    const plan = await app.call('bulk.planInvites', { count: 2, invite_as: 400, stream_ids: [3], group_ids: [], include_realm_default_subscriptions: false, invite_expires_in_minutes: 60 });
    expect(plan.blocked).toBeNull();
    const items = await run(plan.job!.job_id);
    const links = items.map((item) => item.invite_link);
    expect(items.map((item) => item.state)).toEqual(['done', 'done']);
    const listed = await app.call('invites.list', undefined);
    const ours = listed.filter((invite) => links.includes(invite.link_url));
    expect(ours).toHaveLength(2);
    expect(ours[0]).toMatchObject({ invited_as: 400, invited_by_user_id: iago().user_id, subscriptions: { channels: ['Verona'] } });
    const revoked = await app.call('invites.revoke', { ids: ours.map((invite) => invite.id) });
    expect(revoked.refused).toEqual([]);
    expect((await app.call('invites.list', undefined)).filter((invite) => links.includes(invite.link_url))).toEqual([]);
  });

  it('halts a CSV import where the server refuses this administrator user creation, saying why and what to use instead', async () => {
    const address = `new-${Date.now().toString(36)}@zulip.example`;
    const plan = await app.call('bulk.planImport', { csv: `email,full_name\n${address},New One\n` });
    expect(plan.blocked).toBeNull();
    const items = await run(plan.job!.job_id);
    expect(items.map((item) => item.state)).toEqual(['pending']);
    const halted = (await app.call('bulk.unfinished', undefined)).find((job) => job.job_id === plan.job!.job_id);
    // The kit's administrators lack can_create_users, as most organizations' do.
    expect(halted).toMatchObject({ state: 'paused', done: 0, halt: { fallback: 'invite_links', message: expect.stringMatching(/can_create_users/) } });
    await app.call('bulk.cancel', { job_id: plan.job!.job_id });
    expect((await asIago().call('GET', `/users/${address}`)).result).toBe('error');
  });

  it('exports the directory with the addresses an administrator sees, not the ones the server shows members', async () => {
    const exported = await app.call('bulk.exportDirectory', { filter: 'everyone' });
    const rows = parse(exported.csv, { bom: true, columns: true }) as Record<string, string>[];
    const othello = await userIdOf('othello@zulip.com');
    expect(rows.find((row) => row.user_id === String(othello))).toMatchObject({ email: 'othello@zulip.com', role: 'member', is_active: 'true' });
    expect(rows.some((row) => /^user\d+@/.test(row.email ?? ''))).toBe(false);
  });
});
