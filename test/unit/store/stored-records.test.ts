// Records read back from the mirror are checked, not cast: a row whose JSON lost the fields the
// app relies on (an older version's row, a damaged file) is refused with a reason.
import { afterEach, expect, it } from 'vitest';
import { openMirror } from '../../../main/store/database';
import { allRecords, upsertRecords } from '../../../main/store/keyed-table';
import { searchUsers, userById, usersTable } from '../../../main/store/users';
import { user } from './fixtures';

const db = openMirror(':memory:');
afterEach(() => db.prepare('DELETE FROM users').run());

it('reads back the records it wrote, extra fields kept', () => {
  upsertRecords(db, usersTable, [{ ...user(10, 'Ada Lovelace', 'ada@example.com'), pronouns: 'she/her' }]);
  expect(userById(db, 10)).toMatchObject({ user_id: 10, full_name: 'Ada Lovelace', pronouns: 'she/her' });
  expect(searchUsers(db, { text: 'ada' }).users).toHaveLength(1);
});

it('refuses a stored record without the fields the app relies on', () => {
  upsertRecords(db, usersTable, [user(10, 'Ada Lovelace', 'ada@example.com')]);
  db.prepare('UPDATE users SET json = ? WHERE user_id = 10').run(JSON.stringify({ user_id: 'ten' }));
  expect(() => userById(db, 10)).toThrow('a stored record is not in the form the app reads');
  expect(() => allRecords(db, usersTable)).toThrow('a stored record is not in the form the app reads');
});
