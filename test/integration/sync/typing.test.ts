// Typing end to end: one account's composer notifies, the other account's session shows it,
// with the periods the server announced at registration.
import { expect, it } from 'vitest';
import type { AccountSession } from '../../../main/app/session';
import { directConversation } from '../../../main/store/messages';
import type { TypingNotice } from '../../../main/sync/typing';
import type { ServiceAccount } from '../../service/index';
import { until, useSimulatorSessions } from './engine-harness';

const sim = useSimulatorSessions();

function session(account: ServiceAccount, notices: TypingNotice[]): AccountSession {
  return sim.open(account, { onTyping: (notice) => notices.push(notice) });
}

it("shows another account's typing from start to stop", async () => {
  const admin = sim.service.accounts.find((a) => a.role === 200)!;
  const member = sim.service.accounts.find((a) => a.role === 400)!;
  const seenByMember: TypingNotice[] = [];
  const seenByAdmin: TypingNotice[] = [];
  const adminSession = session(admin, seenByAdmin);
  const memberSession = session(member, seenByMember);
  await until(() => adminSession.engine.status.state === 'online' && memberSession.engine.status.state === 'online', 'both online');
  // The periods come from the registration, not the defaults.
  expect(adminSession.client.announced.server_typing_started_wait_period_milliseconds).toBeGreaterThan(0);

  const composer = adminSession.typingNotifier({ type: 'direct', to: [member.user_id] });
  composer.activity();
  const conversation = directConversation([admin.user_id, member.user_id]);
  await until(() => memberSession.typing.typing(conversation).includes(admin.user_id), 'member sees admin typing');
  composer.stop();
  await until(() => memberSession.typing.typing(conversation).length === 0, 'typing stopped');
  expect(seenByMember.map((n) => n.user_ids)).toEqual([[admin.user_id], []]);
  // The sender is not told about its own typing.
  expect(seenByAdmin).toEqual([]);
});
