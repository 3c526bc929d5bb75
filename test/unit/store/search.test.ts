// Offline search over the mirror: what the user types finds cached messages by topic and text,
// and the index follows every write to the messages (new, edited, moved, deleted) in the same
// transaction, through the triggers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/api/records';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { deleteMessages, setFlag, upsertMessages } from '../../../main/store/messages';
import { saveEventQueue } from '../../../main/store/event-queue';
import { searchCachedMessages, searchQuery } from '../../../main/store/search';
import { applyEvents } from '../../../main/sync/apply-events';
import { message as fixture } from './fixtures';

let db: MirrorDatabase;
beforeEach(() => {
  db = openMirror(':memory:');
});
afterEach(() => db.close());

const message = (id: number, subject: string, content: string): Message => fixture(id, subject, { content, content_type: 'text/html' });

const found = (text: string): number[] => searchCachedMessages(db, text).map((stored) => stored.message.id);

describe('offline search', () => {
  it('finds messages having every word, in the topic or the text, newest first', () => {
    upsertMessages(db, [
      { message: message(1, 'deploys', '<p>The rollback went fine</p>'), flags: [] },
      { message: message(2, 'lunch', '<p>Rollback of the <strong>deploy</strong> tomorrow</p>'), flags: [] },
      { message: message(3, 'lunch', '<p>Pizza?</p>'), flags: [] },
    ]);
    expect(found('rollback')).toEqual([2, 1]);
    expect(found('deploy rollback')).toEqual([2, 1]);
    expect(found('pizza lunch')).toEqual([3]);
    expect(found('nothing')).toEqual([]);
  });

  it('reads the text, not the markup, and takes words as prefixes and accents as optional', () => {
    upsertMessages(db, [{ message: message(1, 'café', '<p><span class="user-mention" data-user-id="4">@Ada</span> Réunion &amp; notes</p>'), flags: [] }]);
    expect(found('span')).toEqual([]);
    expect(found('mention')).toEqual([]);
    expect(found('reunion')).toEqual([1]);
    expect(found('cafe reun')).toEqual([1]);
    expect(found('"; DROP')).toEqual([]);
    expect(searchQuery('  ')).toBeNull();
  });

  it('follows edits, moves and deletions in the same transaction as the message write, and not flag changes', () => {
    saveEventQueue(db, { queue_id: 'q', last_event_id: 0, registered_at: 0 });
    upsertMessages(db, [{ message: message(1, 'deploys', '<p>old words</p>'), flags: [] }]);
    applyEvents(db, [{ id: 1, type: 'update_message', message_id: 1, message_ids: [1], edit_timestamp: 1700000100, content: 'new', rendered_content: '<p>fresh words</p>' }]);
    expect(found('old')).toEqual([]);
    expect(found('fresh')).toEqual([1]);
    applyEvents(db, [{ id: 2, type: 'update_message', message_id: 1, message_ids: [1], edit_timestamp: 1700000200, subject: 'incidents' }]);
    expect(found('incidents fresh')).toEqual([1]);
    expect(found('deploys')).toEqual([]);
    setFlag(db, [1], 'starred', true);
    expect(found('fresh')).toEqual([1]);
    deleteMessages(db, [1]);
    expect(found('fresh')).toEqual([]);
  });

  it('indexes the messages a mirror held before the index existed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'search-'));
    const path = join(dir, 'mirror.db');
    const old = openMirror(path, 4);
    upsertMessages(old, [{ message: message(7, 'history', '<p>Kept from before</p>'), flags: [] }]);
    old.close();
    db.close();
    db = openMirror(path);
    expect(found('kept')).toEqual([7]);
    db.close();
    rmSync(dir, { recursive: true, force: true });
    db = openMirror(':memory:');
  });
});
