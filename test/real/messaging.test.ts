// The app's daily work against a real server: register and sync into the mirror, send and
// receive, typing, unread and mark read (and unread from a message on), general chat, reactions, edits and
// topic moves (and their history), a channel's old topics, a channel previewed, subscribed to and
// left, a private one not joined, a mute, its notifications, search, the combined feed and Starred, the user's own status,
// time format and alert words, the compose preview. Each test works in a topic or channel of its
// own (or finds its message by a word of its own, or puts back the mute, star, status, setting or
// alert word it changed), so the shared server's other traffic does not matter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelTopicConversation, directConversation } from '../../shared/conversation';
import type { IpcNotices } from '../../shared/ipc';
import { account, Bare, marker, openApp, signIn, until, type RealApp } from './harness';

const VERONA = 3;
/** The server's own bot that tells people what others did (one of its cross_realm_bots). */
const NOTIFICATION_BOT = 4;
let app: RealApp;
const iago = () => account('iago@zulip.com');
const hamlet = () => new Bare(account('hamlet@zulip.com'));
const asIago = () => new Bare(iago());

/** The cached messages of a conversation, as the open conversation reads them after a change notice. */
async function cached(conversation: string) {
  const page = await app.call('messages.page', { conversation, cached: true, limit: 100 });
  return page.messages.map((view) => ({ id: view.message.id, content: view.message.content, flags: view.flags, reactions: view.message.reactions }));
}

/** Hamlet posts in Verona; the message's id once the server has it. */
async function hamletSays(topic: string, content: string): Promise<number> {
  const answer = await hamlet().call('POST', '/messages', { type: 'stream', to: VERONA, topic, content });
  if (typeof answer.id !== 'number') throw new Error(`send: ${String(answer.msg)}`);
  return answer.id;
}

beforeAll(async () => {
  app = await openApp('messaging');
  await signIn(app, iago());
});
afterAll(() => app.close());

