// A todo list (`/todo Title` then one "task: description" per line), folded from its events as the
// family's clients fold them: tasks keyed "i,canned" (from the message) or "<idx>,<sender>" (added
// later), each strike toggling a task, the title changed only by the list's author.
import { z } from 'zod';
import type { WidgetEvent } from './submessages';

export interface TodoTask {
  key: string;
  task: string;
  desc: string;
  completed: boolean;
}

export interface TodoList {
  author_id: number;
  title: string;
  tasks: TodoTask[];
}

/** What the family's clients call a list given no title. */
export const UNTITLED_TODO = 'Task list';
const MAX_IDX = 1000;

const extraData = z.object({
  task_list_title: z.string().default(''),
  tasks: z.array(z.object({ task: z.string(), desc: z.string().default('') })).default([]),
});
const newTask = z.object({ key: z.number().int().min(0).max(MAX_IDX), task: z.string(), desc: z.string(), completed: z.boolean() });
const strike = z.object({ key: z.string() });
const newTitle = z.object({ title: z.string() });

function addTask(tasks: Map<string, TodoTask>, added: TodoTask): void {
  // A task named twice keeps its first entry, as the family's clients keep it.
  if ([...tasks.values()].some((existing) => existing.task === added.task)) return;
  tasks.set(added.key, added);
}

/** The list after its events, or null where its starting data is not a todo list's. */
export function todoOf(author_id: number, extra_data: unknown, events: readonly WidgetEvent[]): TodoList | null {
  const start = extraData.safeParse(extra_data ?? {});
  if (!start.success) return null;
  let title = start.data.task_list_title;
  const tasks = new Map<string, TodoTask>();
  start.data.tasks.forEach(({ task, desc }, i) => addTask(tasks, { key: `${i},canned`, task, desc, completed: false }));
  for (const { sender_id, data } of events) {
    if (data.type === 'new_task') {
      const parsed = newTask.safeParse(data);
      if (parsed.success) addTask(tasks, { key: `${parsed.data.key},${sender_id}`, task: parsed.data.task, desc: parsed.data.desc, completed: parsed.data.completed });
    } else if (data.type === 'strike') {
      const parsed = strike.safeParse(data);
      const task = parsed.success ? tasks.get(parsed.data.key) : undefined;
      if (task) task.completed = !task.completed;
    } else if (data.type === 'new_task_list_title') {
      const parsed = newTitle.safeParse(data);
      if (parsed.success && sender_id === author_id) title = parsed.data.title;
    }
  }
  return { author_id, title: title || UNTITLED_TODO, tasks: [...tasks.values()] };
}

/** The event that adds a task, numbered after the tasks this person added before; null where one of that name is there. */
export function todoNewTask(list: TodoList, task: string, desc: string, me: number): { type: 'new_task'; key: number; task: string; desc: string; completed: false } | null {
  if (list.tasks.some((existing) => existing.task === task)) return null;
  const mine = list.tasks.map((existing) => existing.key.split(',')).filter(([, sender]) => sender === String(me));
  const key = Math.max(0, ...mine.map(([n]) => Number(n))) + 1;
  return { type: 'new_task', key, task, desc, completed: false };
}

/** The event a click on a task sends: it toggles the task for everyone. */
export function todoStrike(list: TodoList, key: string): { type: 'strike'; key: string } | null {
  return list.tasks.some((task) => task.key === key) ? { type: 'strike', key } : null;
}

/** The event that renames the list; only its author may send one. */
export function todoTitle(list: TodoList, title: string, me: number): { type: 'new_task_list_title'; title: string } | null {
  return list.author_id === me ? { type: 'new_task_list_title', title } : null;
}
