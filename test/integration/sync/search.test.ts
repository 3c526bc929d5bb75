// Message search through the app against the simulator: the mirror's matches labelled cached,
// the server's `search` narrow adding what was never cached (labelled from the server), merged
// newest first; offline, the mirror's alone, said so.
import { describe, expect, it } from 'vitest';
import type { CoreContext } from '../../../main/handlers/context';
import { dispatch, type IpcHandlers } from '../../../main/handlers/dispatch';
import { searchHandlers } from '../../../main/handlers/search';
import { getMessage } from '../../../main/store/messages';
import { clientFor } from '../../service/testing/client';
import { until, useSimulatorSessions } from './engine-harness';

const sim = useSimulatorSessions({ org: 'demo', heartbeatSeconds: 1, longpollTimeoutSeconds: 2, messages: 800 });

describe('message search', () => {
  it('merges the mirror and the server, labelled, newest first; offline the mirror alone', async () => {
    const member = sim.service.accounts.find((account) => account.role === 400)!;
    const admin = sim.service.accounts.find((account) => account.role === 200)!;
    const session = sim.open(member);
    const search = searchHandlers({ activeSession: () => session } as unknown as CoreContext)['messages.search'];
    await until(() => session.engine.status.state === 'online', 'online');
    const sent = await clientFor(sim.service.url, admin).post('/messages', { type: 'stream', to: 'general', topic: 'deploys', content: 'rollback of the zebrafish release' });
    const id = sent.body['id'] as number;
    await until(() => getMessage(session.db, id) !== undefined, 'the new message cached');
    // Unread conversations' messages are fetched in the background on going online; once that is
    // over, what the mirror holds stays put while the search runs.
    await session.unreadFetch.settled();

    const online = await search({ text: 'rollback', limit: 50 });
    expect(online.server).toBe('answered');
    expect(online.results[0]).toMatchObject({ source: 'cached', message: { id } });
    const fromServer = online.results.filter((result) => result.source === 'server');
    expect(fromServer.length).toBeGreaterThan(5);
    expect(fromServer.every((result) => getMessage(session.db, result.message.id) === undefined)).toBe(true);
    const ids = online.results.map((result) => result.message.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(ids.length);

    // A NUL in what was typed (the audit's query): the mirror's matches and the server's, as for
    // the words alone. Real servers answer a NUL in a narrow with 500.
    const handlers = searchHandlers({ activeSession: () => session } as unknown as CoreContext) as IpcHandlers;
    const withNul = await dispatch(handlers, 'messages.search', { text: 'rollback\u0000', limit: 50 });
    expect(withNul).toEqual({ ok: true, value: online });

    sim.service.faults.dropNext = 1_000;
    await until(() => session.engine.status.state !== 'online', 'offline');
    const offline = await search({ text: 'zebrafish rollback', limit: 50 });
    sim.service.faults.dropNext = 0;
    expect(offline).toEqual({ server: 'offline', results: [expect.objectContaining({ source: 'cached', message: expect.objectContaining({ id }) })] });
  });
});
