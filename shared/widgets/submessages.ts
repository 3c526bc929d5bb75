// A message's widget, as the family's clients read it from the message's submessages: the first
// one (by id) names the widget and its starting data, each later one is an event on it, applied in
// id order. Both the views (to show it) and main (to turn a click into the event to send) read it.
import { z } from 'zod';
import type { Submessage } from '../api/records';
import { pollOf, type Poll } from './poll';
import { todoOf, type TodoList } from './todo';

/** What of a submessage its widget is read from. */
export type WidgetSubmessage = Pick<Submessage, 'id' | 'msg_type' | 'content' | 'sender_id'>;

export const widgetSubmessageSchema = z.looseObject({ id: z.number(), msg_type: z.string(), content: z.string(), sender_id: z.number() });

export type Widget = { widget_type: 'poll'; poll: Poll } | { widget_type: 'todo'; todo: TodoList };

/** One event on a widget: who sent it and its data (an object with a `type`; each widget checks the rest). */
export interface WidgetEvent {
  sender_id: number;
  data: { type: string } & Record<string, unknown>;
}

const WIDGET_MSG_TYPE = 'widget';

const widgetStart = z.object({
  widget_type: z.enum(['poll', 'todo']),
  extra_data: z.unknown(),
});

const eventData = z.looseObject({ type: z.string() });

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The message's widget, or null where it has none or its first submessage is not one this app
 * shows (the family's clients then show the message's text, as this app does).
 */
export function widgetOf(message: { sender_id: number; submessages: readonly WidgetSubmessage[] }): Widget | null {
  const submessages = message.submessages.filter((s) => s.msg_type === WIDGET_MSG_TYPE).sort((a, b) => a.id - b.id);
  const first = submessages[0];
  if (first === undefined) return null;
  const start = widgetStart.safeParse(parsedJson(first.content));
  if (!start.success) return null;
  const events: WidgetEvent[] = [];
  for (const submessage of submessages.slice(1)) {
    const data = eventData.safeParse(parsedJson(submessage.content));
    // Another client's malformed event is skipped, as the family's clients skip it.
    if (data.success) events.push({ sender_id: submessage.sender_id, data: data.data });
  }
  const { widget_type, extra_data } = start.data;
  if (widget_type === 'poll') {
    const poll = pollOf(message.sender_id, extra_data, events);
    return poll && { widget_type, poll };
  }
  const todo = todoOf(message.sender_id, extra_data, events);
  return todo && { widget_type, todo };
}
