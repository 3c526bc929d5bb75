// Feeds against the simulator: a conversation opened at its first unread message (read ones above
// it for context), a channel's every topic interleaved (the channel view) from the server and then
// from the mirror alone, offline, with newer pages after what is shown; and a topic's messages
// renamed, resolved and moved, the mirror following the server's event, refusals in its words;
// a channel the user is not subscribed to previewed, subscribed to, and left; a channel muted;
// the combined feed, mutes and previews left out, from the server and from the mirror alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSession } from '../../../main/app/session';
import { READ_ABOVE_UNREAD } from '../../../main/app/feed-pages';
import type { CoreContext } from '../../../main/handlers/context';
import { subscriptionHandlers } from '../../../main/handlers/subscriptions';
import { getMessage } from '../../../main/store/messages';
import { unreadCounts } from '../../../main/store/unread';
import { asCalled } from '../../support/ipc-calls';
import { DEMO } from '../../service/testing/demo';
import { startService, type RunningService, type ServiceAccount } from '../../service/index';
import { clientFor } from '../../service/testing/client';
import { mirrorDir, startSession, until } from '../sync/engine-harness';
import { messagingHandlers } from './harness';

let service: RunningService;
let member: ServiceAccount;
let moderator: ServiceAccount;
let session: AccountSession;
let h: ReturnType<typeof messagingHandlers>;
const mirror = mirrorDir();
const serviceDb = mirrorDir();

const ids = (page: { messages: { message: { id: number } }[] }) => page.messages.map((view) => view.message.id);

/** A message to the member from another account, unread for the member. */
async function sendToMember(topic: string, content: string, as: ServiceAccount = moderator): Promise<number> {
  const reply = await clientFor(service.url, as).post('/messages', { type: 'stream', to: 1, topic, content });
  return reply.body['id'] as number;
}

beforeAll(async () => {
  service = await startService({ org: 'demo', dbPath: serviceDb.path, heartbeatSeconds: 1, longpollTimeoutSeconds: 2 });
  member = service.accounts.find((a) => a.role === 400)!;
  moderator = service.accounts.find((a) => a.role === 300)!;
  session = startSession(service.url, member, mirror.path, { backoff: { baseMs: 100, maxMs: 500 } });
  h = messagingHandlers(session);
  await until(() => session.engine.status.state === 'online', 'online');
});
afterAll(async () => {
  await session?.close();
  await service?.close();
  mirror.remove();
  serviceDb.remove();
});

describe('a conversation opened at its first unread message', () => {
  it('holds the read messages above the first unread one and the unread ones after it, online and from the mirror', async () => {
    const read: number[] = [];
    for (let i = 0; i < READ_ABOVE_UNREAD + 5; i++) read.push(await sendToMember('long read', `read ${i}`));
    await h['messages.flag']({ messages: read, op: 'add', flag: 'read' });
    const unread = [await sendToMember('long read', 'new one'), await sendToMember('long read', 'new two')];
    await until(() => getMessage(session.db, unread[1]!) !== undefined, 'the new messages cached');

    const online = await h['messages.page']({ conversation: 'channel:1:long read', anchor: 'first_unread', limit: 50, cached: false });
    expect(ids(online)).toEqual([...read.slice(-READ_ABOVE_UNREAD), ...unread]);
    expect(online).toMatchObject({ found_oldest: false, found_newest: true });
    const cached = await h['messages.page']({ conversation: 'channel:1:long read', anchor: 'first_unread', limit: 50, cached: true });
    expect(ids(cached)).toEqual(ids(online));
    expect(cached.found_newest).toBe(true);
    // Nothing unread: the newest page.
    await h['messages.flag']({ messages: unread, op: 'add', flag: 'read' });
    const newest = await h['messages.page']({ conversation: 'channel:1:long read', anchor: 'first_unread', limit: 3, cached: true });
    expect(ids(newest)).toEqual([read.at(-1), ...unread]);
  });

  // A link, a search result or a notification opens the conversation at its message, however old.
  it('opens near a message instead: the read ones above it, it and those after, online and from the mirror', async () => {
    const newest = await h['messages.page']({ conversation: 'channel:1:long read', limit: 50, cached: true });
    const all = ids(newest);
    const near = all[12]!;
    const online = await h['messages.page']({ conversation: 'channel:1:long read', anchor: 'first_unread', near, limit: 3, cached: false });
    expect(ids(online).slice(0, 13)).toEqual(all.slice(0, 13));
    expect(online.found_oldest).toBe(true);
    const cached = await h['messages.page']({ conversation: 'channel:1:long read', anchor: 'first_unread', near, limit: 3, cached: true });
    expect(ids(cached).slice(0, 13)).toEqual(all.slice(0, 13));
    expect(cached.found_newest).toBe(false);
    // Far from the newest: the window stops short of it.
    expect(ids(cached)).not.toContain(all.at(-1));
  });

  it('pages forward after a message, saying when the newest is reached', async () => {
    const page = await h['messages.page']({ conversation: 'channel:1:long read', limit: 50, cached: false });
    const [, second, third] = ids(page);
    const after = await h['messages.page']({ conversation: 'channel:1:long read', after: second!, limit: 1, cached: false });
    expect(ids(after)).toEqual([third]);
    expect(after.found_newest).toBe(false);
  });
});

