// A message's widget (a poll or a todo list, started by "/poll" or "/todo"): votes, options and
// tasks go to the server as submessages and show once its submessage event has filed them, so
// every client folds the same events in the same order. Each needs the connection: a vote or a
// strike is a toggle of what the list shows now, which a replay later could turn the wrong way.
import { z } from 'zod';
import { channel, id } from './define';

/** Long enough for a sentence; the family's clients set no limit of their own. */
const WIDGET_TEXT_LIMIT = 1000;
const text = z.string().trim().min(1).max(WIDGET_TEXT_LIMIT);
const key = z.string().min(1).max(100);

export const widgetChannels = {
  /** Votes for the poll's option, or takes the vote back where the user had voted for it. */
  'widgets.vote': channel<null>()(z.object({ message_id: id, key })),
  'widgets.addOption': channel<null>()(z.object({ message_id: id, option: text })),
  /** The poll's author only, as the family's clients allow. */
  'widgets.setQuestion': channel<null>()(z.object({ message_id: id, question: text })),
  /** Marks the task done, or not done again, for everyone. */
  'widgets.strike': channel<null>()(z.object({ message_id: id, key })),
  'widgets.addTask': channel<null>()(z.object({ message_id: id, task: text, desc: z.string().trim().max(WIDGET_TEXT_LIMIT) })),
  /** The list's author only, as the family's clients allow. */
  'widgets.setTitle': channel<null>()(z.object({ message_id: id, title: text })),
} as const;
