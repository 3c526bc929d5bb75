// Polls and todo lists folded from a message's submessages as the family's clients fold them, with
// the submessages a real server stored (see test/real for the same against one).
import { describe, expect, it } from 'vitest';
import type { Submessage } from '../../../shared/api/records';
import { pollNewOption, pollQuestion, pollVote } from '../../../shared/widgets/poll';
import { widgetOf } from '../../../shared/widgets/submessages';
import { todoNewTask, todoStrike, todoTitle, UNTITLED_TODO } from '../../../shared/widgets/todo';

const AUTHOR = 11;
const OTHER = 10;
let nextId = 1;

function sub(sender_id: number, content: unknown): Submessage {
  return { id: nextId++, message_id: 185, sender_id, msg_type: 'widget', content: typeof content === 'string' ? content : JSON.stringify(content) };
}

// As a real server stored "/poll What for lunch?\nPizza\nSushi" (Python's separators).
// The widget's own submessage comes first on the server: id 0 here, below every later one.
const pollStart = (): Submessage => ({ ...sub(AUTHOR, '{"widget_type": "poll", "extra_data": {"question": "What for lunch?", "options": ["Pizza", "Sushi"]}}'), id: 0 });
const todoStart = (): Submessage => ({
  ...sub(AUTHOR, '{"widget_type": "todo", "extra_data": {"task_list_title": "Errands", "tasks": [{"task": "Buy milk", "desc": "from the shop"}, {"task": "Call mum", "desc": ""}]}}'),
  id: 0,
});

function poll(...later: Submessage[]) {
  const widget = widgetOf({ sender_id: AUTHOR, submessages: [pollStart(), ...later] });
  if (widget?.widget_type !== 'poll') throw new Error('not a poll');
  return widget.poll;
}

function todo(...later: Submessage[]) {
  const widget = widgetOf({ sender_id: AUTHOR, submessages: [todoStart(), ...later] });
  if (widget?.widget_type !== 'todo') throw new Error('not a todo list');
  return widget.todo;
}

describe('a poll', () => {
  it('shows the question and options the message started it with, no votes yet', () => {
    expect(poll()).toEqual({
      author_id: AUTHOR,
      question: 'What for lunch?',
      options: [
        { key: 'canned,0', option: 'Pizza', voters: [] },
        { key: 'canned,1', option: 'Sushi', voters: [] },
      ],
    });
  });

  it('counts each person once per option, and a vote taken back is gone', () => {
    const state = poll(
      sub(AUTHOR, { type: 'vote', key: 'canned,0', vote: 1 }),
      sub(OTHER, { type: 'vote', key: 'canned,0', vote: 1 }),
      sub(OTHER, { type: 'vote', key: 'canned,0', vote: 1 }),
      sub(OTHER, { type: 'vote', key: 'canned,1', vote: 1 }),
      sub(AUTHOR, { type: 'vote', key: 'canned,0', vote: -1 }),
    );
    expect(state.options.map((o) => o.voters)).toEqual([[OTHER], [OTHER]]);
  });

  it('applies submessages in id order, whatever order they are listed in', () => {
    const vote = sub(OTHER, { type: 'vote', key: 'canned,0', vote: 1 });
    const unvote = sub(OTHER, { type: 'vote', key: 'canned,0', vote: -1 });
    const widget = widgetOf({ sender_id: AUTHOR, submessages: [unvote, vote, pollStart()].map((s, i) => ({ ...s, id: [3, 2, 1][i]! })) });
    expect(widget?.widget_type === 'poll' && widget.poll.options[0]!.voters).toEqual([]);
  });

  it('takes options added later (not twice), and the question only from its author', () => {
    const state = poll(
      sub(OTHER, { type: 'new_option', idx: 1, option: 'Tacos' }),
      sub(AUTHOR, { type: 'new_option', idx: 1, option: 'Pizza' }),
      sub(OTHER, { type: 'vote', key: '10,1', vote: 1 }),
      sub(AUTHOR, { type: 'question', question: 'Lunch today?' }),
      sub(OTHER, { type: 'question', question: 'Hijacked' }),
    );
    expect(state.question).toBe('Lunch today?');
    expect(state.options.map((o) => [o.key, o.option, o.voters])).toEqual([
      ['canned,0', 'Pizza', []],
      ['canned,1', 'Sushi', []],
      ['10,1', 'Tacos', [OTHER]],
    ]);
  });

  it('skips what it cannot read: bad JSON, an unknown key, a vote of 2', () => {
    const state = poll(sub(OTHER, 'not json'), sub(OTHER, { type: 'vote', key: 'canned,9', vote: 1 }), sub(OTHER, { type: 'vote', key: 'canned,0', vote: 2 }));
    expect(state.options.every((o) => o.voters.length === 0)).toBe(true);
  });

  it('turns a click into the vote, or the vote taken back, and numbers an added option after the person’s own', () => {
    const state = poll(sub(OTHER, { type: 'vote', key: 'canned,1', vote: 1 }), sub(OTHER, { type: 'new_option', idx: 4, option: 'Soup' }));
    expect(pollVote(state, 'canned,0', OTHER)).toEqual({ type: 'vote', key: 'canned,0', vote: 1 });
    expect(pollVote(state, 'canned,1', OTHER)).toEqual({ type: 'vote', key: 'canned,1', vote: -1 });
    expect(pollVote(state, 'canned,7', OTHER)).toBeNull();
    expect(pollNewOption(state, 'Salad', OTHER)).toEqual({ type: 'new_option', idx: 5, option: 'Salad' });
    expect(pollNewOption(state, 'Salad', AUTHOR)).toEqual({ type: 'new_option', idx: 1, option: 'Salad' });
    expect(pollNewOption(state, 'Soup', AUTHOR)).toBeNull();
    expect(pollQuestion(state, 'Dinner?', AUTHOR)).toEqual({ type: 'question', question: 'Dinner?' });
    expect(pollQuestion(state, 'Dinner?', OTHER)).toBeNull();
  });
});