describe("a channel's feed", () => {
  it('interleaves its topics, newest last, from the server and then from the mirror alone offline, with what waits to be sent', async () => {
    const online = await h['channel.page']({ stream_id: 1, limit: 500, cached: false });
    const topics = new Set(online.messages.map((view) => view.message.subject));
    expect(topics.size).toBeGreaterThan(2);
    expect(online.messages.every((view) => view.message.stream_id === 1)).toBe(true);
    expect(ids(online)).toEqual([...ids(online)].sort((a, b) => a - b));

    const port = Number(new URL(service.url).port);
    await service.close();
    await until(() => session.engine.status.state === 'offline', 'offline');
    await h['messages.send']({ conversation: 'channel:1:welcome', content: 'Written offline' });
    const offline = await h['channel.page']({ stream_id: 1, limit: 500, cached: false });
    expect(ids(offline)).toEqual(ids(online));
    expect(offline.pending['channel:1:welcome']?.map((pending) => pending.content)).toEqual(['Written offline']);
    const older = await h['channel.page']({ stream_id: 1, before: ids(online)[3]!, limit: 2, cached: false });
    expect(ids(older)).toEqual(ids(online).slice(1, 3));
    service = await startService({ org: 'demo', dbPath: serviceDb.path, port, resume: true, heartbeatSeconds: 1, longpollTimeoutSeconds: 2 });
    await until(() => session.engine.status.state === 'online', 'online again', 20_000);
    await until(async () => Object.keys((await h['channel.update']({ stream_id: 1, after: 0, message_ids: [] })).pending).length === 0, 'the offline message sent and filed', 20_000);
  });
});

