// Message search through the app against the simulator: the mirror's matches labelled cached,
// the server's `search` narrow adding what was never cached (labelled from the server), merged
// newest first; offline, the mirror's alone, said so. The search box's operators ask the server
// and the mirror the same narrow, and both answer it alike for what the mirror holds.
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
    const withNul = await dispatch(handlers as IpcHandlers, 'messages.search', { text: 'rollback\u0000', limit: 50 });
    expect(withNul).toEqual({ ok: true, value: online });

    sim.service.faults.dropNext = 1_000;
    await until(() => session.engine.status.state !== 'online', 'offline');
    const offline = await search({ text: 'zebrafish rollback', limit: 50 });
    sim.service.faults.dropNext = 0;
    expect(offline).toEqual({ server: 'offline', results: [expect.objectContaining({ source: 'cached', message: expect.objectContaining({ id }) })] });
  });
});

describe('search operators', () => {
  it('the mirror answers each operator offline as the server does online; a refused term is named', async () => {
    const member = sim.service.accounts.find((account) => account.email === 'member@demo.example')!;
    const admin = sim.service.accounts.find((account) => account.email === 'admin@demo.example')!;
    const owner = sim.service.accounts.find((account) => account.email === 'owner@demo.example')!;
    const session = sim.open(member);
    const handlers = searchHandlers({ activeSession: () => session } as unknown as CoreContext);
    const search = (text: string) => handlers['messages.search']({ text, limit: 100 });
    await until(() => session.engine.status.state === 'online', 'online');
    const post = async (from: typeof admin, body: Record<string, string>) => (await clientFor(sim.service.url, from).post('/messages', body)).body['id'] as number;
    const sent = [
      await post(admin, { type: 'stream', to: 'general', topic: 'okapi', content: 'okapi sighting, see https://example.com/okapi' }),
      await post(owner, { type: 'stream', to: 'general', topic: 'okapi', content: 'okapi census "field notes" ready' }),
      await post(admin, { type: 'direct', to: JSON.stringify([member.user_id]), content: 'okapi for you alone' }),
      await post(owner, { type: 'stream', to: 'general', topic: 'Okapi plans', content: `@**${member.full_name}** okapi budget` }),
    ];
    await until(() => sent.every((id) => getMessage(session.db, id) !== undefined), 'the new messages cached');
    await session.unreadFetch.settled();

    const queries = [
      `sender:"${admin.full_name}" okapi`,
      `-sender:"${owner.full_name}" okapi`,
      'channel:general topic:okapi',
      'channel:general -topic:okapi okapi',
      `dm:"${admin.full_name}"`,
      'is:dm okapi',
      'is:unread okapi',
      '-is:unread okapi',
      'is:mentioned okapi',
      'has:link okapi',
      '-has:link okapi',
      '"field notes"',
      'okapi -channel:general',
    ];
    const online = new Map<string, number[]>();
    for (const query of queries) {
      const answer = await search(query);
      expect(answer.server, query).toBe('answered');
      online.set(query, answer.results.map((found) => found.message.id));
    }
    expect(online.get(`sender:"${admin.full_name}" okapi`)).toEqual([sent[2], sent[0]]);
    expect(online.get('channel:general topic:okapi')).toEqual([sent[1], sent[0]]);
    expect(online.get(`dm:"${admin.full_name}"`)).toContain(sent[2]);
    expect(online.get('has:link okapi')).toEqual([sent[0]]);
    expect(online.get('"field notes"')).toEqual([sent[1]]);
    expect(online.get('is:mentioned okapi')).toEqual([sent[3]]);
    expect(online.get('okapi -channel:general')).toEqual([sent[2]]);

    // A term the server refuses is named with its reason; the mirror's matches stay.
    const refused = await search('channel:nowhere okapi');
    expect(refused).toMatchObject({ server: 'refused', refused: { term: 'channel:nowhere', message: expect.stringContaining('nowhere') }, results: [] });
    expect(await search('is:bogus okapi')).toMatchObject({ server: 'refused', refused: { term: 'is:bogus' }, unanswered: 'is:bogus' });
    // A name no one has is said before anything is asked.
    expect(await dispatch(handlers as IpcHandlers, 'messages.search', { text: 'sender:"Nobody Here" okapi', limit: 10 })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', message: expect.stringContaining('sender:"Nobody Here"') },
    });

    sim.service.faults.dropNext = 1_000;
    await until(() => session.engine.status.state !== 'online', 'offline');
    try {
      for (const query of queries) {
        const answer = await search(query);
        expect(answer.server, query).toBe('offline');
        // Offline, exactly the server's answer less what the mirror never cached.
        const cached = online.get(query)!.filter((id) => getMessage(session.db, id) !== undefined);
        expect(answer.results.map((found) => found.message.id), query).toEqual(cached);
      }
      expect(await search('is:bogus okapi')).toEqual({ server: 'offline', results: [], unanswered: 'is:bogus' });
    } finally {
      sim.service.faults.dropNext = 0;
    }
  });
});
