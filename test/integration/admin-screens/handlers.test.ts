// The scheduling and administration channels on real sessions against the simulator, through
// dispatch as the renderer reaches them: what the client refuses before sending, and each error
// the spec lists arriving with its code and the server's message.
import { generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/api/logger';
import type { AccountSession } from '../../../main/app/session';
import { adminHandlers } from '../../../main/handlers/admin';
import type { CoreContext } from '../../../main/handlers/context';
import { dispatch, type IpcHandlers } from '../../../main/handlers/dispatch';
import { schedulingHandlers } from '../../../main/handlers/scheduling';
import type { IpcEnvelope } from '../../../shared/ipc';
import type { ServiceAccount } from '../../service/index';
import { until, useSimulatorSessions } from '../sync/engine-harness';

const sim = useSimulatorSessions();

type Invoke = (channel: string, args?: unknown) => Promise<IpcEnvelope<unknown>>;

/** A signed-in account, online with its mirror loaded, and the channels as the renderer calls them. */
async function as(email: string): Promise<{ session: AccountSession; invoke: Invoke }> {
  const account = sim.service.accounts.find((a) => a.email === email) as ServiceAccount;
  const session = sim.open(account);
  await until(() => session.engine.status.state === 'online', 'online');
  const context = { logger: silentLogger, activeSession: () => session, session: () => session } as unknown as CoreContext;
  const handlers = { ...schedulingHandlers(context), ...adminHandlers(context) } as IpcHandlers;
  return { session, invoke: (channel, args) => dispatch(handlers, channel, args) };
}

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const failure = (code: string, message?: string | RegExp) => ({ ok: false, error: { code, ...(message !== undefined && { message: typeof message === 'string' ? expect.stringContaining(message) : expect.stringMatching(message) }) } });

describe('scheduled messages', () => {
  let member: { session: AccountSession; invoke: Invoke };
  beforeAll(async () => {
    member = await as('member@demo.example');
  });

  it('creates one, sees it in the mirror, and deletes it', async () => {
    const created = await member.invoke('scheduled.create', { kind: 'channel', to: 3, topic: 'release', content: 'Soon', scheduled_delivery_timestamp: inAnHour() });
    expect(created).toMatchObject({ ok: true, value: { pending: false } });
    const id = ((created as { value: { value: { scheduled_message_id: number } } }).value.value).scheduled_message_id;
    await until(async () => JSON.stringify(await member.invoke('scheduled.list')).includes(`"scheduled_message_id":${id}`), 'the event');
    const listed = (await member.invoke('scheduled.list')) as { value: { messages: { scheduled_message_id: number; recipient_label: string; type: string }[] } };
    expect(listed.value.messages.find((m) => m.scheduled_message_id === id)).toMatchObject({ recipient_label: '#engineering', topic: 'release' });
    expect(await member.invoke('scheduled.delete', { scheduled_message_id: id })).toEqual({ ok: true, value: null });
  });

  it('has a scheduled message read for its sender once sent, and a note to self unread, to remind', async () => {
    const at = inAnHour() + 120;
    const own = member.session.account.user_id;
    const scheduled: number[] = [];
    for (const message of [
      { kind: 'channel', to: 3, topic: 'read state', content: 'To the channel' },
      { kind: 'direct', to: [own], content: 'Note to self' },
    ]) {
      const created = (await member.invoke('scheduled.create', { ...message, scheduled_delivery_timestamp: at })) as { value: { value: { scheduled_message_id: number } } };
      scheduled.push(created.value.value.scheduled_message_id);
    }
    sim.service.deliverDueScheduledMessages(at + 60);
    const readForSender = (scheduled_message_id: number) =>
      sim.service.db
        .prepare('SELECT um.flags & 1 FROM scheduled_messages sm JOIN user_messages um ON um.message_id = sm.delivered_message_id AND um.user_id = sm.sender_id WHERE sm.scheduled_message_id = ?')
        .pluck()
        .get(scheduled_message_id);
    expect(scheduled.map(readForSender)).toEqual([1, 0]);
  });

  it('refuses the empty topics before sending', async () => {
    for (const topic of ['', '(no topic)']) {
      expect(await member.invoke('scheduled.create', { kind: 'channel', to: 3, topic, content: 'x', scheduled_delivery_timestamp: inAnHour() })).toMatchObject(
        failure('INVALID_ARGUMENT', 'topic is required for a scheduled channel message'),
      );
    }
  });

  it('shows the server\'s refusals: a channel that does not exist, a time in the past, an unknown message', async () => {
    expect(await member.invoke('scheduled.create', { kind: 'channel', to: 9999, topic: 't', content: 'x', scheduled_delivery_timestamp: inAnHour() })).toMatchObject(
      failure('STREAM_DOES_NOT_EXIST'),
    );
    expect(await member.invoke('scheduled.create', { kind: 'direct', to: [7], content: 'x', scheduled_delivery_timestamp: 1_000 })).toMatchObject(
      failure('BAD_REQUEST', 'must be in the future'),
    );
    expect(await member.invoke('scheduled.edit', { scheduled_message_id: 99_999, content: 'x' })).toMatchObject(failure('NOT_FOUND'));
  });

  it('requires a new time to edit a failed message, and takes one', async () => {
    const created = (await member.invoke('scheduled.create', { kind: 'direct', to: [7], content: 'Will fail', scheduled_delivery_timestamp: inAnHour() })) as {
      value: { value: { scheduled_message_id: number } };
    };
    const id = created.value.value.scheduled_message_id;
    sim.service.faults.scheduledSendFailures = 1;
    sim.service.deliverDueScheduledMessages(inAnHour() + 60);
    const listed = async () => ((await member.invoke('scheduled.list')) as { value: { messages: { scheduled_message_id: number; failed: boolean }[] } }).value.messages;
    await until(async () => (await listed()).some((m) => m.scheduled_message_id === id && m.failed), 'the failure');
    expect(await member.invoke('scheduled.edit', { scheduled_message_id: id, content: 'Again' })).toMatchObject(
      failure('INVALID_ARGUMENT', 'scheduled_delivery_timestamp is required'),
    );
    expect(await member.invoke('scheduled.edit', { scheduled_message_id: id, scheduled_delivery_timestamp: inAnHour() + 600 })).toMatchObject({ ok: true, value: { pending: false } });
  });
});

describe('administration', () => {
  let admin: { session: AccountSession; invoke: Invoke };
  let member: { session: AccountSession; invoke: Invoke };
  beforeAll(async () => {
    admin = await as('admin@demo.example');
    member = await as('member@demo.example');
    await until(async () => ((await admin.invoke('me.get')) as { value: { role: number | null } }).value.role !== null, 'the mirror');
  });

  it('tells who the caller is and what the server allows', async () => {
    expect(await admin.invoke('me.get')).toMatchObject({ ok: true, value: { role: 200, feature_level: 420, announced: { max_channel_folder_name_length: expect.any(Number) } } });
  });

  it('channel folders: UNAUTHORIZED_PRINCIPAL for a member, BAD_REQUEST for an unknown folder', async () => {
    expect(await member.invoke('folders.create', { name: 'Mine', description: '' })).toMatchObject(failure('UNAUTHORIZED_PRINCIPAL'));
    expect(await admin.invoke('folders.update', { channel_folder_id: 9999, name: 'x' })).toMatchObject(failure('BAD_REQUEST'));
    expect(await admin.invoke('folders.create', { name: '   ', description: '' })).toMatchObject(failure('INVALID_ARGUMENT', 'must be non-empty'));
  });

  it('users: the only owner is kept, status needs an administrator, creating needs can_create_users', async () => {
    expect(await admin.invoke('users.activeOwners')).toEqual({ ok: true, value: [1] });
    expect(await admin.invoke('users.deactivate', { user_id: 1 })).toMatchObject(failure('ONLY_OWNER', 'only owner'));
    expect(await member.invoke('users.setStatus', { user_id: 7, status_text: 'hi' })).toMatchObject(failure('BAD_REQUEST', 'Insufficient permission'));
    expect(await admin.invoke('users.setStatus', { user_id: 7 })).toMatchObject(failure('INVALID_ARGUMENT', 'at least one new value'));
    expect(await admin.invoke('users.setStatus', { user_id: 7, status_text: 'x'.repeat(61) })).toMatchObject(failure('INVALID_ARGUMENT'));
    const admin2 = await as('admin2@demo.example');
    expect(await admin2.invoke('users.create', { email: 'x@demo.example', full_name: 'X', password: 'p' })).toMatchObject(failure('BAD_REQUEST', 'not authorized to create users'));
  });

  it('users from a profile: a role changed and a deactivated user reactivated, the mirror following; the only owner keeps the role; a member is refused', async () => {
    const priya = () => admin.session.db.prepare('SELECT role, is_active FROM users WHERE user_id = 7').get();
    expect(await admin.invoke('users.setRole', { user_id: 7, role: 300 })).toEqual({ ok: true, value: null });
    await until(() => JSON.stringify(priya()) === JSON.stringify({ role: 300, is_active: 1 }), 'the role change in the mirror');
    expect(await admin.invoke('users.deactivate', { user_id: 7 })).toEqual({ ok: true, value: null });
    await until(() => JSON.stringify(priya()) === JSON.stringify({ role: 300, is_active: 0 }), 'the deactivation in the mirror');
    expect(await admin.invoke('users.reactivate', { user_id: 7 })).toEqual({ ok: true, value: null });
    await until(() => JSON.stringify(priya()) === JSON.stringify({ role: 300, is_active: 1 }), 'the reactivation in the mirror');
    expect(await admin.invoke('users.setRole', { user_id: 1, role: 200 })).toMatchObject(failure('ONLY_OWNER', 'only owner'));
    expect(await admin.invoke('users.setRole', { user_id: 7, role: 450 })).toMatchObject(failure('INVALID_ARGUMENT'));
    expect(await member.invoke('users.setRole', { user_id: 7, role: 400 })).toMatchObject({ ok: false });
    expect(await member.invoke('users.reactivate', { user_id: 7 })).toMatchObject({ ok: false });
    expect(await admin.invoke('users.setRole', { user_id: 7, role: 400 })).toEqual({ ok: true, value: null });
  });

  it('invitation links: a more privileged role and an unknown channel are refused', async () => {
    expect(await member.invoke('invites.create', { invite_as: 200 })).toMatchObject(failure('BAD_REQUEST', 'Insufficient permission'));
    expect(await admin.invoke('invites.create', { stream_ids: [9999] })).toMatchObject(failure('BAD_REQUEST', 'Invalid channel ID'));
    expect(await admin.invoke('invites.create', { invite_expires_in_minutes: null })).toMatchObject({ ok: true, value: { invite_link: expect.stringContaining('/join/') } });
  });

  it('invitation links: listed with their maker and what they subscribe to, revoked one by one with refusals kept apart', async () => {
    const groups = (await admin.invoke('groups.list')) as { value: { id: number; name: string }[] };
    expect(groups.value).toEqual([{ id: 9, name: 'Support team', description: 'First line of support' }]);
    const made = (await admin.invoke('invites.create', { invite_as: 400, stream_ids: [3], group_ids: [9], invite_expires_in_minutes: 60 })) as { value: { invite_link: string } };
    const byMember = (await member.invoke('invites.create', { invite_as: 600 })) as { value: { invite_link: string } };
    const listed = (await admin.invoke('invites.list')) as { ok: true; value: { id: number; link_url: string }[] };
    // Newest first; what a link subscribes to is known where it was made.
    expect(listed.value.map((invite) => invite.link_url).slice(0, 2)).toEqual([byMember.value.invite_link, made.value.invite_link]);
    expect(listed.value[0]).toMatchObject({ invited_by_name: 'Mark Member', subscriptions: null });
    expect(listed.value[1]).toMatchObject({
      invited_by_name: 'Adam Admin',
      invited_as: 400,
      subscriptions: { channels: ['engineering'], group_ids: [9], include_realm_default_subscriptions: false },
    });
    const mine = (await member.invoke('invites.list')) as { value: { id: number; link_url: string }[] };
    expect(mine.value.map((invite) => invite.link_url)).toEqual([byMember.value.invite_link]);
    const adminLink = listed.value[1]?.id ?? 0;
    const memberLink = mine.value[0]?.id ?? 0;
    expect(await member.invoke('invites.revoke', { ids: [memberLink, adminLink] })).toEqual({
      ok: true,
      value: { revoked: [memberLink], refused: [{ id: adminLink, message: 'Must be an organization administrator' }] },
    });
    expect(await admin.invoke('invites.revoke', { ids: [adminLink] })).toEqual({ ok: true, value: { revoked: [adminLink], refused: [] } });
    const after = (await admin.invoke('invites.list')) as { value: { id: number }[] };
    expect(after.value.map((invite) => invite.id)).not.toEqual(expect.arrayContaining([adminLink]));
    expect(after.value.map((invite) => invite.id)).not.toEqual(expect.arrayContaining([memberLink]));
  });

  it('profile fields and linkifiers: the summary limit and a bad template come back with the server\'s message', async () => {
    expect(await admin.invoke('profileFields.create', { name: 'Bio 2', field_type: 2, display_in_profile_summary: true })).toMatchObject(failure('INVALID_ARGUMENT'));
    expect(await admin.invoke('linkifiers.list')).toMatchObject({ ok: true, value: [{ filter_id: 1 }, { filter_id: 2 }] });
    expect(await admin.invoke('linkifiers.update', { filter_id: 1, pattern: '#(?P<id>[0-9]+)', url_template: 'https://x.example/{nope}' })).toMatchObject(
      failure('BAD_REQUEST', "Group 'nope'"),
    );
  });

  it('push registration: PUSH_SERVICE_NOT_CONFIGURED', async () => {
    const relay = Buffer.from(generateKeyPairSync('x25519').publicKey.export({ format: 'jwk' }).x ?? '', 'base64url').toString('base64');
    expect(await admin.invoke('push.register', { token_kind: 'fcm', token: 't', bouncer_public_key: relay })).toMatchObject(failure('PUSH_SERVICE_NOT_CONFIGURED'));
    expect(await admin.invoke('server.settings')).toMatchObject({ ok: true, value: { push_notifications_enabled: false, service_feature_level: 420 } });
  });
});