describe('moving a topic', () => {
  it('renames a topic from a message on, resolves it, and the mirror follows the event; a channel move the role lacks is refused in the server’s words', async () => {
    const first = await sendToMember('triage', 'one');
    const second = await sendToMember('triage', 'two');
    await until(() => getMessage(session.db, second) !== undefined, 'cached');

    await h['topics.move']({ message_id: second, topic: 'triage later', propagate_mode: 'change_later' });
    await until(() => getMessage(session.db, second)?.message.subject === 'triage later', 'the rename filed');
    expect(getMessage(session.db, first)?.message.subject).toBe('triage');
    expect(getMessage(session.db, second)?.message.last_moved_timestamp).toBeGreaterThan(0);

    await h['topics.move']({ message_id: first, topic: '✔ triage', propagate_mode: 'change_all' });
    await until(() => getMessage(session.db, first)?.message.subject === '✔ triage', 'the resolve filed');
    expect(getMessage(session.db, first)?.message.last_moved_timestamp).toBeUndefined();
    const update = await h['channel.update']({ stream_id: 1, after: second, message_ids: [first, second] });
    const subjects = new Map(update.messages.map((view) => [view.message.id, view.message.subject]));
    expect([subjects.get(first), subjects.get(second)]).toEqual(['✔ triage', 'triage later']);
    // Notification Bot's notices, as the server posts them: where the rename took the messages, and the resolve.
    const notices = update.messages.filter((view) => view.message.sender_full_name === 'Notification Bot');
    expect(notices.map((view) => view.message.subject)).toEqual(['triage later', '✔ triage']);

    await expect(h['topics.move']({ message_id: first, stream_id: 2, propagate_mode: 'change_all' })).rejects.toThrow("You don't have permission to move this message");
    await expect(h['topics.move']({ message_id: first, propagate_mode: 'change_all' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});

describe('a channel the user is not subscribed to', () => {
  it('previews it from the server, then subscribes and leaves it again, each filed from the server’s event', async () => {
    const subscriptions = asCalled(subscriptionHandlers({ activeSession: () => session } as unknown as CoreContext));
    const owner = service.accounts.find((a) => a.role === 100)!;
    const reply = await clientFor(service.url, owner).post('/messages', { type: 'stream', to: DEMO.channels.sandbox, topic: 'tries', content: 'Sandbox news' });
    const news = reply.body['id'] as number;
    expect(await h['channel.about']({ stream_id: DEMO.channels.sandbox })).toMatchObject({ name: 'sandbox', subscribed: false, empty_topic: 'allowed' });
    // Not subscribed, no event brings the message: only the server's page has it.
    expect(ids(await h['channel.page']({ stream_id: DEMO.channels.sandbox, limit: 50, cached: true }))).not.toContain(news);
    expect(ids(await h['channel.page']({ stream_id: DEMO.channels.sandbox, limit: 50, cached: false }))).toContain(news);

    await subscriptions['channels.subscribe']({ stream_id: DEMO.channels.sandbox });
    await until(async () => (await h['channel.about']({ stream_id: DEMO.channels.sandbox }))?.subscribed === true, 'the subscription filed');
    const later = await clientFor(service.url, owner).post('/messages', { type: 'stream', to: DEMO.channels.sandbox, topic: 'tries', content: 'Now it comes' });
    await until(() => getMessage(session.db, later.body['id'] as number) !== undefined, 'a subscriber’s event brings the next message');
    const sandboxUnread = () => unreadCounts(session.db).conversations.filter((c) => c.stream_id === DEMO.channels.sandbox);
    expect(sandboxUnread().map((c) => c.unread)).toEqual([1]);

    // Left again: the server no longer counts the channel's unread messages, nor does the mirror.
    await subscriptions['channels.unsubscribe']({ stream_id: DEMO.channels.sandbox });
    await until(async () => (await h['channel.about']({ stream_id: DEMO.channels.sandbox }))?.subscribed === false, 'the unsubscription filed');
    expect(sandboxUnread()).toEqual([]);
    const registered = await clientFor(service.url, member).post('/register', { event_types: JSON.stringify(['message', 'update_message_flags']) });
    const { streams } = registered.body['unread_msgs'] as { streams: { stream_id: number }[] };
    expect(streams.map((entry) => entry.stream_id)).not.toContain(DEMO.channels.sandbox);

    expect(await h['channel.about']({ stream_id: 9_999 })).toBeNull();
    await expect(subscriptions['channels.setMuted']({ stream_id: DEMO.channels.sandbox, muted: true })).rejects.toThrow('Only a channel you are subscribed to can be muted.');
    await expect(subscriptions['channels.subscribe']({ stream_id: 9_999 })).rejects.toThrow('does not know that channel');
  });
});

describe('muting a channel', () => {
  it('mutes it in the mirror at once, takes it out of the unread total, and the server holds the mute', async () => {
    const subscriptions = asCalled(subscriptionHandlers({ activeSession: () => session } as unknown as CoreContext));
    const random = DEMO.channels.random;
    await clientFor(service.url, moderator).post('/messages', { type: 'stream', to: random, topic: 'noise', content: 'noise in random' });
    await until(() => unreadCounts(session.db).conversations.some((c) => c.stream_id === random), 'the message in #random unread');
    const before = unreadCounts(session.db).total;

    expect(await subscriptions['channels.setMuted']({ stream_id: random, muted: true })).toEqual({ pending: false, value: null });
    expect(await h['channel.about']({ stream_id: random })).toMatchObject({ is_muted: true });
    expect(unreadCounts(session.db).total).toBeLessThan(before);
    const mutedOnServer = () => service.db.prepare('SELECT is_muted FROM subscriptions WHERE user_id = ? AND stream_id = ?').pluck().get(member.user_id, random);
    expect(mutedOnServer()).toBe(1);

    await subscriptions['channels.setMuted']({ stream_id: random, muted: false });
    expect(mutedOnServer()).toBe(0);
    // The server's events (in_home_view, then is_muted) leave the mirror as the user set it.
    await until(async () => (await h['channel.about']({ stream_id: random }))?.is_muted === false, 'unmuted');
    expect(unreadCounts(session.db).total).toBe(before);
  });
});

describe('a channel’s desktop notifications', () => {
  it('notify every message once set, in the mirror at once and on the server, and only mentions again once unset', async () => {
    const subscriptions = asCalled(subscriptionHandlers({ activeSession: () => session } as unknown as CoreContext));
    const random = DEMO.channels.random;
    const onServer = () => service.db.prepare('SELECT desktop_notifications FROM subscriptions WHERE user_id = ? AND stream_id = ?').pluck().get(member.user_id, random);
    expect(onServer()).toBeNull();
    expect(await h['channel.about']({ stream_id: random })).toMatchObject({ notifies_all: false });

    expect(await subscriptions['channels.setNotifications']({ stream_id: random, notify_all: true })).toEqual({ pending: false, value: null });
    expect(await h['channel.about']({ stream_id: random })).toMatchObject({ notifies_all: true });
    expect(onServer()).toBe(1);

    await subscriptions['channels.setNotifications']({ stream_id: random, notify_all: false });
    expect(onServer()).toBe(0);
    // The server's event leaves the mirror as the user set it.
    await until(async () => (await h['channel.about']({ stream_id: random }))?.notifies_all === false, 'only mentions');
    await expect(subscriptions['channels.setNotifications']({ stream_id: DEMO.channels.sandbox, notify_all: true })).rejects.toThrow('Only a channel you are subscribed to notifies.');
  });
});

describe('the combined feed', () => {
  it('interleaves channels and direct messages, leaves out muted channels and topics and previews, the same from the server and the mirror', async () => {
    const subscriptions = asCalled(subscriptionHandlers({ activeSession: () => session } as unknown as CoreContext));
    const owner = service.accounts.find((a) => a.role === 100)!;
    const post = async (params: Record<string, unknown>, as = moderator) => (await clientFor(service.url, as).post('/messages', params as never)).body['id'] as number;
    const shown = await sendToMember('combined shown', 'in #general');
    const hushed = await sendToMember('combined hushed', 'a muted topic');
    const direct = await post({ type: 'direct', to: JSON.stringify([member.user_id]), content: 'a direct message' });
    const noise = await post({ type: 'stream', to: DEMO.channels.random, topic: 'combined noise', content: 'a muted channel' });
    const kept = await post({ type: 'stream', to: DEMO.channels.random, topic: 'combined kept', content: 'unmuted in a muted channel' });
    const preview = await post({ type: 'stream', to: DEMO.channels.sandbox, topic: 'combined preview', content: 'never received' }, owner);
    await until(() => getMessage(session.db, kept) !== undefined, 'cached');
    // A preview files the channel's messages in the mirror, flagged historical: not the user's feed.
    expect(ids(await h['channel.page']({ stream_id: DEMO.channels.sandbox, limit: 50, cached: false }))).toContain(preview);

    await subscriptions['channels.setMuted']({ stream_id: DEMO.channels.random, muted: true });
    await h['topics.setPreference']({ stream_id: 1, topic: 'combined hushed', visibility_policy: 1 });
    await h['topics.setPreference']({ stream_id: DEMO.channels.random, topic: 'combined kept', visibility_policy: 2 });
    const ours = [shown, hushed, direct, noise, kept, preview];
    const page = async (cached: boolean) => ids(await h['messageView.page']({ view: 'combined', limit: 100, cached })).filter((id) => ours.includes(id));
    expect(await page(false)).toEqual([shown, direct, kept]);
    expect(await page(true)).toEqual([shown, direct, kept]);

    // A notice naming a message that left the feed (its channel muted) reads it as removed.
    const update = await h['messageView.update']({ view: 'combined', after: kept, message_ids: [shown, noise] });
    expect(update.removed).toEqual([noise]);
    expect(update.messages.map((view) => view.message.id)).toContain(shown);

    await subscriptions['channels.setMuted']({ stream_id: DEMO.channels.random, muted: false });
    await until(async () => (await h['channel.about']({ stream_id: DEMO.channels.random }))?.is_muted === false, 'unmuted');
    expect(await page(true)).toEqual([shown, direct, noise, kept]);
  });
});

describe('Mentions and Starred', () => {
  it('hold the messages mentioning the user and those starred, the same from the server and the mirror', async () => {
    const mention = await sendToMember('views', `@**${member.full_name}** a word for you`);
    const plain = await sendToMember('views', 'nothing for anyone');
    await until(() => getMessage(session.db, plain) !== undefined, 'cached');
    await h['messages.flag']({ messages: [plain], flag: 'starred', op: 'add' });
    const page = async (view: 'mentioned' | 'starred', cached: boolean) =>
      ids(await h['messageView.page']({ view, limit: 100, cached })).filter((id) => id === mention || id === plain);
    for (const cached of [false, true]) {
      expect(await page('mentioned', cached)).toEqual([mention]);
      expect(await page('starred', cached)).toEqual([plain]);
    }
    // Opened at the first unread mention.
    const opened = await h['messageView.page']({ view: 'mentioned', anchor: 'first_unread', limit: 5, cached: true });
    expect(opened.messages.map((view) => view.message.id)).toContain(mention);
  });
});

