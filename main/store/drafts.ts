// A draft per conversation, written as the user types so it survives a restart and a crash.
import { z } from 'zod';
import type { ConversationKey } from '../../shared/conversation';
import { stagedIdsIn } from '../../shared/staged-links';
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

/** How much of a draft its listing carries: a line of the Drafts view, not the text (up to 100,000 characters). */
export const DRAFT_PREVIEW_CHARACTERS = 200;

const draftPreviewRow = z.object({ conversation: z.string(), preview: z.string(), updated_at: z.number() });
export type DraftPreview = z.infer<typeof draftPreviewRow>;

/** Newest first, each with the start of its text; getDraft reads the whole of one. */
export function listDrafts(db: ReadOnlyMirror): DraftPreview[] {
  return reader(
    db,
    `SELECT conversation, substr(content, 1, ${DRAFT_PREVIEW_CHARACTERS}) AS preview, updated_at FROM drafts ORDER BY updated_at DESC, conversation`,
    draftPreviewRow,
  ).all();
}

const contentRow = z.object({ content: z.string() });

/** The staged files the drafts' texts name (their placeholders, shared/staged-links.ts): kept while a draft may be sent. */
export function stagedIdsInDrafts(db: ReadOnlyMirror): Set<string> {
  const rows = reader(db, "SELECT content FROM drafts WHERE instr(content, '](staged:') > 0", contentRow).all();
  return new Set(rows.flatMap((row) => stagedIdsIn(row.content)));
}
