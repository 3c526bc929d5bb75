// A widget in one line, where a message is previewed rather than shown (the Inbox, a desktop
// notification): its text is the command that made it (`/poll Lunch? Pizza Sushi`), which reads as
// noise; what it asks or lists says what it is.
import type { Widget } from './submessages';
import { UNTITLED_TODO } from './todo';

export function widgetSummary(widget: Widget): string {
  if (widget.widget_type === 'poll') return widget.poll.question ? `Poll: ${widget.poll.question}` : 'Poll';
  return widget.todo.title === UNTITLED_TODO ? UNTITLED_TODO : `${UNTITLED_TODO}: ${widget.todo.title}`;
}
