// Presence through the app against the simulator: registration's presences, the `presence` event
// when someone comes online, the app's own report (active with the window focused, idle without)
// and its answer; each person's presence and status read beside their name; the user's own status
// set, and refused without a trace.
import { describe, expect, it } from 'vitest';
import type { CoreContext } from '../../../main/handlers/context';
import { directoryHandlers } from '../../../main/handlers/directory';
import { ownSettingsHandlers } from '../../../main/handlers/own-settings';
import { asCalled } from '../../support/ipc-calls';
import { clientFor } from '../../service/testing/client';
import { until, useSimulatorSessions } from './engine-harness';

const sim = useSimulatorSessions({ org: 'demo', heartbeatSeconds: 1, longpollTimeoutSeconds: 2 });

describe('presence', () => {
  it('shows who comes online, with their status, and reports the user active while the window has the focus', async () => {
    const member = sim.service.accounts.find((account) => account.email === 'member@demo.example')!;
    const admin = sim.service.accounts.find((account) => account.email === 'admin@demo.example')!;
    const owner = sim.service.accounts.find((account) => account.email === 'owner@demo.example')!;
    // The owner was here before the member's app started: registration says so.
    await clientFor(sim.service.url, owner).post('/users/me/presence', { status: 'idle' });
    let focused = false;
    const seen: string[] = [];
    const session = sim.open(member, { focused: () => focused, onChanges: (changes) => seen.push(...Object.keys(changes.changed)) });
    const handlers = asCalled(directoryHandlers({ activeSession: () => session } as unknown as CoreContext));
    const presenceOf = async (user_id: number) => (await handlers['users.presence']({ user_ids: [user_id] }))[0];
    await until(() => session.engine.status.state === 'online', 'online');

    expect(await presenceOf(owner.user_id)).toMatchObject({ presence: 'idle', status: null });
    expect(await presenceOf(admin.user_id)).toMatchObject({ presence: 'offline' });

    // The admin's client comes online, with a status set: an event brings both.
    const adminClient = clientFor(sim.service.url, admin);
    expect((await adminClient.post('/users/me/status', { status_text: 'In a meeting', emoji_name: 'tada' })).body).toMatchObject({ result: 'success' });
    await adminClient.post('/users/me/presence', { status: 'active' });
    await until(async () => (await presenceOf(admin.user_id))?.presence === 'active', 'the admin shown active');
    expect((await presenceOf(admin.user_id))?.status).toMatchObject({ status_text: 'In a meeting', emoji_name: 'tada', emoji_code: '1f389' });
    expect(seen).toContain('presence');

    // The member's own report, as the server keeps it: idle while the window has not the focus,
    // active once it has (the next report; the app reports again whenever it comes online).
    const own = async () => (await adminClient.get(`/users/${member.user_id}/presence`)).body['presence'];
    await until(async () => (await own()) !== undefined, "the member's first report");
    expect(await own()).toMatchObject({ aggregated: { status: 'idle' } });
    focused = true;
    session.presence.online();
    await until(async () => ((await own()) as { aggregated?: { status?: string } } | undefined)?.aggregated?.status === 'active', 'the member reported active');
  });

  it('sets the user’s own status on the server and beside their name at once; a refusal leaves it as it was', async () => {
    const moderator = sim.service.accounts.find((account) => account.email === 'moderator@demo.example')!;
    const session = sim.open(moderator);
    const handlers = asCalled({ ...directoryHandlers({ activeSession: () => session } as unknown as CoreContext), ...ownSettingsHandlers({ activeSession: () => session } as unknown as CoreContext) });
    const shown = async () => (await handlers['users.presence']({ user_ids: [moderator.user_id] }))[0]?.status ?? null;
    const onServer = () => sim.service.db.prepare('SELECT status_text, emoji_name FROM user_status WHERE user_id = ?').get(moderator.user_id);
    await until(() => session.engine.status.state === 'online', 'online');

    const rocket = { emoji_name: 'rocket', emoji_code: '1f680', reaction_type: 'unicode_emoji' } as const;
    expect(await handlers['me.setStatus']({ status_text: '  Shipping  ', emoji: rocket })).toEqual({ pending: false, value: null });
    expect(await shown()).toMatchObject({ status_text: 'Shipping', emoji_name: 'rocket', emoji_code: '1f680' });
    expect(onServer()).toEqual({ status_text: 'Shipping', emoji_name: 'rocket' });

    await expect(handlers['me.setStatus']({ status_text: 'Elsewhere', emoji: { ...rocket, emoji_name: 'no_such_emoji' } })).rejects.toThrow();
    expect(await shown()).toMatchObject({ status_text: 'Shipping', emoji_name: 'rocket' });
    expect(onServer()).toEqual({ status_text: 'Shipping', emoji_name: 'rocket' });

    await handlers['me.setStatus']({ status_text: '', emoji: null });
    expect(await shown()).toBeNull();
    expect(onServer()).toEqual({ status_text: '', emoji_name: '' });
  });
});
