// Drafts: read, written as the user types (debounced by the renderer), listed, deleted.
import { parseConversation } from '../../shared/conversation';
import { conversationTitle } from '../../shared/conversation-title';
import type { DraftView } from '../../shared/ipc';
import type { AccountSession } from '../app/session';
import { mirrorNames } from '../store/conversations';
import { deleteDraft, getDraft, listDrafts, saveDraft } from '../store/drafts';
import type { CoreContext } from './context';
import type { AreaHandlers } from './dispatch';

function draftTitle(session: AccountSession, conversation: string): string {
  const target = parseConversation(conversation);
  return target ? conversationTitle(target, session.account.user_id, mirrorNames(session.db)) : conversation;
}

export function draftHandlers(context: CoreContext): AreaHandlers<'drafts.get' | 'drafts.save' | 'drafts.list' | 'drafts.delete'> {
  return {
    'drafts.get': ({ conversation }) => getDraft(context.activeSession().db, conversation.key) ?? null,
    'drafts.save': ({ conversation, content }) => {
      context.activeSession().write((db, changes) => saveDraft(db, conversation.key, content, changes));
      return null;
    },
    'drafts.list': (): DraftView[] => {
      const session = context.activeSession();
      return listDrafts(session.db).map((draft) => ({ ...draft, title: draftTitle(session, draft.conversation) }));
    },
    'drafts.delete': ({ conversation }) => {
      context.activeSession().write((db, changes) => deleteDraft(db, conversation.key, changes));
      return null;
    },
  };
}
