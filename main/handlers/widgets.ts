// A message's widget: a click becomes the submessage the family's clients would send for it, read
// against the widget as the mirror holds it now; the server's submessage event then files it.
import type { Message } from '../../shared/api/records';
import { pollNewOption, pollQuestion, pollVote, type Poll } from '../../shared/widgets/poll';
import { widgetOf } from '../../shared/widgets/submessages';
import { todoNewTask, todoStrike, todoTitle, type TodoList } from '../../shared/widgets/todo';
import type { AccountSession } from '../app/session';
import { UserFacingError } from '../app/user-facing-error';
import { getMessage } from '../store/messages';
import type { CoreContext } from './context';
import type { AreaHandlers } from './dispatch';

type WidgetChannel = 'widgets.vote' | 'widgets.addOption' | 'widgets.setQuestion' | 'widgets.strike' | 'widgets.addTask' | 'widgets.setTitle';

const GONE = 'This message is no longer here.';

function widgetMessage(context: CoreContext, message_id: number, doing: string): { session: AccountSession; message: Message } {
  const session = context.activeSession();
  session.requireOnline(doing);
  const message = getMessage(session.db, message_id)?.message;
  if (message === undefined) throw new UserFacingError('NOT_FOUND', GONE);
  return { session, message };
}

function pollIn(message: Message): Poll {
  const widget = widgetOf(message);
  if (widget?.widget_type !== 'poll') throw new UserFacingError('BAD_REQUEST', 'This message has no poll.');
  return widget.poll;
}

function todoIn(message: Message): TodoList {
  const widget = widgetOf(message);
  if (widget?.widget_type !== 'todo') throw new UserFacingError('BAD_REQUEST', 'This message has no task list.');
  return widget.todo;
}

async function send(session: AccountSession, message_id: number, event: object): Promise<null> {
  await session.client.call('sendSubmessage', { message_id, msg_type: 'widget', content: JSON.stringify(event) });
  return null;
}

export function widgetHandlers(context: CoreContext): AreaHandlers<WidgetChannel> {
  return {
    'widgets.vote': async ({ message_id, key }) => {
      const { session, message } = widgetMessage(context, message_id, 'Voting');
      const vote = pollVote(pollIn(message), key, session.account.user_id);
      if (vote === null) throw new UserFacingError('BAD_REQUEST', 'This poll has no such option.');
      return send(session, message_id, vote);
    },
    'widgets.addOption': async ({ message_id, option }) => {
      const { session, message } = widgetMessage(context, message_id, 'Adding an option');
      const added = pollNewOption(pollIn(message), option, session.account.user_id);
      if (added === null) throw new UserFacingError('BAD_REQUEST', 'This option is already in the poll.');
      return send(session, message_id, added);
    },
    'widgets.setQuestion': async ({ message_id, question }) => {
      const { session, message } = widgetMessage(context, message_id, 'Changing the question');
      const changed = pollQuestion(pollIn(message), question, session.account.user_id);
      if (changed === null) throw new UserFacingError('FORBIDDEN', "Only the poll's author can change its question.");
      return send(session, message_id, changed);
    },
    'widgets.strike': async ({ message_id, key }) => {
      const { session, message } = widgetMessage(context, message_id, 'Marking a task');
      const strike = todoStrike(todoIn(message), key);
      if (strike === null) throw new UserFacingError('BAD_REQUEST', 'This list has no such task.');
      return send(session, message_id, strike);
    },
    'widgets.addTask': async ({ message_id, task, desc }) => {
      const { session, message } = widgetMessage(context, message_id, 'Adding a task');
      const added = todoNewTask(todoIn(message), task, desc, session.account.user_id);
      if (added === null) throw new UserFacingError('BAD_REQUEST', 'Task already exists.');
      return send(session, message_id, added);
    },
    'widgets.setTitle': async ({ message_id, title }) => {
      const { session, message } = widgetMessage(context, message_id, 'Renaming the list');
      const changed = todoTitle(todoIn(message), title, session.account.user_id);
      if (changed === null) throw new UserFacingError('FORBIDDEN', "Only the list's author can rename it.");
      return send(session, message_id, changed);
    },
  };
}
