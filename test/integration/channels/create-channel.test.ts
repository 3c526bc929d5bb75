// Creating a channel against the simulator, which answers as the real server does: the channel
// and the creator's subscription filed from the server's events, its description and privacy as
// asked; a name a channel already has refused before anything is sent, and a private channel's
// name the mirror cannot know refused by the server's answer; a guest neither offered it nor let.
// Renaming and describing one, by whoever may administer it (its creator here).
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountSession } from '../../../main/app/session';
import { adminHandlers } from '../../../main/handlers/admin';
import type { CoreContext } from '../../../main/handlers/context';
import { subscriptionHandlers } from '../../../main/handlers/subscriptions';
import { asCalled } from '../../support/ipc-calls';
import { clientFor } from '../../service/testing/client';
import { DEMO } from '../../service/testing/demo';
import { until, useSimulatorSessions } from '../sync/engine-harness';
import { messagingHandlers } from '../conversations/harness';

const simulator = useSimulatorSessions({ org: 'demo', heartbeatSeconds: 1, longpollTimeoutSeconds: 2 });
let session: AccountSession;
const context = (active: AccountSession) => ({ activeSession: () => active }) as unknown as CoreContext;

/** A session of the account with this role, once online. */
async function onlineAs(role: number): Promise<AccountSession> {
  const opened = simulator.open(simulator.service.accounts.find((a) => a.role === role)!, { backoff: { baseMs: 100, maxMs: 500 } });
  await until(() => opened.engine.status.state === 'online', `role ${role} online`);
  return opened;
}

beforeAll(async () => {
  session = await onlineAs(400);
});

describe('channels.create', () => {
  it('creates a public channel with its description, the member subscribed, filed from the events', async () => {
    const create = asCalled(subscriptionHandlers(context(session)))['channels.create'];
    const h = messagingHandlers(session);
    expect((await asCalled(adminHandlers(context(session)))['me.get'](undefined)).may_create_channels).toEqual({ public: true, private: true });

    const { stream_id } = await create({ name: '  design reviews ', description: 'Critique **early**', invite_only: false });
    await until(async () => (await h['channel.about']({ stream_id }))?.subscribed === true, 'the new channel and its subscription filed');
    const about = await h['channel.about']({ stream_id });
    expect(about).toMatchObject({ name: 'design reviews', invite_only: false });
    expect(about?.rendered_description).toContain('<strong>early</strong>');
  });

  it('creates a private channel when asked', async () => {
    const create = asCalled(subscriptionHandlers(context(session)))['channels.create'];
    const h = messagingHandlers(session);
    const { stream_id } = await create({ name: 'hiring', description: '', invite_only: true });
    await until(async () => (await h['channel.about']({ stream_id }))?.subscribed === true, 'the private channel filed');
    expect(await h['channel.about']({ stream_id })).toMatchObject({ name: 'hiring', invite_only: true });
  });

  it('refuses a name a channel has, whatever its case, rather than join that channel, and one too long by the announced limit', async () => {
    const create = asCalled(subscriptionHandlers(context(session)))['channels.create'];
    const h = messagingHandlers(session);
    // Sent, the family's server would subscribe the member to the existing #sandbox.
    await expect(create({ name: 'SANDBOX', description: '', invite_only: false })).rejects.toMatchObject({ code: 'CHANNEL_EXISTS', message: expect.stringContaining('#sandbox already exists') });
    expect(await h['channel.about']({ stream_id: DEMO.channels.sandbox })).toMatchObject({ subscribed: false });
    // The client's own check, in its words (the server's would say "Channel name too long").
    await expect(create({ name: 'x'.repeat(61), description: '', invite_only: false })).rejects.toThrow('at most 60 characters');
  });

  it('refuses, from the server’s answer, the name of a private channel the member cannot see', async () => {
    const owner = simulator.service.accounts.find((a) => a.role === 100)!;
    const made = await clientFor(simulator.service.url, owner).post('/users/me/subscriptions', { subscriptions: [{ name: 'board room' }], invite_only: true });
    expect(made.status).toBe(200);
    const create = asCalled(subscriptionHandlers(context(session)))['channels.create'];
    await expect(create({ name: 'board room', description: '', invite_only: false })).rejects.toThrow('Unable to access channel (board room).');
  });

  it('is neither offered to a guest nor done for one', async () => {
    const guestSession = await onlineAs(600);
    expect((await asCalled(adminHandlers(context(guestSession)))['me.get'](undefined)).may_create_channels).toEqual({ public: false, private: false });
    await expect(asCalled(subscriptionHandlers(context(guestSession)))['channels.create']({ name: 'guest room', description: '', invite_only: false })).rejects.toThrow('Insufficient permission');
  });
});

describe('channels.edit', () => {
  it('renames and describes a channel its creator administers, filed from the server’s events; refuses a taken name', async () => {
    const handlers = asCalled(subscriptionHandlers(context(session)));
    const h = messagingHandlers(session);
    const { stream_id } = await handlers['channels.create']({ name: 'retro', description: '', invite_only: false });
    await until(async () => (await h['channel.about']({ stream_id }))?.subscribed === true, 'the channel filed');
    expect(await h['channel.about']({ stream_id })).toMatchObject({ may_administer: true, description: '' });

    await handlers['channels.edit']({ stream_id, name: ' retrospectives ', description: 'Every *other* Friday' });
    await until(async () => (await h['channel.about']({ stream_id }))?.name === 'retrospectives', 'the rename filed');
    await until(async () => (await h['channel.about']({ stream_id }))?.description === 'Every *other* Friday', 'the description filed');
    expect((await h['channel.about']({ stream_id }))?.rendered_description).toContain('<em>other</em>');
    await expect(handlers['channels.edit']({ stream_id, name: 'General' })).rejects.toMatchObject({ code: 'CHANNEL_EXISTS' });
  });

  it('is not offered for a channel the member may not administer, and the server refuses it', async () => {
    const handlers = asCalled(subscriptionHandlers(context(session)));
    const h = messagingHandlers(session);
    expect(await h['channel.about']({ stream_id: DEMO.channels.general })).toMatchObject({ may_administer: false });
    await expect(handlers['channels.edit']({ stream_id: DEMO.channels.general, description: 'Mine now' })).rejects.toThrow('You do not have permission to administer this channel.');
  });
});
