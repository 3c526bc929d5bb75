// Offline search over the mirror: what the user types finds cached messages by topic and text,
// and the index follows every write to the messages (new, edited, moved, deleted) in the same
// transaction, written by the message writes themselves.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/api/records';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { addReaction, deleteMessages, getMessage, setFlag, upsertMessages } from '../../../main/store/messages';
import { htmlText } from '../../../main/store/search-index';
import { saveEventQueue } from '../../../main/store/event-queue';
import { searchCachedMessages, searchQuery } from '../../../main/store/search';
import { applyEvents } from '../../../main/sync/apply-events';
import { message as fixture } from './fixtures';
import { ChangeCollector } from '../../../main/store/changes';

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
    ], new ChangeCollector());
    expect(found('rollback')).toEqual([2, 1]);
    expect(found('deploy rollback')).toEqual([2, 1]);
    expect(found('pizza lunch')).toEqual([3]);
    expect(found('nothing')).toEqual([]);
  });

  it('reads the text, not the markup, and takes words as prefixes and accents as optional', () => {
    upsertMessages(db, [{ message: message(1, 'café', '<p><span class="user-mention" data-user-id="4">@Ada</span> Réunion &amp; notes</p>'), flags: [] }], new ChangeCollector());
    expect(found('span')).toEqual([]);
    expect(found('mention')).toEqual([]);
    expect(found('reunion')).toEqual([1]);
    expect(found('cafe reun')).toEqual([1]);
    expect(found('"; DROP')).toEqual([]);
    expect(searchQuery('  ')).toBeNull();
  });

  it('takes any text: a NUL or another control character separates words, FTS5 syntax means nothing', () => {
    upsertMessages(db, [
      { message: message(1, 'deploys', '<p>The rollback went fine</p>'), flags: [] },
      { message: message(2, 'lunch', '<p>NEAR the AND gate (a-b) * "quoted" ^caret {col}: x</p>'), flags: [] },
    ], new ChangeCollector());
    expect(found('rollback\u0000')).toEqual([1]);
    expect(found('deploys\u0000rollback')).toEqual([1]);
    expect(found('roll\u0001')).toEqual([1]);
    expect(found('\u0000')).toEqual([]);
    for (const syntax of ['NEAR(', 'AND', 'OR', 'NOT', '(a-b)', '*', '"', '"quoted', '^caret', '{col}:', 'col:x', '+', 'a OR b', 'NEAR(gate quoted, 2)']) {
      expect(() => found(syntax), syntax).not.toThrow();
    }
    expect(found('NEAR gate')).toEqual([2]);
    expect(found('(a-b)')).toEqual([2]);
  });

  it('follows edits, moves and deletions in the same transaction as the message write, and not flag changes', () => {
    saveEventQueue(db, { queue_id: 'q', last_event_id: 0, registered_at: 0 });
    upsertMessages(db, [{ message: message(1, 'deploys', '<p>old words</p>'), flags: [] }], new ChangeCollector());
    applyEvents(db, [{ id: 1, type: 'update_message', message_id: 1, message_ids: [1], edit_timestamp: 1700000100, content: 'new', rendered_content: '<p>fresh words</p>' }]);
    expect(found('old')).toEqual([]);
    expect(found('fresh')).toEqual([1]);
    applyEvents(db, [{ id: 2, type: 'update_message', message_id: 1, message_ids: [1], edit_timestamp: 1700000200, subject: 'incidents' }]);
    expect(found('incidents fresh')).toEqual([1]);
    expect(found('deploys')).toEqual([]);
    setFlag(db, [1], 'starred', true, new ChangeCollector());
    expect(found('fresh')).toEqual([1]);
    deleteMessages(db, [1], new ChangeCollector());
    expect(found('fresh')).toEqual([]);
  });

  it('finds exactly what the cached messages hold after any mix of writes, a rolled-back batch included', () => {
    const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'];
    let seed = 7;
    const next = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const pick = (): string => words[Math.floor(next() * words.length)]!;
    const written = (id: number): Message => message(id, `${pick()} talk`, `<p>${pick()} and <em>${pick()}</em></p>`);
    for (let step = 0; step < 400; step++) {
      const id = 1 + Math.floor(next() * 40);
      const roll = next();
      if (roll < 0.35) upsertMessages(db, [{ message: written(id), flags: [] }], new ChangeCollector());
      else if (roll < 0.5) upsertMessages(db, [{ message: getMessage(db, id)?.message ?? written(id), flags: ['read'] }], new ChangeCollector());
      else if (roll < 0.6) setFlag(db, [id], 'starred', next() < 0.5, new ChangeCollector());
      else if (roll < 0.7) addReaction(db, id, { emoji_name: 'tada', emoji_code: '1f389', reaction_type: 'unicode_emoji', user_id: 2 }, new ChangeCollector());
      else if (roll < 0.85) deleteMessages(db, [id], new ChangeCollector());
      else {
        expect(() =>
          db.transaction(() => {
            upsertMessages(db, [{ message: written(id), flags: [] }], new ChangeCollector());
            deleteMessages(db, [id + 1], new ChangeCollector());
            throw new Error('the batch fails');
          })(),
        ).toThrow('the batch fails');
      }
    }
    const cached = (db.prepare('SELECT json FROM messages ORDER BY message_id DESC').all() as { json: string }[]).map((row) => JSON.parse(row.json) as Message);
    expect(cached.length).toBeGreaterThan(5);
    for (const word of words) {
      const expected = cached.filter((m) => `${m.subject} ${htmlText(m.content)}`.includes(word)).map((m) => m.id);
      expect(found(word), word).toEqual(expected);
    }
    expect(db.prepare('SELECT count(*) AS n FROM message_search').get()).toEqual({ n: cached.length });
  });
});
