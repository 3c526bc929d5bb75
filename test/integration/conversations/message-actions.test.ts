// Acting on a message against the simulator: a reaction added shows at once and reaches another
// account, and waits in the outbox offline; the author edits and deletes where the organization
// allows, others are refused with the server's reason; the rules the screens follow per role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/api/logger';
import type { AccountSession } from '../../../main/app/session';
import type { CoreContext } from '../../../main/handlers/context';
import { messageActionHandlers } from '../../../main/handlers/message-actions';
import { getMessage } from '../../../main/store/messages';
import { outboxItems } from '../../../main/store/outbox';
import { UNICODE_EMOJI } from '../../../shared/emoji/unicode';
import { deletePermission, editPermission } from '../../../shared/message-edit-rules';
import { startService, type RunningService, type ServiceAccount } from '../../service/index';
import { mirrorDir, startSession, until, useSimulatorSessions } from '../sync/engine-harness';

function actions(session: AccountSession) {
  const context = { logger: silentLogger, activeSession: () => session, session: () => session } as unknown as CoreContext;
  return messageActionHandlers(context);
}

const octopus = { emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji' } as const;

async function online(...sessions: AccountSession[]): Promise<void> {
  await until(() => sessions.every((session) => session.engine.status.state === 'online'), 'online');
}

/** A message sent by `account` straight to the simulator, then cached by `session` through its event. */
async function sendAs(service: RunningService, account: ServiceAccount, content: string): Promise<number> {
  const response = await fetch(`${service.url}/api/v1/messages`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${account.email}:${account.api_key}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ type: 'stream', to: '1', topic: 'actions', content }),
  });
  return ((await response.json()) as { id: number }).id;
}

describe('message actions online', () => {
  const sim = useSimulatorSessions();
  const byRole = (role: number) => sim.service.accounts.find((a) => a.role === role)!;
  let member: ServiceAccount;
  let memberSession: AccountSession;
  let adminSession: AccountSession;

  beforeAll(async () => {
    member = byRole(400);
    memberSession = sim.open(member);
    adminSession = sim.open(byRole(200));
    await online(memberSession, adminSession);
  });

  it('adds a reaction at once and the other account receives it; a second identical one is refused', async () => {
    const id = await sendAs(sim.service, byRole(200), 'React to this');
    await until(() => getMessage(memberSession.db, id) !== undefined, 'the message cached');
    const m = actions(memberSession);
    expect(await m['messages.addReaction']({ message_id: id, ...octopus })).toEqual({ pending: false, value: null });
    expect(getMessage(memberSession.db, id)?.message.reactions).toContainEqual({ ...octopus, user_id: member.user_id });
    await until(() => getMessage(adminSession.db, id)?.message.reactions.some((r) => r.user_id === member.user_id) === true, 'the reaction event');
    await expect(m['messages.addReaction']({ message_id: id, ...octopus })).rejects.toMatchObject({ code: 'REACTION_ALREADY_EXISTS' });
    expect(await m['emoji.recent'](undefined)).toContainEqual(octopus);
  });

  it('offers only emoji the server accepts', async () => {
    const id = await sendAs(sim.service, member, 'Every emoji');
    await until(() => getMessage(memberSession.db, id) !== undefined, 'the message cached');
    const m = actions(memberSession);
    // Through the whole path, a sample of the catalog (each name is checked against the simulator in emoji-offered.test.ts).
    const sample = UNICODE_EMOJI.filter((_, index) => index % 40 === 0);
    for (const emoji of sample) await m['messages.addReaction']({ message_id: id, ...emoji, reaction_type: 'unicode_emoji' });
    const stored = sim.service.db.prepare('SELECT count(*) AS n FROM reactions WHERE message_id = ?').get(id);
    expect(stored).toEqual({ n: sample.length });
  });

  it('takes back a reaction the server refuses', async () => {
    const id = await sendAs(sim.service, member, 'Unknown emoji');
    await until(() => getMessage(memberSession.db, id) !== undefined, 'the message cached');
    await expect(actions(memberSession)['messages.addReaction']({ message_id: id, emoji_name: 'no_such_emoji', emoji_code: '1f9ff', reaction_type: 'unicode_emoji' })).rejects.toThrow();
    expect(getMessage(memberSession.db, id)?.message.reactions).toEqual([]);
  });

  it('edits the author’s message (new content, edited) and refuses another’s with the server’s reason', async () => {
    const id = await sendAs(sim.service, member, 'Frist draft');
    await until(() => getMessage(adminSession.db, id) !== undefined, 'the message cached');
    await actions(memberSession)['messages.edit']({ message_id: id, content: 'First draft' });
    expect(getMessage(memberSession.db, id)?.message).toMatchObject({ content: '<p>First draft</p>', last_edit_timestamp: expect.any(Number) });
    await until(() => getMessage(adminSession.db, id)?.message.content === '<p>First draft</p>', 'the update_message event');
    await expect(actions(adminSession)['messages.edit']({ message_id: id, content: 'Hijacked' })).rejects.toThrow("You don't have permission to edit this message");
  });

  it('deletes the author’s message from both mirrors', async () => {
    const id = await sendAs(sim.service, member, 'Oops');
    await until(() => getMessage(adminSession.db, id) !== undefined, 'the message cached');
    await actions(memberSession)['messages.delete']({ message_id: id });
    expect(getMessage(memberSession.db, id)).toBeUndefined();
    await until(() => getMessage(adminSession.db, id) === undefined, 'the delete_message event');
  });

  it('gives the screens the organization’s rules for the role', async () => {
    const memberRules = await actions(memberSession)['messages.editRules'](undefined);
    expect(memberRules).toEqual({
      user_id: member.user_id,
      allow_message_editing: true,
      edit_limit_seconds: 600,
      delete_limit_seconds: null,
      can_delete_own: true,
      can_delete_any: false,
      can_move_topics: true,
      can_move_channels: false,
      can_resolve: true,
      moves_unlimited: false,
      move_within_limit_seconds: 604_800,
      move_between_limit_seconds: 604_800,
      edit_history: 'all',
      read_receipts: true,
    });
    const adminRules = await actions(adminSession)['messages.editRules'](undefined);
    expect(adminRules.can_delete_any).toBe(true);
    const now = Math.floor(Date.now() / 1000);
    const own = { sender_id: member.user_id, timestamp: now - 10 };
    const others = { sender_id: adminRules.user_id, timestamp: now - 10 };
    expect(editPermission(memberRules, own, now)).toEqual({ state: 'allowed' });
    expect(editPermission(memberRules, others, now)).toEqual({ state: 'hidden' });
    expect(editPermission(memberRules, { ...own, timestamp: now - 3600 }, now)).toEqual({
      state: 'expired',
      reason: 'The organization allows editing a message for 10 minutes after sending.',
    });
    expect(deletePermission(memberRules, others, now)).toEqual({ state: 'hidden' });
    expect(deletePermission(adminRules, own, now)).toEqual({ state: 'allowed' });
  });
});

