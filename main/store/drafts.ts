// A draft per conversation, written as the user types so it survives a restart and a crash.
import { z } from 'zod';
import type { MirrorDatabase } from './database';
import { reader, writer } from './statements';

const draftRow = z.object({ conversation: z.string(), content: z.string(), updated_at: z.number() });
export type Draft = z.infer<typeof draftRow>;

export function getDraft(db: MirrorDatabase, conversation: string): Omit<Draft, 'conversation'> | undefined {
  return reader(db, 'SELECT content, updated_at FROM drafts WHERE conversation = ?', draftRow.omit({ conversation: true })).get(conversation);
}

/** Empty content deletes the draft: an emptied compose box leaves nothing to restore. */
export function saveDraft(db: MirrorDatabase, conversation: string, content: string, now: number = Date.now()): void {
  if (content === '') {
    deleteDraft(db, conversation);
    return;
  }
  writer(
    db,
    `INSERT INTO drafts (conversation, content, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (conversation) DO UPDATE SET content = excluded.content, updated_at = excluded.updated_at`,
  ).run(conversation, content, now);
}

export function deleteDraft(db: MirrorDatabase, conversation: string): void {
  writer(db, 'DELETE FROM drafts WHERE conversation = ?').run(conversation);
}

/** Newest first. */
export function listDrafts(db: MirrorDatabase): Draft[] {
  return reader(db, 'SELECT conversation, content, updated_at FROM drafts ORDER BY updated_at DESC, conversation', draftRow).all();
}
