// A draft per conversation, written as the user types so it survives a restart and a crash; on
// servers of the family, also kept by the server (its `/drafts`), so that the user's other devices
// show it and this one shows theirs. Here a conversation has one draft: the server's other copies
// of the same conversation stay on the server, untouched.
import { z } from 'zod';
import { draftConversation, serverDraftText, type ServerDraft } from '../../shared/api/drafts';
import { channelTopicConversation, type ConversationKey } from '../../shared/conversation';
import { stagedIdsIn } from '../../shared/staged-links';
import type { ChangeSink } from './changes';
import type { MirrorDatabase, ReadOnlyMirror } from './database';
import type { EventHandlers } from './event-handlers';
import { ownUserIdOf } from './realm';
import { reader, writer } from './statements';

const serverSide = z.object({ server_id: z.number().int().nullable(), server_content: z.string().nullable() });
const linkedRow = serverSide.extend({ conversation: z.string(), content: z.string() });
type LinkedRow = z.infer<typeof linkedRow>;
const serverIdRow = z.object({ server_id: z.number() });
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

/** Sent or deleted here: its server copy goes too, and one still being created once the server names it. */
export function deleteDraft(db: MirrorDatabase, conversation: ConversationKey, changes: ChangeSink): void {
  const row = reader(db, 'SELECT server_id, server_content FROM drafts WHERE conversation = ?', serverSide).get(conversation);
  if (!row) return;
  writer(db, 'DELETE FROM drafts WHERE conversation = ?').run(conversation);
  changes.add('drafts', conversation);
  if (row.server_id !== null) writer(db, 'INSERT OR IGNORE INTO draft_removals (server_id) VALUES (?)').run(row.server_id);
  else if (row.server_content !== null) writer(db, 'INSERT INTO draft_removals (conversation, content) VALUES (?, ?)').run(conversation, row.server_content);
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


const linkedRowWhere = (db: ReadOnlyMirror, column: 'conversation' | 'server_id', value: string | number): LinkedRow | undefined =>
  reader(db, `SELECT conversation, content, server_id, server_content FROM drafts WHERE ${column} = ?`, linkedRow).get(value);
const rowFor = (db: ReadOnlyMirror, conversation: ConversationKey) => linkedRowWhere(db, 'conversation', conversation);
const rowOfCopy = (db: ReadOnlyMirror, server_id: number) => linkedRowWhere(db, 'server_id', server_id);

/** The draft names the server copy holding this text. */
const link = (db: MirrorDatabase, conversation: ConversationKey, server_id: number, content: string): void =>
  void writer(db, 'UPDATE drafts SET server_id = ?, server_content = ? WHERE conversation = ?').run(server_id, content, conversation);

/** The removal of a copy whose creation was unanswered when its draft was deleted here: known by conversation and text. */
const UNNAMED_REMOVAL = 'SELECT removal_id FROM draft_removals WHERE server_id IS NULL AND conversation = ? AND content = ? LIMIT 1';

const removalOf = (db: ReadOnlyMirror, server_id: number): boolean =>
  reader(db, 'SELECT server_id FROM draft_removals WHERE server_id = ?', serverIdRow).get(server_id) !== undefined;

/** Whether the draft was changed here since the server last had it (its edit is still to send). */
const editedHere = (row: LinkedRow): boolean => serverDraftText(row.content) !== row.server_content;

/**
 * The server holds this draft (registration, or an add or update event). A draft edited here and
 * not sent yet keeps its text: the edit goes to the server next. A conversation whose draft here
 * is another keeps it. A copy being deleted here stays deleted.
 */
export function takeServerDraft(db: MirrorDatabase, draft: ServerDraft, own_user_id: number, changes: ChangeSink): void {
  if (removalOf(db, draft.id)) return;
  const conversation = draftConversation(draft, own_user_id);
  const linked = rowOfCopy(db, draft.id);
  if (linked && editedHere(linked)) {
    writer(db, 'UPDATE drafts SET server_content = ? WHERE server_id = ?').run(draft.content, draft.id);
    return;
  }
  // The server's word on what this one sent: the text here keeps its spaces.
  if (linked && linked.conversation === conversation && draft.content === linked.server_content) return;
  if (linked && linked.conversation === conversation) {
    writer(db, 'UPDATE drafts SET content = ?, server_content = ?, updated_at = ? WHERE server_id = ?').run(draft.content, draft.content, draft.timestamp * 1000, draft.id);
    changes.add('drafts', conversation);
    return;
  }
  if (linked) {
    // Readdressed on another device: it is that conversation's draft now.
    writer(db, 'DELETE FROM drafts WHERE server_id = ?').run(draft.id);
    changes.add('drafts', linked.conversation);
  }
  if (conversation === undefined) return;
  const here = rowFor(db, conversation);
  if (here) {
    // This draft's own creation (its event, or the registration after a crash) names its copy.
    if (here.server_id === null && (serverDraftText(here.content) === draft.content || here.server_content === draft.content)) {
      link(db, conversation, draft.id, draft.content);
    }
    return;
  }
  // Deleted here while its creation was unanswered: this is the copy to delete.
  const claimed = writer(db, `UPDATE draft_removals SET server_id = ? WHERE removal_id = (${UNNAMED_REMOVAL})`);
  if (claimed.run(draft.id, conversation, draft.content).changes > 0) return;
  writer(db, 'INSERT INTO drafts (conversation, content, updated_at, server_id, server_content) VALUES (?, ?, ?, ?, ?)').run(
    conversation,
    draft.content,
    draft.timestamp * 1000,
    draft.id,
    draft.content,
  );
  changes.add('drafts', conversation);
}

/** The server's copy is gone (sent or deleted on another device): the draft goes, unless edited here since (it is created again). */
export function serverDraftGone(db: MirrorDatabase, server_id: number, changes: ChangeSink): void {
  writer(db, 'DELETE FROM draft_removals WHERE server_id = ?').run(server_id);
  const linked = rowOfCopy(db, server_id);
  if (!linked) return;
  if (editedHere(linked)) writer(db, 'UPDATE drafts SET server_id = NULL, server_content = NULL WHERE server_id = ?').run(server_id);
  else {
    writer(db, 'DELETE FROM drafts WHERE server_id = ?').run(server_id);
    changes.add('drafts', linked.conversation);
  }
}

/** Registration's list of the server's drafts, the newest first taken where two are of one conversation. */
export function replaceServerDrafts(db: MirrorDatabase, drafts: readonly ServerDraft[], own_user_id: number, changes: ChangeSink): void {
  const listed = new Set(drafts.map((draft) => draft.id));
  const copies = reader(db, 'SELECT server_id FROM drafts WHERE server_id IS NOT NULL UNION SELECT server_id FROM draft_removals WHERE server_id IS NOT NULL', serverIdRow).all();
  for (const { server_id } of copies) if (!listed.has(server_id)) serverDraftGone(db, server_id, changes);
  for (const draft of [...drafts].sort((a, b) => b.timestamp - a.timestamp)) takeServerDraft(db, draft, own_user_id, changes);
}

const toSend = z.object({ conversation: z.string(), content: z.string(), updated_at: z.number(), server_id: z.number().int().nullable(), server_content: z.string().nullable() });
/** A draft to create (`server_id` null) or edit, with its text as the server is to keep it. */
export type DraftToSend = Omit<z.infer<typeof toSend>, 'server_content'>;

/**
 * What the server is still to be told: drafts to create (never sent) or edit, and copies to
 * delete. A draft naming files not uploaded yet waits (their links mean nothing elsewhere), and
 * one longer than the server keeps stays here only. Creations under way are not listed.
 */
export function draftsToSend(db: ReadOnlyMirror, maxLength: number): { drafts: DraftToSend[]; removals: number[] } {
  const candidates = reader(
    db,
    `SELECT conversation, content, updated_at, server_id, server_content FROM drafts
     WHERE (server_id IS NULL AND server_content IS NULL OR server_id IS NOT NULL AND content IS NOT server_content)
       AND instr(content, '](staged:') = 0
     ORDER BY updated_at`,
    toSend,
  ).all();
  const drafts = candidates.flatMap(({ server_content, ...draft }) => {
    const content = serverDraftText(draft.content);
    return content === '' || content === server_content || content.length > maxLength ? [] : [{ ...draft, content }];
  });
  const removals = reader(db, 'SELECT server_id FROM draft_removals WHERE server_id IS NOT NULL', serverIdRow).all();
  return { drafts, removals: removals.map((row) => row.server_id) };
}

/** A creation of this text is on its way: until the server names the copy, it is not sent again. */
export function draftCreating(db: MirrorDatabase, conversation: ConversationKey, content: string): void {
  writer(db, 'UPDATE drafts SET server_content = ? WHERE conversation = ? AND server_id IS NULL').run(content, conversation);
}

/** The creation surely failed (refused, or never sent): the draft is to create again. */
export function unsentCreation(db: MirrorDatabase, conversation: ConversationKey): void {
  writer(db, 'UPDATE drafts SET server_content = NULL WHERE conversation = ? AND server_id IS NULL').run(conversation);
}

/** The server created the copy of this text: the draft names it, or, deleted here meanwhile, the copy goes too. */
export function draftCreated(db: MirrorDatabase, conversation: ConversationKey, content: string, server_id: number): void {
  const here = rowFor(db, conversation);
  if (here?.server_id === server_id) return;
  if (here && here.server_id === null) {
    link(db, conversation, server_id, content);
    return;
  }
  writer(db, `DELETE FROM draft_removals WHERE removal_id = (${UNNAMED_REMOVAL})`).run(conversation, content);
  writer(db, 'INSERT OR IGNORE INTO draft_removals (server_id) VALUES (?)').run(server_id);
}

/** The server's copy holds this text now. */
export function draftEdited(db: MirrorDatabase, server_id: number, content: string): void {
  writer(db, 'UPDATE drafts SET server_content = ? WHERE server_id = ?').run(content, server_id);
}

/** The server's copy is deleted (or was already). */
export function draftRemoved(db: MirrorDatabase, server_id: number): void {
  writer(db, 'DELETE FROM draft_removals WHERE server_id = ?').run(server_id);
}

/**
 * After a registration, creations no longer under way whose copy it did not name never reached
 * the server: they are sent again, and a deleted one's removal is forgotten.
 */
export function settleUnansweredCreations(db: MirrorDatabase, underWay: ReadonlySet<ConversationKey>): void {
  const unanswered = reader(db, 'SELECT conversation FROM drafts WHERE server_id IS NULL AND server_content IS NOT NULL', z.object({ conversation: z.string() })).all();
  for (const { conversation } of unanswered) if (!underWay.has(conversation)) unsentCreation(db, conversation);
  const forgotten = reader(db, 'SELECT removal_id, conversation FROM draft_removals WHERE server_id IS NULL', z.object({ removal_id: z.number(), conversation: z.string().nullable() })).all();
  for (const { removal_id, conversation } of forgotten) {
    if (conversation === null || !underWay.has(conversation)) writer(db, 'DELETE FROM draft_removals WHERE removal_id = ?').run(removal_id);
  }
}

/**
 * The user stopped keeping drafts on the server: it deleted its copies, without a word to the
 * clients. The drafts stay here, as the family's clients keep them, to be created again should the
 * user turn it back on; a registration's empty list says nothing about them meanwhile.
 */
export function forgetServerCopies(db: MirrorDatabase): void {
  writer(db, 'UPDATE drafts SET server_id = NULL, server_content = NULL WHERE server_id IS NOT NULL OR server_content IS NOT NULL').run();
  writer(db, 'DELETE FROM draft_removals').run();
}

/**
 * A whole topic moved (renamed, resolved, or to another channel): its draft follows it, as the
 * family's web client's drafts do, unless the new place has one of its own; left behind, it would
 * open an empty topic and send to the old name. The server's copy is readdressed by the next
 * pass (it no longer holds this draft as it is), and a creation under way is made again there.
 */
export function draftFollowsTopic(db: MirrorDatabase, from: ConversationKey, to: ConversationKey, changes: ChangeSink): void {
  if (from === to || rowFor(db, to) !== undefined) return;
  if (writer(db, 'UPDATE drafts SET conversation = ?, server_content = NULL WHERE conversation = ?').run(to, from).changes > 0) changes.add('drafts', from, to);
}

export const draftEvents: EventHandlers<'drafts' | 'user_settings' | 'update_message'> = {
  drafts: (db, event, changes) => {
    if (event.op === 'remove') serverDraftGone(db, event.draft_id, changes);
    else for (const draft of event.op === 'add' ? event.drafts : [event.draft]) takeServerDraft(db, draft, ownUserIdOf(db), changes);
  },
  user_settings: (db, event) => {
    if (event.property === 'enable_drafts_synchronization' && event.value === false) forgetServerCopies(db);
  },
  update_message: (db, event, changes) => {
    const { stream_id, orig_subject } = event;
    if (event.rendering_only || event.propagate_mode !== 'change_all' || stream_id === undefined || orig_subject === undefined) return;
    const to = channelTopicConversation(event.new_stream_id ?? stream_id, event.subject ?? orig_subject);
    draftFollowsTopic(db, channelTopicConversation(stream_id, orig_subject), to, changes);
  },
};
