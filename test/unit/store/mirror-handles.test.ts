// Another account's mirror is opened to read only: the type says so (a writer does not take it),
// and so does SQLite (a write through it is refused).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ChangeCollector } from '../../../main/store/changes';
import { openMirror, openMirrorToRead } from '../../../main/store/database';
import { saveDraft } from '../../../main/store/drafts';
import { unreadCounts } from '../../../main/store/unread';

it('opens a mirror to read without writing it, and has none for an account that never synced', () => {
  const dir = mkdtempSync(join(tmpdir(), 'handles-'));
  try {
    const path = join(dir, 'mirror.db');
    expect(openMirrorToRead(path)).toBeNull();
    openMirror(path).close();
    const readOnly = openMirrorToRead(path);
    if (!readOnly) throw new Error('the mirror was not opened');
    expect(unreadCounts(readOnly).total).toBe(0);
    // @ts-expect-error a read-only handle is not a mirror to write
    expect(() => saveDraft(readOnly, 'channel:1:lunch', 'x', new ChangeCollector())).toThrow(/readonly/);
    readOnly.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