describe('a reaction added offline', () => {
  let service: RunningService;
  let session: AccountSession;
  const mirror = mirrorDir();
  const serviceDb = mirrorDir();

  beforeAll(async () => {
    service = await startService({ org: 'demo', dbPath: serviceDb.path, heartbeatSeconds: 1, longpollTimeoutSeconds: 2 });
  });
  afterAll(async () => {
    await session?.close();
    await service.close();
    mirror.remove();
    serviceDb.remove();
  });

  it('shows at once, waits in the outbox and reaches the server on reconnect', async () => {
    const member = service.accounts.find((a) => a.role === 400)!;
    session = startSession(service.url, member, mirror.path, { backoff: { baseMs: 100, maxMs: 500 } });
    await online(session);
    const id = await sendAs(service, member, 'React offline');
    await until(() => getMessage(session.db, id) !== undefined, 'the message cached');
    const port = Number(new URL(service.url).port);
    await service.close();
    await until(() => session.engine.status.state === 'offline', 'offline');

    const answer = await actions(session)['messages.addReaction']({ message_id: id, ...octopus });
    expect(answer).toMatchObject({ pending: true });
    expect(getMessage(session.db, id)?.message.reactions).toContainEqual({ ...octopus, user_id: member.user_id });
    expect(outboxItems(session.db, 'pending').map((item) => [item.kind, item.record_key])).toEqual([['addReaction', `messages:${id}`]]);

    service = await startService({ org: 'demo', dbPath: serviceDb.path, port, resume: true, heartbeatSeconds: 1, longpollTimeoutSeconds: 2 });
    await until(() => outboxItems(session.db).length === 0, 'replayed', 20_000);
    const reactions = service.db.prepare('SELECT emoji_name, user_id FROM reactions WHERE message_id = ?').all(id);
    expect(reactions).toEqual([{ emoji_name: 'octopus', user_id: member.user_id }]);
  });
});
