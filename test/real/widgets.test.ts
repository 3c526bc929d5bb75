// Polls and todo lists against a real server: a message started with "/poll" or "/todo" by another
// user shows as the widget, the app's votes, options, strikes and tasks reach the server as the
// family's clients send them, and other people's come back into the mirror.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelTopicConversation } from '../../shared/conversation';
import { widgetOf, type Widget } from '../../shared/widgets/submessages';
import { account, Bare, marker, openApp, signIn, until, type RealApp } from './harness';

const VERONA = 3;
let app: RealApp;
const hamlet = () => new Bare(account('hamlet@zulip.com'));
const iagoId = () => account('iago@zulip.com').user_id;
const hamletId = () => account('hamlet@zulip.com').user_id;

/** The widget of a cached message, as the feed shows it after a change notice. */
async function widgetIn(conversation: string, message_id: number): Promise<Widget | null> {
  const page = await app.call('messages.page', { conversation, cached: true, limit: 50 });
  const view = page.messages.find((candidate) => candidate.message.id === message_id);
  return view ? widgetOf(view.message) : null;
}

/** Hamlet starts a widget in a topic of its own; its id and conversation. */
async function hamletStarts(content: string): Promise<{ id: number; conversation: string }> {
  const topic = marker('widget');
  const answer = await hamlet().call('POST', '/messages', { type: 'stream', to: VERONA, topic, content });
  if (typeof answer.id !== 'number') throw new Error(`send: ${String(answer.msg)}`);
  return { id: answer.id, conversation: channelTopicConversation(VERONA, topic) };
}

/** The submessages the server holds for a message, as another user fetches them. */
async function onServer(id: number): Promise<unknown[]> {
  const answer = await hamlet().call('GET', '/messages', { anchor: id, num_before: 0, num_after: 0, narrow: [] });
  const [message] = Array.isArray(answer.messages) ? answer.messages : [];
  const submessages: unknown = message?.submessages;
  return Array.isArray(submessages) ? submessages.slice(1).map((s: { content: string }) => JSON.parse(s.content)) : [];
}

beforeAll(async () => {
  app = await openApp('widgets');
  await signIn(app, account('iago@zulip.com'));
});
afterAll(() => app.close());

describe('widgets against a real server', () => {
  it('renames a list it started, as its author, and the server keeps the change', async () => {
    const topic = marker('widget');
    const conversation = channelTopicConversation(VERONA, topic);
    await app.call('messages.send', { conversation, content: '/todo\nPack' });
    const sent = async () => (await app.call('messages.page', { conversation, cached: true, limit: 5 })).messages[0]?.message;
    await until(async () => (await sent())?.submessages.length === 1, 'the sent list with its widget');
    const id = (await sent())?.id ?? 0;
    const list = async () => {
      const widget = await widgetIn(conversation, id);
      return widget?.widget_type === 'todo' ? widget.todo : null;
    };
    expect(await list()).toMatchObject({ title: 'Task list', tasks: [{ task: 'Pack', desc: '', completed: false }] });
    await app.call('widgets.setTitle', { message_id: id, title: 'Holiday' });
    await until(async () => (await list())?.title === 'Holiday', 'the new title back from the server');
    expect(await onServer(id)).toEqual([{ type: 'new_task_list_title', title: 'Holiday' }]);
  });

  it('shows a poll another user started, votes, takes the vote back, adds an option, and sees their vote', async () => {
    const { id, conversation } = await hamletStarts('/poll What for lunch?\nPizza\n- Sushi');
    const poll = async () => {
      const widget = await widgetIn(conversation, id);
      return widget?.widget_type === 'poll' ? widget.poll : null;
    };
    await until(async () => (await poll())?.options.length === 2, 'the poll in the mirror');
    expect(await poll()).toEqual({
      author_id: hamletId(),
      question: 'What for lunch?',
      options: [
        { key: 'canned,0', option: 'Pizza', voters: [] },
        { key: 'canned,1', option: 'Sushi', voters: [] },
      ],
    });

    await app.call('widgets.vote', { message_id: id, key: 'canned,1' });
    await until(async () => (await poll())?.options[1]?.voters.includes(iagoId()) === true, 'the vote back from the server');
    await app.call('widgets.vote', { message_id: id, key: 'canned,1' });
    await until(async () => (await poll())?.options[1]?.voters.length === 0, 'the vote taken back');
    await app.call('widgets.addOption', { message_id: id, option: 'Tacos' });
    await until(async () => (await poll())?.options.some((o) => o.option === 'Tacos') === true, 'the new option');
    expect(await onServer(id)).toEqual([
      { type: 'vote', key: 'canned,1', vote: 1 },
      { type: 'vote', key: 'canned,1', vote: -1 },
      { type: 'new_option', idx: 1, option: 'Tacos' },
    ]);
    await expect(app.call('widgets.addOption', { message_id: id, option: 'Pizza' })).rejects.toThrow('This option is already in the poll.');
    await expect(app.call('widgets.setQuestion', { message_id: id, question: 'Dinner?' })).rejects.toThrow("Only the poll's author can change its question.");

    const tacos = `${iagoId()},1`;
    await hamlet().call('POST', '/submessage', { message_id: id, msg_type: 'widget', content: JSON.stringify({ type: 'vote', key: tacos, vote: 1 }) });
    await until(async () => (await poll())?.options.find((o) => o.key === tacos)?.voters.includes(hamletId()) === true, "Hamlet's vote in the app");
  });

  it('shows a todo list, strikes a task for everyone and adds one', async () => {
    const { id, conversation } = await hamletStarts('/todo Errands\nBuy milk: from the shop\nCall mum');
    const list = async () => {
      const widget = await widgetIn(conversation, id);
      return widget?.widget_type === 'todo' ? widget.todo : null;
    };
    await until(async () => (await list())?.tasks.length === 2, 'the list in the mirror');
    expect((await list())?.tasks[0]).toEqual({ key: '0,canned', task: 'Buy milk', desc: 'from the shop', completed: false });

    await app.call('widgets.strike', { message_id: id, key: '0,canned' });
    await until(async () => (await list())?.tasks[0]?.completed === true, 'the task struck');
    await app.call('widgets.addTask', { message_id: id, task: 'Post the letter', desc: 'before noon' });
    await until(async () => (await list())?.tasks.length === 3, 'the new task');
    await expect(app.call('widgets.setTitle', { message_id: id, title: 'Mine now' })).rejects.toThrow("Only the list's author can rename it.");
    expect(await onServer(id)).toEqual([
      { type: 'strike', key: '0,canned' },
      { type: 'new_task', key: 1, task: 'Post the letter', desc: 'before noon', completed: false },
    ]);
  });
});