describe('a todo list', () => {
  it('shows its title and tasks, none done; an untitled list gets the family’s name for it', () => {
    expect(todo()).toEqual({
      author_id: AUTHOR,
      title: 'Errands',
      tasks: [
        { key: '0,canned', task: 'Buy milk', desc: 'from the shop', completed: false },
        { key: '1,canned', task: 'Call mum', desc: '', completed: false },
      ],
    });
    const untitled = widgetOf({ sender_id: AUTHOR, submessages: [sub(AUTHOR, { widget_type: 'todo', extra_data: { task_list_title: '', tasks: [] } })] });
    expect(untitled?.widget_type === 'todo' && untitled.todo.title).toBe(UNTITLED_TODO);
  });

  it('toggles a task on each strike, by anyone; takes new tasks and the author’s new title', () => {
    const state = todo(
      sub(OTHER, { type: 'strike', key: '0,canned' }),
      sub(AUTHOR, { type: 'strike', key: '1,canned' }),
      sub(AUTHOR, { type: 'strike', key: '1,canned' }),
      sub(OTHER, { type: 'new_task', key: 2, task: 'Post', desc: 'the letter', completed: false }),
      sub(OTHER, { type: 'new_task', key: 3, task: 'Buy milk', desc: '', completed: false }),
      sub(AUTHOR, { type: 'new_task_list_title', title: 'Saturday' }),
      sub(OTHER, { type: 'new_task_list_title', title: 'Not yours' }),
    );
    expect(state.title).toBe('Saturday');
    expect(state.tasks.map((t) => [t.key, t.task, t.completed])).toEqual([
      ['0,canned', 'Buy milk', true],
      ['1,canned', 'Call mum', false],
      ['2,10', 'Post', false],
    ]);
    expect(todoStrike(state, '2,10')).toEqual({ type: 'strike', key: '2,10' });
    expect(todoStrike(state, '9,10')).toBeNull();
    expect(todoNewTask(state, 'Cook', '', OTHER)).toEqual({ type: 'new_task', key: 3, task: 'Cook', desc: '', completed: false });
    expect(todoNewTask(state, 'Post', '', AUTHOR)).toBeNull();
    expect(todoTitle(state, 'Sunday', AUTHOR)).toEqual({ type: 'new_task_list_title', title: 'Sunday' });
    expect(todoTitle(state, 'Sunday', OTHER)).toBeNull();
  });
});

describe('a message without a widget this app reads', () => {
  it('has none: no submessages, another msg_type, an unknown widget type', () => {
    expect(widgetOf({ sender_id: AUTHOR, submessages: [] })).toBeNull();
    expect(widgetOf({ sender_id: AUTHOR, submessages: [{ ...pollStart(), msg_type: 'other' }] })).toBeNull();
    expect(widgetOf({ sender_id: AUTHOR, submessages: [sub(AUTHOR, { widget_type: 'zform', extra_data: {} })] })).toBeNull();
  });
});
