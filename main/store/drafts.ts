// A draft per conversation, written as the user types so it survives a restart and a crash.
import { z } from 'zod';
import type { ConversationKey } from '../../shared/conversation';
import type { ChangeSink } from './changes';
import type { MirrorDatabase, ReadOnlyMirror } from './database';
import { reader, writer } from './statements';

const draftRow = z.object({ conversation: z.string(), content: z.string(), updated_at: z.number() });
export type Draft = z.infer<typeof draftRow>;

export function getDraft(db: ReadOnlyMirror, conversation: ConversationKey): Omit<Draft, 'conversation'> | undefined {
  return reader(db, 'SELECT content, updated_at FROM drafts WHERE conversation = ?', draftRow.omit({ conversation: true })).get(conversation);
}

/** Empty content deletes the draft: an emptied compose box leaves nothing to restore. */
export function saveDraft(db: MirrorDatabase, conversation: ConversationKey, content: string, changes: ChangeSink, now: number = Date.now()): void {
  if (content === '') {
    deleteDraft(db, conversation, changes);
    return;
  }
  writer(
    db,
    `INSERT INTO drafts (conversation, content, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (conversation) DO UPDATE SET content = excluded.content, updated_at = excluded.updated_at`,
  ).run(conversation, content, now);
  changes.add('drafts', conversation);
}

export function deleteDraft(db: MirrorDatabase, conversation: ConversationKey, changes: ChangeSink): void {
  if (writer(db, 'DELETE FROM drafts WHERE conversation = ?').run(conversation).changes > 0) changes.add('drafts', conversation);
}

/** Newest first. */
export function listDrafts(db: ReadOnlyMirror): Draft[] {
  return reader(db, 'SELECT conversation, content, updated_at FROM drafts ORDER BY updated_at DESC, conversation', draftRow).all();
}
