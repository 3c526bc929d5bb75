// The user's alert words through the app against the simulator: added and removed on the server and
// in the mirror at once (the list the server answers), refused without a trace, and offline kept in
// the mirror as the server will make it and sent on reconnect; a message that uses one arrives
// flagged has_alert_word.
import { describe, expect, it } from 'vitest';
import { alertWordsOf } from '../../../main/store/realm';
import type { CoreContext } from '../../../main/handlers/context';
import { ownSettingsHandlers } from '../../../main/handlers/own-settings';
import { outboxItems } from '../../../main/store/outbox';
import { asCalled } from '../../support/ipc-calls';
import { clientFor } from '../../service/testing/client';
import { until, useSimulatorSessions } from './engine-harness';

const sim = useSimulatorSessions({ org: 'demo', heartbeatSeconds: 1, longpollTimeoutSeconds: 2 });

describe('alert words', () => {
  it('are added and removed on the server and in the mirror, refused without a trace, and wait offline', async () => {
    const member = sim.service.accounts.find((account) => account.role === 400)!;
    const admin = sim.service.accounts.find((account) => account.role === 200)!;
    const session = sim.open(member);
    const handlers = asCalled(ownSettingsHandlers({ activeSession: () => session } as unknown as CoreContext));
    const onServer = async () => (await clientFor(sim.service.url, member).get('/users/me/alert_words')).body['alert_words'];
    await until(() => session.engine.status.state === 'online', 'online');

    expect(await handlers['me.addAlertWord']({ word: 'Lunch' })).toEqual({ pending: false, value: null });
    expect(await handlers['me.addAlertWord']({ word: 'deploy now' })).toEqual({ pending: false, value: null });
    expect(alertWordsOf(session.db)).toEqual(['Lunch', 'deploy now']);
    expect(await onServer()).toEqual(['Lunch', 'deploy now']);
    await expect(handlers['me.addAlertWord']({ word: 'x'.repeat(101) })).rejects.toThrow();
    expect(alertWordsOf(session.db)).toEqual(['Lunch', 'deploy now']);

    const sent = await clientFor(sim.service.url, admin).post('/messages', { type: 'stream', to: 'general', topic: 'food', content: 'Who is up for LUNCH?' });
    const id = sent.body['id'] as number;
    await until(() => session.db.prepare('SELECT 1 FROM messages WHERE message_id = ?').get(id) !== undefined, 'the message in the mirror');
    const { flags } = session.db.prepare('SELECT flags FROM messages WHERE message_id = ?').get(id) as { flags: string };
    expect(flags).toContain('has_alert_word');

    sim.service.faults.dropNext = 1_000;
    try {
      await until(() => session.engine.status.state !== 'online', 'offline');
      expect(await handlers['me.removeAlertWord']({ word: 'DEPLOY NOW' })).toMatchObject({ pending: true });
      expect(await handlers['me.addAlertWord']({ word: 'release' })).toMatchObject({ pending: true });
      expect(alertWordsOf(session.db)).toEqual(['Lunch', 'release']);
    } finally {
      sim.service.faults.dropNext = 0;
    }
    await until(() => outboxItems(session.db, 'pending').length === 0, 'replayed');
    expect(await onServer()).toEqual(['Lunch', 'release']);
    await until(() => JSON.stringify(alertWordsOf(session.db)) === JSON.stringify(['Lunch', 'release']), 'the server’s list in the mirror');
  });
});
