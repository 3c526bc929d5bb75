// Presence through the app against the simulator: registration's presences, the `presence` event
// when someone comes online, the app's own report (active with the window focused, idle without)
// and its answer; each person's presence and status read beside their name.
import { describe, expect, it } from 'vitest';
import type { CoreContext } from '../../../main/handlers/context';
import { directoryHandlers } from '../../../main/handlers/directory';
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
});
