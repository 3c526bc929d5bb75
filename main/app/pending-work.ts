// What signing out of an account would delete that the server does not have: messages not sent
// yet, drafts, files staged for sending, other actions waiting for the connection. Read from the
// active session's mirror, or from another account's file through a read-only handle; a file that
// cannot be read (a damaged mirror) says so instead.
import { parseConversation } from '../../shared/conversation';
import { conversationTitle } from '../../shared/conversation-title';
import type { PendingItem, PendingWork } from '../../shared/local-data';
import { conversationOfRecordKey } from '../../shared/outbox-records';
import { stagedFiles } from '../files/staging-area';
import { mirrorNames } from '../store/conversations';
import { openMirrorToRead, type ReadOnlyMirror } from '../store/database';
import { listDrafts } from '../store/drafts';
import { outboxItems } from '../store/outbox';

/** How much of a message or draft names it in the confirmation. */
const PREVIEW_CHARACTERS = 80;

/** What waits for `user_id`'s account: in `db` when its session is open, else read from `mirrorPath`; staged files from `stagingDir`. */
export function pendingWork(user_id: number, source: { db: ReadOnlyMirror } | { mirrorPath: string }, stagingDir: string): PendingWork {
  const uploads = stagedFiles(stagingDir)
    .filter((file) => file.uploaded === null)
    .map((file) => ({ title: file.name, preview: '' }));
  if ('db' in source) return { ...fromMirror(source.db, user_id), uploads, unreadable: null };
  let db: ReadOnlyMirror | null = null;
  try {
    db = openMirrorToRead(source.mirrorPath);
    return { ...(db ? fromMirror(db, user_id) : { messages: [], drafts: [], actions: 0 }), uploads, unreadable: null };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { messages: [], drafts: [], actions: 0, uploads, unreadable: `What waits in ${source.mirrorPath} cannot be read (${reason}).` };
  } finally {
    db?.close();
  }
}

function fromMirror(db: ReadOnlyMirror, user_id: number): Pick<PendingWork, 'messages' | 'drafts' | 'actions'> {
  const names = mirrorNames(db);
  const title = (conversation: string | undefined): string => {
    const target = conversation === undefined ? undefined : parseConversation(conversation);
    return target ? conversationTitle(target, user_id, names) : (conversation ?? '');
  };
  const items = outboxItems(db).filter((item) => !(item.kind === 'sendMessage' && item.sent_message_id !== null));
  const messages = items.filter((item) => item.kind === 'sendMessage');
  return {
    messages: messages.map((item): PendingItem => {
      const content = item.payload['content'];
      return { title: title(conversationOfRecordKey(item.record_key)), preview: preview(typeof content === 'string' ? content : '') };
    }),
    drafts: listDrafts(db).map((draft) => ({ title: title(draft.conversation), preview: preview(draft.preview) })),
    actions: items.length - messages.length,
  };
}

function preview(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_CHARACTERS ? `${line.slice(0, PREVIEW_CHARACTERS - 1)}…` : line;
}