describe('against a real server', () => {
  it('mirrors the organization: its users, channels and subscriptions', async () => {
    const members = await asIago().call('GET', '/users');
    if (!Array.isArray(members.members)) throw new Error('GET /users failed');
    const active = members.members.filter((m: { is_active: boolean }) => m.is_active).length;
    const found = await app.call('users.search', { text: '', offset: 0, limit: 500 });
    expect(found.total).toBe(active);
    const subscribed = await app.call('sidebar.channels', undefined);
    expect(JSON.stringify(subscribed)).toContain('Verona');
  });

  it('shows the combined feed as the server’s in:home: a muted topic left out, the same from the server and the mirror, and marks it unread from a message on', async () => {
    const shownTopic = marker('combined');
    const mutedTopic = marker('combinedmuted');
    const shown = await hamletSays(shownTopic, 'in the combined feed');
    const muted = await hamletSays(mutedTopic, 'left out of it');
    const direct = await hamlet().call('POST', '/messages', { type: 'direct', to: JSON.stringify([iago().user_id]), content: `a direct word ${shownTopic}` });
    if (typeof direct.id !== 'number') throw new Error(`send: ${String(direct.msg)}`);
    const ours = [shown, muted, direct.id];
    const page = async (cached: boolean) => (await app.call('messageView.page', { view: 'combined', limit: 100, cached })).messages.map((view) => view.message.id).filter((id) => ours.includes(id));
    await until(async () => (await page(true)).length === 3, 'the three messages in the mirror');

    await app.call('topics.setPreference', { stream_id: VERONA, topic: mutedTopic, visibility_policy: 1 });
    await until(async () => (await page(true)).length === 2, 'the muted topic left out in the app');
    expect(await page(true)).toEqual([shown, direct.id]);
    expect(await page(false)).toEqual([shown, direct.id]);

    // From a message on: what the feed holds after it is unread again on the server, the muted topic not.
    await asIago().call('POST', '/messages/flags', { messages: JSON.stringify(ours), op: 'add', flag: 'read' });
    await app.call('unread.markUnreadFrom', { message_id: shown, place: { view: 'combined' } });
    const flags = async (id: number) => (await asIago().messages([{ operator: 'id', operand: id }]))[0]?.flags.includes('read');
    expect([await flags(shown), await flags(muted), await flags(direct.id)]).toEqual([false, true, false]);
    await app.call('topics.setPreference', { stream_id: VERONA, topic: mutedTopic, visibility_policy: 0 });
  });

  it('shows a starred message in Starred, from the server and the mirror, and leaves it out once unstarred', async () => {
    const id = await hamletSays(marker('starred'), 'worth keeping');
    const starredIds = async (cached: boolean) => (await app.call('messageView.page', { view: 'starred', limit: 100, cached })).messages.map((view) => view.message.id);
    await until(async () => (await app.call('messageView.page', { view: 'combined', limit: 100, cached: true })).messages.some((view) => view.message.id === id), 'the message in the mirror');
    await app.call('messages.flag', { messages: [id], op: 'add', flag: 'starred' });
    expect(await starredIds(false)).toContain(id);
    expect(await starredIds(true)).toContain(id);
    await app.call('messages.flag', { messages: [id], op: 'remove', flag: 'starred' });
    expect(await starredIds(false)).not.toContain(id);
    expect(await starredIds(true)).not.toContain(id);
  });

  it('previews a message as the server renders it: Markdown and a mention', async () => {
    const { rendered } = await app.call('compose.preview', { content: '**bold** @**King Hamlet**' });
    expect(rendered).toBe(`<p><strong>bold</strong> <span class="user-mention" data-user-id="${account('hamlet@zulip.com').user_id}">@King Hamlet</span></p>`);
  });

  it('sets times to 24 hours, on the server and in the app, and back to 12', async () => {
    const onServer = async () => {
      const registered = await asIago().call('POST', '/register', { fetch_event_types: JSON.stringify(['user_settings']) });
      return (registered.user_settings as { twenty_four_hour_time: boolean }).twenty_four_hour_time;
    };
    expect(await app.call('me.setTimeFormat', { twenty_four_hour_time: true })).toEqual({ pending: false, value: null });
    expect(await onServer()).toBe(true);
    await until(async () => (await app.call('me.get', undefined)).twenty_four_hour_time === true, '24 hours in the app');
    await app.call('me.setTimeFormat', { twenty_four_hour_time: false });
    expect(await onServer()).toBe(false);
    await until(async () => (await app.call('me.get', undefined)).twenty_four_hour_time === false, '12 hours in the app');
  });

  it('adds an alert word the server keeps and flags a message with, which notifies; and removes it in another case', async () => {
    const word = marker('alert');
    const onServer = async () => (await asIago().call('GET', '/users/me/alert_words')).alert_words;
    const notified: number[] = [];
    const stop = app.core.onNotice((notice, payload) => {
      if (notice === 'notification') notified.push((payload as IpcNotices['notification']).anchor);
    });
    try {
      expect(await app.call('me.addAlertWord', { word })).toEqual({ pending: false, value: null });
      expect(await onServer()).toContain(word);
      expect((await app.call('me.get', undefined)).alert_words).toContain(word);
      const topic = marker('alerted');
      const id = await hamletSays(topic, `Has anyone seen ${word.toUpperCase()}?`);
      await until(async () => (await cached(channelTopicConversation(VERONA, topic))).some((m) => m.id === id && m.flags.includes('has_alert_word')), 'the message flagged in the mirror');
      await until(() => notified.includes(id), 'its notification');
    } finally {
      stop();
    }
    expect(await app.call('me.removeAlertWord', { word: word.toUpperCase() })).toEqual({ pending: false, value: null });
    expect(await onServer()).not.toContain(word);
    expect((await app.call('me.get', undefined)).alert_words).not.toContain(word);
  });

  it('sets the user’s own status, which the server holds and the app shows beside their name, and clears it', async () => {
    const serverStatus = async () => (await asIago().call('GET', `/users/${iago().user_id}/status`)).status;
    const calendar = { emoji_name: 'calendar', emoji_code: '1f4c5', reaction_type: 'unicode_emoji' } as const;
    expect(await app.call('me.setStatus', { status_text: 'In a meeting', emoji: calendar })).toEqual({ pending: false, value: null });
    expect(await serverStatus()).toEqual({ status_text: 'In a meeting', ...calendar });
    const shown = async () => (await app.call('users.presence', { user_ids: [iago().user_id] }))[0]?.status ?? null;
    expect(await shown()).toMatchObject({ status_text: 'In a meeting', emoji_name: 'calendar' });
    await app.call('me.setStatus', { status_text: '', emoji: null });
    expect(await serverStatus()).toEqual({});
    await until(async () => (await shown()) === null, 'the status cleared in the app');
  });

  it('receives a message another user sends, unread, and marks it read on the server', async () => {
    const topic = marker('receive');
    const id = await hamletSays(topic, `hello from hamlet ${topic}`);
    const conversation = channelTopicConversation(VERONA, topic);
    await until(async () => (await app.call('unread.counts', undefined)).conversations.some((c) => c.conversation === conversation && c.unread === 1), 'the unread message counted');
    await until(async () => (await cached(conversation)).some((m) => m.id === id), 'the message in the mirror');

    await app.call('unread.markRead', { scope: 'topic', stream_id: VERONA, topic });
    await until(async () => !(await app.call('unread.counts', undefined)).conversations.some((c) => c.conversation === conversation), 'the topic read in the app');
    const [onServer] = await asIago().messages([{ operator: 'id', operand: id }]);
    expect(onServer?.flags).toContain('read');
  });

  it('marks a message and the later ones of its topic unread again, in the app and on the server', async () => {
    const topic = marker('unreadfrom');
    const ids = [await hamletSays(topic, 'first'), await hamletSays(topic, 'second'), await hamletSays(topic, 'third')];
    const conversation = channelTopicConversation(VERONA, topic);
    const unreadHere = async () => (await app.call('unread.counts', undefined)).conversations.find((c) => c.conversation === conversation)?.unread ?? 0;
    await until(async () => (await unreadHere()) === 3, 'the three messages counted');
    await app.call('unread.markRead', { scope: 'topic', stream_id: VERONA, topic });
    await until(async () => (await unreadHere()) === 0, 'the topic read');

    expect(await app.call('unread.markUnreadFrom', { message_id: ids[1]!, place: { conversation } })).toEqual({ pending: false, value: { updated_count: 2 } });
    expect(await unreadHere()).toBe(2);
    const onServer = await asIago().messages([
      { operator: 'channel', operand: VERONA },
      { operator: 'topic', operand: topic },
    ]);
    expect(onServer.map((m) => m.flags.includes('read'))).toEqual([true, false, false]);
  });

  it('lists who has read its message, as the server counts them (not its sender)', async () => {
    const topic = marker('receipts');
    const conversation = channelTopicConversation(VERONA, topic);
    await app.call('messages.send', { conversation, content: `read me ${topic}` });
    await until(async () => (await cached(conversation)).length === 1, 'the message in the mirror');
    const [sent] = await cached(conversation);
    expect(await app.call('messages.readReceipts', { message_id: sent!.id })).toEqual([]);
    await hamlet().call('POST', '/messages/flags', { op: 'add', flag: 'read', messages: [sent!.id] });
    expect(await app.call('messages.readReceipts', { message_id: sent!.id })).toEqual([account('hamlet@zulip.com').user_id]);
  });

  it('sends a message that the server holds once and the other user receives', async () => {
    const topic = marker('send');
    const conversation = channelTopicConversation(VERONA, topic);
    await app.call('messages.send', { conversation, content: `sent by the app ${topic}` });
    await until(async () => (await cached(conversation)).some((m) => m.content.includes(`sent by the app ${topic}`)), 'the sent message in the mirror');
    const onServer = await hamlet().messages([
      { operator: 'channel', operand: VERONA },
      { operator: 'topic', operand: topic },
    ]);
    expect(onServer.map((m) => m.content)).toEqual([`sent by the app ${topic}`]);
    // Read for its sender, on the server and in the app, as the family's own clients send it (the
    // server's default marks it so only for client names it knows as its own apps).
    const asSender = await asIago().messages([
      { operator: 'channel', operand: VERONA },
      { operator: 'topic', operand: topic },
    ]);
    expect(asSender.map((m) => m.flags)).toEqual([expect.arrayContaining(['read'])]);
    expect((await app.call('unread.counts', undefined)).conversations.some((c) => c.conversation === conversation)).toBe(false);
  });

  it('shows another user typing in a topic, and never the user themself, whose typing the server sends back too', async () => {
    const topic = marker('typing');
    const conversation = channelTopicConversation(VERONA, topic);
    const typing = { type: 'stream', stream_id: VERONA, topic, op: 'start' };
    // Iago's own start reaches the app's queue before Hamlet's: one queue, in the server's order.
    expect((await asIago().call('POST', '/typing', typing)).result).toBe('success');
    expect((await hamlet().call('POST', '/typing', typing)).result).toBe('success');
    await until(async () => (await app.call('typing.current', { conversation })).user_ids.length > 0, 'someone typing');
    expect((await app.call('typing.current', { conversation })).user_ids).toEqual([hamlet().who.user_id]);
  });

  it('mutes someone: their unread goes read on the server and in the app, later messages arrive read; and unmutes', async () => {
    const topic = marker('muted');
    const conversation = channelTopicConversation(VERONA, topic);
    const hamletId = account('hamlet@zulip.com').user_id;
    const unreadHere = async () => (await app.call('unread.counts', undefined)).conversations.find((c) => c.conversation === conversation)?.unread ?? 0;
    await hamletSays(topic, 'before the mute');
    await until(async () => (await unreadHere()) === 1, 'the message unread');

    await app.call('me.setMuted', { user_id: hamletId, muted: true });
    expect((await app.call('me.get', undefined)).muted_user_ids).toContain(hamletId);
    await until(async () => (await unreadHere()) === 0, 'the muted sender’s message read');
    const later = await hamletSays(topic, 'after the mute');
    await until(async () => (await cached(conversation)).some((m) => m.id === later), 'the later message in the mirror');
    expect((await cached(conversation)).find((m) => m.id === later)?.flags).toContain('read');
    const onServer = await asIago().messages([
      { operator: 'channel', operand: VERONA },
      { operator: 'topic', operand: topic },
    ]);
    expect(onServer.map((m) => m.flags.includes('read'))).toEqual([true, true]);

    await app.call('me.setMuted', { user_id: hamletId, muted: false });
    expect((await app.call('me.get', undefined)).muted_user_ids).not.toContain(hamletId);
    await hamletSays(topic, 'after the unmute');
    await until(async () => (await unreadHere()) === 1, 'the next message unread');
  });

  it('lists a channel’s old topics, never cached, from the server’s topic history (general chat as the empty topic)', async () => {
    // General chat has a message, whatever ran before.
    await hamletSays('', `in general chat ${marker('history')}`);
    const history = await asIago().call('GET', `/users/me/${VERONA}/topics`, { allow_empty_topic_name: true });
    if (!Array.isArray(history.topics)) throw new Error(`topics: ${String(history.msg)}`);
    const names: string[] = history.topics.map((topic: { name: string }) => topic.name.toLowerCase());
    expect(names).toContain('');
    const listed = async () => (await app.call('sidebar.topics', { stream_id: VERONA, limit: 1_000 })).map((topic) => topic.topic.toLowerCase());
    // The first read asks the server; its answer comes with a change notice.
    let known: string[] = [];
    await until(async () => {
      known = await listed();
      return names.every((name) => known.includes(name));
    }, 'every topic of the server listed');
    // The empty topic is listed as itself, not by the name a client without the capability is told.
    if (!names.includes('general chat')) expect(known).not.toContain('general chat');
  });

  it('writes in general chat (the empty topic) where the channel takes it, and reads it back under that topic', async () => {
    const { channels } = await app.call('sidebar.channels', undefined);
    expect(channels.find((channel) => channel.stream_id === VERONA)?.empty_topic).toBe('allowed');
    const word = marker('chat');
    const conversation = channelTopicConversation(VERONA, '');
    await app.call('messages.send', { conversation, content: `in general chat ${word}` });
    const inGeneralChat = [
      { operator: 'channel', operand: VERONA },
      { operator: 'topic', operand: '' },
    ];
    let onServer: { content: string }[] = [];
    await until(async () => (onServer = (await hamlet().messages(inGeneralChat)).filter((m) => m.content.includes(word))).length > 0, 'the message on the server');
    expect(onServer).toHaveLength(1);
    // Fetched again from the server, it is filed under the empty topic, not one named "general chat".
    const page = await app.call('messages.page', { conversation, cached: false, limit: 100 });
    expect(page.messages.filter((view) => view.message.content.includes(word)).map((view) => view.message.subject)).toEqual(['']);
  });

  it('adds and removes a reaction, seen by the server and kept in the mirror', async () => {
    const topic = marker('react');
    const id = await hamletSays(topic, 'react to this');
    const conversation = channelTopicConversation(VERONA, topic);
    await until(async () => (await cached(conversation)).some((m) => m.id === id), 'the message in the mirror');
    await app.call('messages.addReaction', { message_id: id, emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji' });
    await until(async () => (await cached(conversation)).find((m) => m.id === id)?.reactions.some((r) => r.emoji_name === 'octopus' && r.user_id === iago().user_id) === true, 'the reaction in the mirror');
    const [withReaction] = await asIago().call('GET', `/messages/${id}`).then((a) => [a.message]);
    expect(JSON.stringify(withReaction)).toContain('"octopus"');

    await app.call('messages.removeReaction', { message_id: id, emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji' });
    await until(async () => (await cached(conversation)).find((m) => m.id === id)?.reactions.length === 0, 'the reaction gone from the mirror');
  });

  it('edits its own message and follows another user moving it to a new topic, where a link to it then leads', async () => {
    const topic = marker('edit');
    const conversation = channelTopicConversation(VERONA, topic);
    await app.call('messages.send', { conversation, content: 'before the edit' });
    await until(async () => (await cached(conversation)).length === 1, 'the message in the mirror');
    const [sent] = await cached(conversation);
    await app.call('messages.edit', { message_id: sent!.id, content: 'after the edit' });
    await until(async () => (await cached(conversation))[0]?.content.includes('after the edit') === true, 'the edit in the mirror');

    const moved = `${topic} moved`;
    await asIago().call('PATCH', `/messages/${sent!.id}`, { topic: moved, propagate_mode: 'change_all' });
    const movedTo = channelTopicConversation(VERONA, moved);
    await until(async () => (await cached(movedTo)).some((m) => m.id === sent!.id), 'the message under its new topic');
    expect(await cached(conversation)).toEqual([]);
    // A link made before the move (`.../topic/<old>/near/<id>`) opens where the message is now.
    expect(await app.call('messages.locate', { message_id: sent!.id })).toEqual({ conversation: movedTo });

    // Its edit history, as the server keeps it: sent, edited, moved.
    const history = await app.call('messages.history', { message_id: sent!.id });
    expect(history.map(({ original, user_id, rendered_content, topic, prev_topic }) => ({ original, user_id, rendered_content, topic, prev_topic }))).toEqual([
      { original: true, user_id: iago().user_id, rendered_content: '<p>before the edit</p>', topic, prev_topic: null },
      { original: false, user_id: iago().user_id, rendered_content: '<p>after the edit</p>', topic, prev_topic: null },
      { original: false, user_id: iago().user_id, rendered_content: null, topic: moved, prev_topic: topic },
    ]);
  });

  it('previews a public channel it is not subscribed to, subscribes and receives its messages, and leaves it', async () => {
    const name = marker('preview');
    await hamlet().call('POST', '/users/me/subscriptions', { subscriptions: [{ name }] });
    const posted = await hamlet().call('POST', '/messages', { type: 'stream', to: name, topic: 'first', content: 'before iago came' });
    if (typeof posted.id !== 'number') throw new Error(`send: ${String(posted.msg)}`);
    // The channel's creation reaches every member; its messages reach only subscribers.
    let stream_id = 0;
    await until(async () => {
      stream_id = (await app.call('channels.list', { include_public: true, include_subscribed: true, exclude_archived: true, include_web_public: false, include_all: false })).channels.find((c) => c.name === name)?.stream_id ?? 0;
      return stream_id > 0;
    }, 'the new channel in the mirror');
    expect(await app.call('channel.about', { stream_id })).toMatchObject({ name, subscribed: false });
    const preview = await app.call('channel.page', { stream_id, anchor: 'first_unread', limit: 50, cached: false });
    // With the server's own note of the channel's creation before it.
    expect(preview.messages.map((view) => view.message.id)).toContain(posted.id);

    await app.call('channels.subscribe', { stream_id });
    await until(async () => (await app.call('channel.about', { stream_id }))?.subscribed === true, 'the subscription in the mirror');
    const next = await hamlet().call('POST', '/messages', { type: 'stream', to: stream_id, topic: 'first', content: 'now iago is here' });
    await until(async () => (await cached(channelTopicConversation(stream_id, 'first'))).some((m) => m.id === next.id), 'the next message in the mirror');
    const channelUnread = async () => (await app.call('unread.counts', undefined)).conversations.filter((c) => c.stream_id === stream_id).length;
    await until(async () => (await channelUnread()) === 1, 'the next message counted unread');

    // Left: the server counts none of its unread messages any more, nor does the app.
    await app.call('channels.unsubscribe', { stream_id });
    await until(async () => (await app.call('channel.about', { stream_id }))?.subscribed === false, 'the unsubscription in the mirror');
    expect(await channelUnread()).toBe(0);
    const registered = await asIago().call('POST', '/register', { event_types: ['message', 'update_message_flags'] });
    expect((registered.unread_msgs as { streams: { stream_id: number }[] }).streams.map((entry) => entry.stream_id)).not.toContain(stream_id);
    // Back again: the server marked them read when iago left (its deferred work, after the remove
    // event), as the simulator does; nothing old is unread, there or here.
    await app.call('channels.subscribe', { stream_id });
    await until(async () => (await app.call('channel.about', { stream_id }))?.subscribed === true, 'the second subscription in the mirror');
    const again = await asIago().call('POST', '/register', { event_types: ['message', 'update_message_flags'] });
    expect((again.unread_msgs as { streams: { stream_id: number }[] }).streams.map((entry) => entry.stream_id)).not.toContain(stream_id);
    expect(await channelUnread()).toBe(0);
    // Archived, so runs of this suite do not pile channels up in the server's sidebars.
    expect((await asIago().call('DELETE', `/streams/${stream_id}`)).result).toBe('success');
  });

  it('creates a channel, with its description and privacy, the app subscribed; a taken name refused rather than joined; renames and describes it', async () => {
    const name = marker('created');
    const { stream_id } = await app.call('channels.create', { name, description: 'Made **here**', invite_only: true });
    await until(async () => (await app.call('channel.about', { stream_id }))?.subscribed === true, 'the new channel and its subscription in the mirror');
    const about = await app.call('channel.about', { stream_id });
    expect(about).toMatchObject({ name, invite_only: true });
    expect(about?.rendered_description).toContain('<strong>here</strong>');
    const onServer = await asIago().call('GET', `/streams/${stream_id}`);
    expect(onServer.stream).toMatchObject({ name, invite_only: true, description: 'Made **here**' });
    // Known to the mirror: refused before anything is sent, in the app's words.
    await expect(app.call('channels.create', { name: name.toUpperCase(), description: '', invite_only: false })).rejects.toThrow(/CHANNEL_EXISTS: A channel named #.* already exists/);
    // Its creator administers it: renamed and described again, filed from the server's events.
    expect(about?.may_administer).toBe(true);
    const renamed = `${name} renamed`;
    await app.call('channels.edit', { stream_id, name: renamed, description: 'Made *again*' });
    await until(async () => (await app.call('channel.about', { stream_id }))?.name === renamed, 'the rename in the mirror');
    await until(async () => (await app.call('channel.about', { stream_id }))?.rendered_description.includes('<em>again</em>') === true, 'the description in the mirror');
    expect((await asIago().call('GET', `/streams/${stream_id}`)).stream).toMatchObject({ name: renamed, description: 'Made *again*' });
    expect((await asIago().call('DELETE', `/streams/${stream_id}`)).result).toBe('success');
  });

  it('mutes a channel, in the app at once and on the server, and unmutes it', async () => {
    const serverMute = async () => {
      const answer = await asIago().call('GET', '/users/me/subscriptions');
      return (answer.subscriptions as { stream_id: number; is_muted: boolean }[]).find((s) => s.stream_id === VERONA)?.is_muted;
    };
    expect(await app.call('channels.setMuted', { stream_id: VERONA, muted: true })).toEqual({ pending: false, value: null });
    expect(await app.call('channel.about', { stream_id: VERONA })).toMatchObject({ is_muted: true });
    expect(await serverMute()).toBe(true);
    await app.call('channels.setMuted', { stream_id: VERONA, muted: false });
    expect(await serverMute()).toBe(false);
    // The server's two update events (in_home_view, then is_muted) leave the app's as the user set it.
    await until(async () => (await app.call('channel.about', { stream_id: VERONA }))?.is_muted === false, 'unmuted in the app');
  });

  it('makes every message of a channel notify, on the server too, and only mentions again', async () => {
    const serverSetting = async () => {
      const answer = await asIago().call('GET', '/users/me/subscriptions');
      return (answer.subscriptions as { stream_id: number; desktop_notifications: boolean | null }[]).find((s) => s.stream_id === VERONA)?.desktop_notifications;
    };
    expect(await app.call('channels.setNotifications', { stream_id: VERONA, notify_all: true })).toEqual({ pending: false, value: null });
    expect(await app.call('channel.about', { stream_id: VERONA })).toMatchObject({ notifies_all: true });
    expect(await serverSetting()).toBe(true);
    await app.call('channels.setNotifications', { stream_id: VERONA, notify_all: false });
    expect(await serverSetting()).toBe(false);
    await until(async () => (await app.call('channel.about', { stream_id: VERONA }))?.notifies_all === false, 'only mentions in the app');
  });

  it('knows a private channel an administrator is not in, shows none of its messages, and says why it cannot join', async () => {
    const listing = await app.call('channels.list', { include_public: true, include_subscribed: true, exclude_archived: true, include_web_public: false, include_all: true });
    const coreTeam = listing.channels.find((c) => c.name === 'core team');
    if (!coreTeam) throw new Error('the private channel is not in the mirror');
    expect(await app.call('channel.about', { stream_id: coreTeam.stream_id })).toMatchObject({ subscribed: false, invite_only: true });
    expect((await app.call('channel.page', { stream_id: coreTeam.stream_id, anchor: 'first_unread', limit: 50, cached: false })).messages).toEqual([]);
    await expect(app.call('channels.subscribe', { stream_id: coreTeam.stream_id })).rejects.toThrow('Unable to access channel (core team).');
  });

  it('keeps a channel another administrator archives readable, out of the sidebar, its topics marked archived', async () => {
    const name = marker('archived');
    const desdemona = new Bare(account('desdemona@zulip.com'));
    // Created first, then Iago added: the server tells him so (it does not for a channel created with him in it).
    expect((await desdemona.call('POST', '/users/me/subscriptions', { subscriptions: [{ name }] })).result).toBe('success');
    expect((await desdemona.call('POST', '/users/me/subscriptions', { subscriptions: [{ name }], principals: [iago().user_id] })).result).toBe('success');
    const created = await desdemona.call('GET', '/get_stream_id', { stream: name });
    const stream_id = Number(created.stream_id);
    const conversation = channelTopicConversation(stream_id, 'plans');
    expect((await desdemona.call('POST', '/messages', { type: 'stream', to: stream_id, topic: 'plans', content: `Before it closes ${name}` })).result).toBe('success');
    await until(async () => (await cached(conversation)).length === 1, 'the message in the mirror');
    // Subscribed by someone else, Iago hears of it from Notification Bot, named as such (one of the
    // server's own bots, listed apart from the organization's users).
    const fromBot = directConversation([iago().user_id, NOTIFICATION_BOT]);
    await until(async () => (await cached(fromBot)).some((m) => m.content.includes(name)), 'Notification Bot’s notice in the mirror');
    expect((await app.call('sidebar.directs', { limit: 50 })).find((direct) => direct.user_ids.includes(NOTIFICATION_BOT))?.title).toBe('Notification Bot');

    expect((await desdemona.call('DELETE', `/streams/${stream_id}`)).result).toBe('success');
    await until(async () => (await app.call('conversations.get', { conversation })).is_archived, 'the archive filed');
    expect(await app.call('channel.about', { stream_id })).toMatchObject({ name, subscribed: true, is_archived: true });
    expect((await app.call('sidebar.channels', undefined)).channels.map((c) => c.stream_id)).not.toContain(stream_id);
    expect((await cached(conversation)).map((m) => m.content)).toEqual([`<p>Before it closes ${name}</p>`]);
  });

  it('follows the user into a user group and out of it, from the server’s user_group events', async () => {
    const desdemona = new Bare(account('desdemona@zulip.com'));
    const listed = await desdemona.call('GET', '/user_groups');
    const group = (listed.user_groups as { id: number; name: string }[]).find((g) => g.name === 'hamletcharacters');
    if (!group) throw new Error('the dev organization has no hamletcharacters group');
    const groupIds = async () => (await app.call('me.get', undefined)).group_ids;
    expect(await groupIds()).not.toContain(group.id);
    expect((await desdemona.call('POST', `/user_groups/${group.id}/members`, { add: [iago().user_id] })).result).toBe('success');
    try {
      await until(async () => (await groupIds()).includes(group.id), 'the membership filed');
    } finally {
      expect((await desdemona.call('POST', `/user_groups/${group.id}/members`, { delete: [iago().user_id] })).result).toBe('success');
    }
    await until(async () => !(await groupIds()).includes(group.id), 'the membership gone');
  });

  it('finds a message by a word of it offline, from the mirror, and online from the server', async () => {
    const word = marker('needle');
    const topic = marker('search');
    const id = await hamletSays(topic, `a ${word} in the haystack`);
    await until(async () => (await cached(channelTopicConversation(VERONA, topic))).some((m) => m.id === id), 'the message in the mirror');
    const answer = await app.call('messages.search', { text: word, limit: 10 });
    expect(answer.results.map((r) => r.message.id)).toContain(id);
    expect(answer.results.find((r) => r.message.id === id)?.source).toBe('cached');
    expect(answer.server).toBe('answered');
  });
});
