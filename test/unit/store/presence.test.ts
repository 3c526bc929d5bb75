// Who shows active, idle or offline: read from the last times the server reported, against the
// server's clock (its report's time, plus how long ago this computer received it), with the
// organization's offline threshold.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChangeCollector } from '../../../main/store/changes';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { MIRROR_EVENTS } from '../../../main/sync/apply-events';
import { mergePresences, presentUsers, replacePresences } from '../../../main/store/presence';
import { setRealmValues } from '../../../main/store/realm';

const SERVER_NOW = 1_800_000_000;
/** This computer's clock when the report came, in ms: far from the server's, as clocks may be. */
const RECEIVED = 5_000_000;
const later = (seconds: number) => RECEIVED + seconds * 1000;

let db: MirrorDatabase;
beforeEach(() => {
  db = openMirror(':memory:');
  setRealmValues(db, { server_presence_offline_threshold_seconds: 200 });
  replacePresences(
    db,
    {
      presences: {
        // Active a minute ago; connected (idle) a minute ago but last active an hour ago; gone for a day.
        '1': { active_timestamp: SERVER_NOW - 60, idle_timestamp: SERVER_NOW - 60 },
        '2': { active_timestamp: SERVER_NOW - 3_600, idle_timestamp: SERVER_NOW - 60 },
        '3': { active_timestamp: SERVER_NOW - 86_400, idle_timestamp: SERVER_NOW - 86_400 },
      },
      server_timestamp: SERVER_NOW,
    },
    RECEIVED,
  );
});
afterEach(() => db.close());

describe('presence', () => {
  it('reads active, idle and offline by the server’s clock and the organization’s threshold', () => {
    expect(presentUsers(db, RECEIVED)).toEqual(new Map([[1, 'active'], [2, 'idle']]));
    // Two minutes on with no news: the first is still within 200 s, the second gone offline.
    expect(presentUsers(db, later(120))).toEqual(new Map([[1, 'active'], [2, 'idle']]));
    expect(presentUsers(db, later(150))).toEqual(new Map());
  });

  it('a report merges what changed; an event brings someone back, in the legacy form', () => {
    const changes = new ChangeCollector();
    mergePresences(db, { presences: { '3': { active_timestamp: SERVER_NOW + 10, idle_timestamp: SERVER_NOW + 10 } }, server_timestamp: SERVER_NOW + 10, last_update_id: 9 }, later(10), changes);
    expect(presentUsers(db, later(10)).get(3)).toBe('active');
    expect(changes.notice().changed).toMatchObject({ presence: [3] });

    const applied = new ChangeCollector();
    MIRROR_EVENTS.apply(db, 'presence', { id: 1, type: 'presence', user_id: 2, server_timestamp: SERVER_NOW + 20, presence: { website: { client: 'website', status: 'active', timestamp: SERVER_NOW + 20, pushable: false } } }, applied);
    expect(presentUsers(db, later(20)).get(2)).toBe('active');
    expect(applied.notice().changed).toMatchObject({ presence: [2] });
  });
});
