import { expect, it } from 'vitest';
import { ChangeCollector } from '../../../../main/store/changes';
import { mergePresences, presentUsers } from '../../../../main/store/presence';
import { userById } from '../../../../main/store/users';
import { upsertRecords } from '../../../../main/store/keyed-table';
import { usersTable } from '../../../../main/store/users';
import { user } from '../fixtures';
import { mirrorAt } from './at-version';

it('migration 12 keeps the people cached at version 11 and starts everyone offline until a report', () => {
  const old = mirrorAt(11);
  upsertRecords(old.db, usersTable, [user(1, 'Ada Lovelace', 'ada@example.com')]);

  const db = old.migrateTo(12);
  expect(userById(db, 1)?.full_name).toBe('Ada Lovelace');
  expect(presentUsers(db)).toEqual(new Map());
  mergePresences(db, { presences: { '1': { active_timestamp: 1_800_000_000, idle_timestamp: 1_800_000_000 } }, server_timestamp: 1_800_000_000 }, 1_000, new ChangeCollector());
  expect(presentUsers(db, 1_000)).toEqual(new Map([[1, 'active']]));
  db.close();
});
