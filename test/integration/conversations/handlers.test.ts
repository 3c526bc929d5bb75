// The messaging channels against the simulator: conversations from the mirror and the server's
// history, sending, flags, reaction removal, narrow checks, topic preferences and deletion,
// snippets, and typing seen by a second account.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountSession } from '../../../main/app/session';
import { deleteMessages, getMessage } from '../../../main/store/messages';
import { outboxItem } from '../../../main/store/outbox';
import { topicPreferences } from '../../../main/store/personal';
import type { ServiceAccount } from '../../service/index';
import { clientFor } from '../../service/testing/client';
import { until, useSimulatorSessions } from '../sync/engine-harness';
import { messagingHandlers } from './harness';

const sim = useSimulatorSessions();
const open = (account: ServiceAccount): AccountSession => sim.open(account);

const byRole = (role: number) => sim.service.accounts.find((a) => a.role === role)!;

describe('messaging channels', () => {
  let member: ServiceAccount;
  let admin: ServiceAccount;
  let memberSession: AccountSession;
  let adminSession: AccountSession;
  let m: ReturnType<typeof messagingHandlers>;
  let a: ReturnType<typeof messagingHandlers>;

  beforeAll(async () => {
    member = byRole(400);
    admin = byRole(200);
    memberSession = open(member);
    adminSession = open(admin);
    m = messagingHandlers(memberSession);
    a = messagingHandlers(adminSession);
    // expect.poll is for tests only: hooks poll by hand.
    const deadline = Date.now() + 15_000;
    while (memberSession.engine.status.state !== 'online' || adminSession.engine.status.state !== 'online') {
      if (Date.now() > deadline) throw new Error('the sessions did not come online');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  it('lists channel topics and direct groups from the newest messages, with unread counts and preferences', async () => {
    const listing = await m['conversations.list']({ refresh: true });
    expect(listing.is_admin).toBe(false);
    const welcome = listing.conversations.find((c) => c.conversation === 'channel:1:welcome')!;
    expect(welcome).toMatchObject({ kind: 'channel', channel_name: 'general', topic: 'welcome', title: '#general › welcome' });
    const lunch = listing.conversations.find((c) => c.conversation === 'channel:1:lunch plans')!;
    // Two of its three messages are unread for the member; the third is the member's own.
    expect(lunch.unread).toBe(2);
    expect(lunch.visibility_policy).toBe(1);
    const dm = listing.conversations.find((c) => c.conversation === `direct:${admin.user_id},${member.user_id}`)!;
    expect(dm).toMatchObject({ kind: 'direct', title: 'Adam Admin' });
    expect((await a['conversations.list']({ refresh: false })).is_admin).toBe(true);
  });

  it('pages a conversation oldest first and loads older messages before an id', async () => {
    const first = await m['messages.page']({ conversation: 'channel:1:welcome', limit: 2, cached: false });
    expect(first.messages.map((v) => v.message.content)).toHaveLength(2);
    expect(first.found_oldest).toBe(false);
    const older = await m['messages.page']({ conversation: 'channel:1:welcome', before: first.messages[0]!.message.id, limit: 50, cached: false });
    expect(older.messages).toHaveLength(2);
    expect(older.found_oldest).toBe(true);
    expect(older.messages[0]!.message.rendered_content).toContain('<strong>Demo Organization</strong>');
  });

  it('sends a message that arrives live in the mirror of both accounts', async () => {
    const conversation = `direct:${admin.user_id},${member.user_id}`;
    const { outbox_id } = await m['messages.send']({ conversation, content: 'Sent from the handler' });
    // Queued at once; it leaves the outbox when its event files it.
    await until(() => outboxItem(memberSession.db, outbox_id) === undefined, 'sent and filed');
    const [id] = (await m['messages.page']({ conversation, limit: 1, cached: true })).messages.map((view) => view.message.id);
    if (id === undefined) throw new Error('the sent message is not in its conversation');
    await until(() => getMessage(adminSession.db, id) !== undefined, 'message mirrored for the other account');
    expect(getMessage(adminSession.db, id)!.message.content).toContain('Sent from the handler');
  });

  it('sets read and starred flags, and the server keeps them', async () => {
    const page = await m['messages.page']({ conversation: 'channel:1:lunch plans', limit: 50, cached: false });
    const ids = page.messages.map((v) => v.message.id);
    expect(await m['messages.flag']({ messages: ids, op: 'add', flag: 'read' })).toEqual({ pending: false, value: null });
    await m['messages.flag']({ messages: [ids[0]!], op: 'add', flag: 'starred' });
    const again = await m['messages.page']({ conversation: 'channel:1:lunch plans', limit: 50, cached: false });
    expect(again.messages.every((v) => v.flags.includes('read'))).toBe(true);
    expect(again.messages[0]!.flags).toContain('starred');
    const lunch = (await m['conversations.list']({ refresh: false })).conversations.find((c) => c.conversation === 'channel:1:lunch plans')!;
    expect(lunch.unread).toBe(0);
  });

  it("removes one's own reaction, and refuses to remove another's", async () => {
    const [welcome] = (await m['messages.page']({ conversation: 'channel:1:welcome', limit: 50, cached: false })).messages;
    const message_id = welcome!.message.id;
    const tada = welcome!.message.reactions.find((r) => r.user_id === member.user_id)!;
    const heart = welcome!.message.reactions.find((r) => r.user_id !== member.user_id)!;
    await expect(m['messages.removeReaction']({ message_id, ...heart })).rejects.toThrow('Only your own reactions');
    await m['messages.removeReaction']({ message_id, emoji_name: tada.emoji_name, emoji_code: tada.emoji_code, reaction_type: tada.reaction_type });
    const [after] = (await a['messages.page']({ conversation: 'channel:1:welcome', limit: 50, cached: false })).messages;
    expect(after!.message.reactions.some((r) => r.user_id === member.user_id && r.emoji_code === tada.emoji_code)).toBe(false);
  });

  it('sets topic preferences, refusing a policy outside the spec with its wording', async () => {
    await m['topics.setPreference']({ stream_id: 3, topic: 'code review', visibility_policy: 3 });
    await until(() => topicPreferences(memberSession.db, 3).some((p) => p.topic_name === 'code review' && p.visibility_policy === 3), 'preference');
    await expect(m['topics.setPreference']({ stream_id: 3, topic: 'code review', visibility_policy: 7 })).rejects.toThrow(
      'visibility_policy must be one of 0, 1, 2, 3',
    );
  });

  it('creates, edits and deletes saved snippets', async () => {
    const { saved_snippet_id } = await m['snippets.create']({ title: 'Greeting', content: 'Hello there' });
    await m['snippets.edit']({ saved_snippet_id, content: 'Hello again' });
    // The creation's event may land after the local edit: the mirror settles on the edit.
    await until(async () => (await m['snippets.list'](undefined)).find((s) => s.saved_snippet_id === saved_snippet_id)?.content === 'Hello again', 'edit mirrored');
    expect((await memberSession.client.call('getSavedSnippets', {})).saved_snippets.find((s) => s.saved_snippet_id === saved_snippet_id)?.content).toBe('Hello again');
    await m['snippets.delete']({ saved_snippet_id });
    expect((await m['snippets.list'](undefined)).some((s) => s.saved_snippet_id === saved_snippet_id)).toBe(false);
  });

  it("shows one account's composing as typing to the other, until stop", async () => {
    const conversation = `direct:${admin.user_id},${member.user_id}`;
    await m['compose.activity']({ conversation });
    await until(async () => (await a['typing.current']({ conversation })).user_ids.includes(member.user_id), 'admin sees typing');
    await m['compose.stop']({ conversation });
    await until(async () => (await a['typing.current']({ conversation })).user_ids.length === 0, 'typing stopped');
  });

  it('deletes a topic for administrators only, repeating until complete', async () => {
    await expect(m['topics.delete']({ stream_id: 3, topic_name: 'deploys' })).rejects.toThrow('Only administrators');
    let result = await a['topics.delete']({ stream_id: 3, topic_name: 'deploys' });
    while (!result.complete) result = await a['topics.delete']({ stream_id: 3, topic_name: 'deploys' });
    const left = await a['messages.page']({ conversation: 'channel:3:deploys', limit: 50, cached: false });
    expect(left.messages).toEqual([]);
  });

  // A link to a message names its conversation as it was when the link was made.
  it('locates a message where it is now: moved, from the mirror; else from the server; nowhere when gone', async () => {
    const reply = await clientFor(sim.service.url, admin).post('/messages', { type: 'stream', to: 'general', topic: 'where it was', content: 'linked to' });
    const id = Number(reply.body['id']);
    await clientFor(sim.service.url, admin).patch(`/messages/${id}`, { topic: 'where it is', propagate_mode: 'change_all' });
    await until(() => getMessage(memberSession.db, id)?.message.subject === 'where it is', 'the move in the mirror');
    expect(await m['messages.locate']({ message_id: id })).toEqual({ conversation: 'channel:1:where it is' });
    memberSession.write((db, changes) => deleteMessages(db, [id], changes));
    expect(await m['messages.locate']({ message_id: id })).toEqual({ conversation: 'channel:1:where it is' });
    await clientFor(sim.service.url, admin).delete(`/messages/${id}`);
    await until(() => getMessage(memberSession.db, id) === undefined, 'the deletion in the mirror');
    expect(await m['messages.locate']({ message_id: id })).toBeNull();
  });

  it('does not keep a click on a link waiting on a slow server: the link\'s own conversation then', async () => {
    const reply = await clientFor(sim.service.url, admin).post('/messages', { type: 'stream', to: 'general', topic: 'slow server', content: 'linked to' });
    const id = Number(reply.body['id']);
    await until(() => getMessage(memberSession.db, id) !== undefined, 'the message in the mirror');
    memberSession.write((db, changes) => deleteMessages(db, [id], changes));
    sim.service.faults.latencyMs = 5_000;
    try {
      expect(await m['messages.locate']({ message_id: id })).toBeNull();
    } finally {
      sim.service.faults.latencyMs = 0;
    }
  });
});
