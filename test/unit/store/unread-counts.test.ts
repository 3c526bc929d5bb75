// The per-conversation unread counts are kept by triggers: whatever sequence of arrivals, moves,
// reads and re-registrations changes unread_messages, the counts read back equal a recount of the
// unread messages themselves (migration 7's own test is in migrations/).
import { afterEach, describe, expect, it } from 'vitest';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { markScopeRead } from '../../../main/store/read-state';
import { addUnread, channelPlace, directPlace, markRead, moveUnread, replaceUnread, unreadCounts } from '../../../main/store/unread';
import { ChangeCollector } from '../../../main/store/changes';

let db: MirrorDatabase;
afterEach(() => db.close());

/** What the counts must be: unread_messages counted from scratch, newest unread first. */
function recount(): unknown[] {
  return db
    .prepare(
      `SELECT conversation, stream_id, topic, count(*) AS unread, sum(mentioned) AS mentions, max(message_id) AS newest_message_id
       FROM unread_messages GROUP BY conversation ORDER BY newest_message_id DESC`,
    )
    .all();
}

const counted = () => unreadCounts(db).conversations.map(({ conversation, stream_id, topic, unread, mentions, newest_message_id }) => ({ conversation, stream_id, topic, unread, mentions, newest_message_id }));

/** A seeded sequence of the mirror's unread writes. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('unread counts per conversation', () => {
  it('equal a recount after every kind of change', () => {
    db = openMirror(':memory:');
    const next = random(7);
    const place = () => (next() < 0.8 ? channelPlace(1 + Math.floor(next() * 3), `topic ${Math.floor(next() * 4)}`) : directPlace([5, 6 + Math.floor(next() * 3)]));
    const ids = () => Array.from({ length: 1 + Math.floor(next() * 5) }, () => 1 + Math.floor(next() * 300));
    for (let step = 0; step < 2_000; step++) {
      const roll = next();
      if (roll < 0.6) addUnread(db, 1 + Math.floor(next() * 300), place(), next() < 0.2);
      else if (roll < 0.75) markRead(db, ids());
      else if (roll < 0.85) moveUnread(db, ids(), next() < 0.5 ? { topic: `topic ${Math.floor(next() * 4)}` } : { stream_id: 1 + Math.floor(next() * 3) });
      else if (roll < 0.93) markScopeRead(db, { scope: 'topic', stream_id: 1 + Math.floor(next() * 3), topic: `topic ${Math.floor(next() * 4)}` }, new ChangeCollector());
      else if (roll < 0.98) markScopeRead(db, { scope: 'channel', stream_id: 1 + Math.floor(next() * 3) }, new ChangeCollector());
      else replaceUnread(db, { count: 2, streams: [{ stream_id: 1, topic: 'topic 0', unread_message_ids: [400, 401] }], pms: [], huddles: [], mentions: [401] }, 5);
      expect(counted(), `after step ${step}`).toEqual(recount());
    }
    expect(counted().length).toBeGreaterThan(3);
  });
});
