// Drafts: read, written as the user types (debounced by the renderer), listed, deleted.
import type { DraftView } from '../../shared/ipc';
import type { AccountSession } from '../app/session';
import { channelsTable } from '../store/channels';
import { deleteDraft, getDraft, listDrafts, saveDraft } from '../store/drafts';
import { getRecord } from '../store/keyed-table';
import { userName } from '../store/users';
import type { CoreContext } from './context';
import { conversationTarget } from '../app/conversation-target';
import type { AreaHandlers } from './dispatch';

/** `#channel › topic`, or the names of the others in a direct conversation (oneself when alone). */
function draftTitle(session: AccountSession, conversation: string): string {
  const target = conversationTarget(conversation);
  if (target.kind === 'channel') {
    const name = getRecord(session.db, channelsTable, target.stream_id)?.name ?? `channel ${target.stream_id}`;
    return `#${name} › ${target.topic || '(no topic)'}`;
  }
  const others = target.user_ids.filter((id) => id !== session.account.user_id);
  return (others.length > 0 ? others : target.user_ids).map((id) => userName(session.db, id)).join(', ');
}

export function draftHandlers(context: CoreContext): AreaHandlers<'drafts.get' | 'drafts.save' | 'drafts.list' | 'drafts.delete'> {
  return {
    'drafts.get': ({ conversation }) => getDraft(context.activeSession().db, conversation) ?? null,
    'drafts.save': ({ conversation, content }) => {
      context.activeSession().write((db, changes) => saveDraft(db, conversation, content, changes));
      return null;
    },
    'drafts.list': (): DraftView[] => {
      const session = context.activeSession();
      return listDrafts(session.db).map((draft) => ({ ...draft, title: draftTitle(session, draft.conversation) }));
    },
    'drafts.delete': ({ conversation }) => {
      context.activeSession().write((db, changes) => deleteDraft(db, conversation, changes));
      return null;
    },
  };
}
