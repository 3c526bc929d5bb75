// A channel's old topics, never cached, listed from its server's topic history: the first read of
// the channel's topics online asks for it once, the answer comes with a notice naming the channel,
// and the next start lists them from the mirror before anything is asked. A topic whose newest
// message is deleted stays listed while older messages remain in it.
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/api/logger';
import type { AccountSession } from '../../../main/app/session';
import type { CoreContext } from '../../../main/handlers/context';
import { sidebarHandlers } from '../../../main/handlers/sidebar';
import type { MirrorChanges } from '../../../shared/mirror-changes';
import { clientFor } from '../../service/testing/client';
import { DEMO } from '../../service/testing/demo';
import { asCalled } from '../../support/ipc-calls';
import { mirrorDir, startSession, until, useSimulatorSessions } from '../sync/engine-harness';

const sim = useSimulatorSessions();

function sidebar(session: AccountSession) {
  return asCalled(sidebarHandlers({ logger: silentLogger, activeSession: () => session, session: () => session } as unknown as CoreContext));
}

describe('topic history', () => {
  it('lists the old topics the server names, once asked, and again at the next start', async () => {
    const member = sim.service.accounts.find((account) => account.role === 400)!;
    const old: Record<string, number> = {};
    // Written before the session exists, and read: nothing brings them into its mirror.
    for (const topic of ['first plans', 'second plans']) {
      const sent = await clientFor(sim.service.url, member).post('/messages', { type: 'stream', to: DEMO.channels.sandbox, topic, content: `about ${topic}`, read_by_sender: true });
      old[topic] = sent.body['id'] as number;
    }
    const dir = mirrorDir();
    try {
      const notices: MirrorChanges[] = [];
      const session = startSession(sim.service.url, member, dir.path, { onChanges: (changes) => notices.push(changes) });
      await until(() => session.engine.status.state === 'online', 'online');
      const topics = () => sidebar(session)['sidebar.topics']({ stream_id: DEMO.channels.sandbox }).then((list) => list.map((t) => [t.topic, t.last_message_id]));
      expect(await topics()).not.toContainEqual(['first plans', old['first plans']]);
      await until(() => notices.some((changes) => changes.changed.topic_history?.includes(DEMO.channels.sandbox)), 'the topics listed');
      expect((await topics()).slice(0, 2)).toEqual([
        ['second plans', old['second plans']],
        ['first plans', old['first plans']],
      ]);
      await session.close();

      // The next start lists them from the mirror, before it is even online.
      const again = startSession(sim.service.url, member, dir.path);
      try {
        expect(again.online).toBe(false);
        expect((await sidebar(again)['sidebar.topics']({ stream_id: DEMO.channels.sandbox })).map((t) => t.topic)).toContain('first plans');
      } finally {
        await again.close();
      }
    } finally {
      dir.remove();
    }
  });

  it('keeps listing a topic whose newest message was deleted, by its older messages the mirror never cached', async () => {
    const member = sim.service.accounts.find((account) => account.role === 400)!;
    const admin = sim.service.accounts.find((account) => account.role === 200)!;
    // Subscribed, as the deletion's event reaches only those who have the message.
    expect((await clientFor(sim.service.url, member).post('/users/me/subscriptions', { subscriptions: [{ name: 'sandbox' }] })).status).toBe(200);
    const ids: number[] = [];
    for (const content of ['the first word', 'the last word']) {
      const sent = await clientFor(sim.service.url, member).post('/messages', { type: 'stream', to: DEMO.channels.sandbox, topic: 'kept plans', content, read_by_sender: true });
      ids.push(sent.body['id'] as number);
    }
    const dir = mirrorDir();
    const session = startSession(sim.service.url, member, dir.path);
    try {
      await until(() => session.engine.status.state === 'online', 'online');
      const kept = async () => (await sidebar(session)['sidebar.topics']({ stream_id: DEMO.channels.sandbox })).find((t) => t.topic === 'kept plans')?.last_message_id;
      await until(async () => (await kept()) === ids[1], 'the topic listed by its newest message');
      expect((await clientFor(sim.service.url, admin).delete(`/messages/${ids[1]}`)).status).toBe(200);
      await until(async () => (await kept()) === ids[0], 'the topic listed by the message left in it');
    } finally {
      await session.close();
      dir.remove();
    }
  });
});
