// Drafts kept by the server (the family's /drafts, as the simulator keeps them): the app died
// after its creation of a draft left, before the answer came; the next start's registration names
// the copy made, so the server holds one copy, and the next edit goes to that copy.
import { describe, expect, it } from 'vitest';
import { ChangeCollector } from '../../../main/store/changes';
import { openMirror } from '../../../main/store/database';
import { draftCreating, saveDraft } from '../../../main/store/drafts';
import { channelTopicConversation } from '../../../shared/conversation';
import { clientFor } from '../../service/testing/client';
import { DEMO } from '../../service/testing/demo';
import { mirrorDir, startSession, until, useSimulatorSessions } from '../sync/engine-harness';

const sim = useSimulatorSessions();

describe('drafts kept by the server', () => {
  it('a creation whose answer a crash lost is not made again: the next start finds its copy', async () => {
    const member = sim.service.accounts.find((account) => account.role === 400)!;
    const asMember = clientFor(sim.service.url, member);
    const serverDrafts = async () => (await asMember.get('/drafts')).body['drafts'] as { id: number; topic: string; content: string }[];
    const conversation = channelTopicConversation(DEMO.channels.sandbox, 'plans');
    const dir = mirrorDir();
    try {
      // The first session's mirror, as the crash left it: the draft, its creation under way...
      const mirror = openMirror(dir.path);
      mirror.transaction(() => {
        saveDraft(mirror, conversation, 'Lunch at noon?', new ChangeCollector());
        draftCreating(mirror, conversation, 'Lunch at noon?');
      })();
      mirror.close();
      // ...and the server, which made it.
      await asMember.post('/drafts', { drafts: [{ type: 'stream', to: [DEMO.channels.sandbox], topic: 'plans', content: 'Lunch at noon?' }] });
      const [made] = await serverDrafts();

      const session = startSession(sim.service.url, member, dir.path);
      try {
        await until(() => session.engine.status.state === 'online', 'online');
        session.write((db, changes) => saveDraft(db, conversation, 'Lunch at one?', changes));
        session.drafts.run();
        await until(async () => (await serverDrafts())[0]?.content === 'Lunch at one?', 'the edit on the server');
        expect(await serverDrafts()).toEqual([expect.objectContaining({ id: made!.id, topic: 'plans', content: 'Lunch at one?' })]);
      } finally {
        await session.close();
      }
    } finally {
      dir.remove();
    }
  });
});
