// Membership in the group an organization setting names, and the parsed realm_user_groups it is
// answered from: kept between questions, read again once the realm values changed, whether
// through this connection or committed by another (the snapshot worker's).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { inRealmGroupSetting } from '../../../main/store/group-settings';
import { upsertRecords } from '../../../main/store/keyed-table';
import { replaceRealmValues, setRealmValues } from '../../../main/store/realm';
import { usersTable } from '../../../main/store/users';
import { user } from './fixtures';

const SETTING = 'realm_can_delete_any_message_group';
const groups = (members: number[]) => [
  { id: 3, name: 'role:administrators' },
  { id: 9, name: 'editors', members, direct_subgroup_ids: [] },
];

describe('inRealmGroupSetting', () => {
  const dbs: MirrorDatabase[] = [];
  const dirs: string[] = [];
  afterEach(() => {
    for (const db of dbs.splice(0)) db.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function mirror(path = ':memory:'): MirrorDatabase {
    const db = openMirror(path);
    dbs.push(db);
    return db;
  }

  function withMember(db: MirrorDatabase, members: number[]): MirrorDatabase {
    upsertRecords(db, usersTable, [user(5, 'Mark Member', 'm@x')]);
    setRealmValues(db, { [SETTING]: 9, realm_user_groups: groups(members) });
    return db;
  }

  it('resolves system groups by role and other groups by their members', () => {
    const db = withMember(mirror(), [5]);
    expect(inRealmGroupSetting(db, 5, SETTING)).toBe(true);
    setRealmValues(db, { [SETTING]: 3 });
    expect(inRealmGroupSetting(db, 5, SETTING)).toBe(false);
    expect(inRealmGroupSetting(db, 5, 'realm_unknown_group')).toBeUndefined();
  });

  it('answers from the groups parsed before while the realm values have not changed', () => {
    const db = withMember(mirror(), [5]);
    expect(inRealmGroupSetting(db, 5, SETTING)).toBe(true);
    // Past the store's writers, so the realm version does not move: the parsed copy still answers.
    db.prepare("UPDATE realm SET json = '[]' WHERE key = 'realm_user_groups'").run();
    expect(inRealmGroupSetting(db, 5, SETTING)).toBe(true);
  });

  it('reads the groups again after a write through this connection', () => {
    const db = withMember(mirror(), [5]);
    expect(inRealmGroupSetting(db, 5, SETTING)).toBe(true);
    setRealmValues(db, { realm_user_groups: groups([6]) });
    expect(inRealmGroupSetting(db, 5, SETTING)).toBe(false);
    replaceRealmValues(db, { [SETTING]: 9, realm_user_groups: groups([5]) });
    expect(inRealmGroupSetting(db, 5, SETTING)).toBe(true);
  });

  it('reads the groups again after another connection committed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'group-settings-'));
    dirs.push(dir);
    const db = withMember(mirror(join(dir, 'mirror.db')), [5]);
    expect(inRealmGroupSetting(db, 5, SETTING)).toBe(true);
    const worker = mirror(join(dir, 'mirror.db'));
    setRealmValues(worker, { realm_user_groups: groups([6]) });
    expect(inRealmGroupSetting(db, 5, SETTING)).toBe(false);
  });

  it('keeps nothing read inside a transaction that is then rolled back', () => {
    const db = withMember(mirror(), [5]);
    expect(() =>
      db.transaction(() => {
        setRealmValues(db, { realm_user_groups: groups([6]) });
        expect(inRealmGroupSetting(db, 5, SETTING)).toBe(false);
        throw new Error('rolled back');
      })(),
    ).toThrow('rolled back');
    expect(inRealmGroupSetting(db, 5, SETTING)).toBe(true);
  });
});
