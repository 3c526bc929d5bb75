import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openMirror, schemaVersion } from '../../../main/store/database';
import { deleteDraft, DRAFT_PREVIEW_CHARACTERS, getDraft, listDrafts, saveDraft } from '../../../main/store/drafts';
import { enqueueOutbox, outboxItems } from '../../../main/store/outbox';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function mirrorPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'drafts-'));
  dirs.push(dir);
  return join(dir, 'mirror.db');
}

/** The migration that added drafts and the send queue's columns. */
const DRAFTS_MIGRATION = 6;

it('migration 6 keeps the outbox written before it (not in flight, no failures counted) and adds an empty drafts table', () => {
  const path = mirrorPath();
  const old = openMirror(path, DRAFTS_MIGRATION - 1);
  enqueueOutbox(old, { kind: 'editSavedSnippet', record_key: 'saved_snippets:3', payload: { saved_snippet_id: 3, title: 'Hi' } }, 1_700_000_000);
  old.close();
  const db = openMirror(path, DRAFTS_MIGRATION);
  expect(schemaVersion(db)).toBe(DRAFTS_MIGRATION);
  expect(outboxItems(db)).toMatchObject([{ kind: 'editSavedSnippet', state: 'pending', local_id: null, in_flight_since: null, sent_after_id: null, attempts: 0 }]);
  expect(listDrafts(db)).toEqual([]);
  db.close();
});

it('keeps one draft per conversation across a reopen, newest first; empty content deletes it', () => {
  const path = mirrorPath();
  const db = openMirror(path);
  saveDraft(db, 'channel:1:lunch', 'first', 1);
  saveDraft(db, 'direct:1,2', 'hello', 2);
  saveDraft(db, 'channel:1:lunch', 'first, edited', 3);
  db.close();
  const reopened = openMirror(path);
  expect(listDrafts(reopened).map((d) => [d.conversation, d.preview])).toEqual([
    ['channel:1:lunch', 'first, edited'],
    ['direct:1,2', 'hello'],
  ]);
  saveDraft(reopened, 'direct:1,2', '');
  expect(getDraft(reopened, 'direct:1,2')).toBeUndefined();
  deleteDraft(reopened, 'channel:1:lunch');
  expect(listDrafts(reopened)).toEqual([]);
  reopened.close();
});

it('lists a preview of each draft, not its text: 300 drafts of 100,000 characters list in a few kilobytes', () => {
  const db = openMirror(':memory:');
  for (let i = 0; i < 300; i++) saveDraft(db, `channel:1:topic ${i}`, `Draft ${i} ${'é'.repeat(100_000)}`.slice(0, 100_000), i);
  const listed = listDrafts(db);
  expect(listed).toHaveLength(300);
  expect(Buffer.byteLength(JSON.stringify(listed))).toBeLessThan(300 * 1_000);
  expect(listed[0]).toEqual({ conversation: 'channel:1:topic 299', preview: `Draft 299 ${'é'.repeat(DRAFT_PREVIEW_CHARACTERS - 10)}`, updated_at: 299 });
  // The whole draft comes when its conversation opens.
  expect(getDraft(db, 'channel:1:topic 299')?.content).toHaveLength(100_000);
  db.close();
});
