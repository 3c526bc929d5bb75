import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openMirror } from '../../../main/store/database';
import { deleteDraft, DRAFT_PREVIEW_CHARACTERS, getDraft, listDrafts, saveDraft } from '../../../main/store/drafts';
import { ChangeCollector } from '../../../main/store/changes';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function mirrorPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'drafts-'));
  dirs.push(dir);
  return join(dir, 'mirror.db');
}

it('keeps one draft per conversation across a reopen, newest first; empty content deletes it', () => {
  const path = mirrorPath();
  const db = openMirror(path);
  saveDraft(db, 'channel:1:lunch', 'first', new ChangeCollector(), 1);
  saveDraft(db, 'direct:1,2', 'hello', new ChangeCollector(), 2);
  saveDraft(db, 'channel:1:lunch', 'first, edited', new ChangeCollector(), 3);
  db.close();
  const reopened = openMirror(path);
  expect(listDrafts(reopened).map((d) => [d.conversation, d.preview])).toEqual([
    ['channel:1:lunch', 'first, edited'],
    ['direct:1,2', 'hello'],
  ]);
  saveDraft(reopened, 'direct:1,2', '', new ChangeCollector());
  expect(getDraft(reopened, 'direct:1,2')).toBeUndefined();
  deleteDraft(reopened, 'channel:1:lunch', new ChangeCollector());
  expect(listDrafts(reopened)).toEqual([]);
  reopened.close();
});

it('lists a preview of each draft, not its text: 300 drafts of 100,000 characters list in a few kilobytes', () => {
  const db = openMirror(':memory:');
  for (let i = 0; i < 300; i++) saveDraft(db, `channel:1:topic ${i}`, `Draft ${i} ${'é'.repeat(100_000)}`.slice(0, 100_000), new ChangeCollector(), i);
  const listed = listDrafts(db);
  expect(listed).toHaveLength(300);
  expect(Buffer.byteLength(JSON.stringify(listed))).toBeLessThan(300 * 1_000);
  expect(listed[0]).toEqual({ conversation: 'channel:1:topic 299', preview: `Draft 299 ${'é'.repeat(DRAFT_PREVIEW_CHARACTERS - 10)}`, updated_at: 299 });
  // The whole draft comes when its conversation opens.
  expect(getDraft(db, 'channel:1:topic 299')?.content).toHaveLength(100_000);
  db.close();
});
