// The directory in the order people count: "User 2" before "User 10", for the whole directory and
// for a search, with the numbers still found as typed.
import { describe, expect, it } from 'vitest';
import { openMirror } from '../../../main/store/database';
import { upsertRecords } from '../../../main/store/keyed-table';
import { searchUsers, usersTable } from '../../../main/store/users';
import { user } from './fixtures';

describe('natural order of names', () => {
  const names = ['User 10', 'User 100', 'User 2', 'user 1', 'Édith 3', 'User 2b', 'Agent 007'];
  const db = openMirror(':memory:');
  upsertRecords(db, usersTable, names.map((name, i) => user(i + 1, name, `u${i + 1}@example.com`)));

  it('lists the directory with numbers in counting order, accents folded', () => {
    expect(searchUsers(db).users.map((u) => u.full_name)).toEqual(['Agent 007', 'Édith 3', 'user 1', 'User 2', 'User 2b', 'User 10', 'User 100']);
  });

  it('orders search results the same way, and finds numbers as typed', () => {
    expect(searchUsers(db, { text: 'user' }).users.map((u) => u.full_name)).toEqual(['user 1', 'User 2', 'User 2b', 'User 10', 'User 100']);
    expect(searchUsers(db, { text: 'user 10' }).users.map((u) => u.full_name)).toEqual(['User 10', 'User 100']);
    expect(searchUsers(db, { text: '007' }).users.map((u) => u.full_name)).toEqual(['Agent 007']);
  });
});
