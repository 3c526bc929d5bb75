// A widget in one line, where a message is previewed rather than shown (the Inbox, a desktop
// notification, a search result): its text is the command that made it (`/poll Lunch? Pizza
// Sushi`), which reads as noise; what it asks or lists says what it is.
import { widgetOf, type Widget, type WidgetSubmessage } from './submessages';
import { UNTITLED_TODO } from './todo';

/** The one line of the message's widget; null where it has none (its text previews it). */
export function widgetSummaryOf(message: { sender_id: number; submessages: readonly WidgetSubmessage[] }): string | null {
  const widget = widgetOf(message);
  return widget ? summary(widget) : null;
}

function summary(widget: Widget): string {
  if (widget.widget_type === 'poll') return widget.poll.question ? `Poll: ${widget.poll.question}` : 'Poll';
  return widget.todo.title === UNTITLED_TODO ? UNTITLED_TODO : `${UNTITLED_TODO}: ${widget.todo.title}`;
}
