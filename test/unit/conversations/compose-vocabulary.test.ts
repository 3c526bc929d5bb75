// What the compose box completes: the trigger before the caret and the markup a pick writes, and
// whether the user's role may use wildcard mentions under the organization's setting.
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '../../../shared/api/records';
import { mayMentionMany } from '../../../main/handlers/compose';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { upsertRecords } from '../../../main/store/keyed-table';
import { setRealmValues } from '../../../main/store/realm';
import { usersTable } from '../../../main/store/users';
import { triggerAt } from '../../../renderer/src/screens/compose/autocomplete';

describe('triggerAt', () => {
  const at = (text: string) => triggerAt(text, text.length);

  it('finds a person, a channel, a channel topic and an emoji at the start of a word', () => {
    expect(at('Thanks @han')).toEqual({ kind: 'person', start: 7, query: 'han' });
    expect(at('@**Hana S')).toEqual({ kind: 'person', start: 0, query: 'Hana S' });
    expect(at('see #gen')).toEqual({ kind: 'channel', start: 4, query: 'gen' });
    expect(at('see #**general** >')).toBeNull();
    expect(at('see #**general>rel')).toEqual({ kind: 'topic', start: 4, channel: 'general', query: 'rel' });
    expect(at('see #**general**>rel')).toEqual({ kind: 'topic', start: 4, channel: 'general', query: 'rel' });
    expect(at('nice :tad')).toEqual({ kind: 'emoji', start: 5, query: 'tad' });
  });

  it('finds a command only as the message’s first word', () => {
    expect(at('/')).toEqual({ kind: 'command', start: 0, query: '' });
    expect(at('/po')).toEqual({ kind: 'command', start: 0, query: 'po' });
    expect(at('see /po')).toBeNull();
    expect(at('/poll ')).toBeNull();
    expect(at(' /po')).toBeNull();
  });

  it('leaves alone what is not a trigger: an email, a time, a finished mention', () => {
    expect(at('mail me at mark@demo')).toBeNull();
    expect(at('at 10:30')).toBeNull();
    expect(at('Thanks @**Hana Sato** ')).toBeNull();
    expect(at('nice :tada: ')).toBeNull();
  });
});

describe('mayMentionMany', () => {
  const dbs: MirrorDatabase[] = [];
  afterEach(() => {
    for (const db of dbs.splice(0)) db.close();
  });

  function mirror(role: number, realm: Record<string, unknown>): MirrorDatabase {
    const db = openMirror(':memory:');
    dbs.push(db);
    upsertRecords(db, usersTable, [{ user_id: 5, full_name: 'Mark Member', email: 'm@x', role, is_active: true, is_bot: false } as User]);
    setRealmValues(db, realm);
    return db;
  }

  const groups = [
    { id: 3, name: 'role:administrators' },
    { id: 6, name: 'role:members' },
  ];

  it('follows the group-setting value, system groups resolved by name', () => {
    expect(mayMentionMany(mirror(400, { realm_can_mention_many_users_group: 3, realm_user_groups: groups }), 5)).toBe(false);
    expect(mayMentionMany(mirror(200, { realm_can_mention_many_users_group: 3, realm_user_groups: groups }), 5)).toBe(true);
    expect(mayMentionMany(mirror(400, { realm_can_mention_many_users_group: 6, realm_user_groups: groups }), 5)).toBe(true);
    expect(mayMentionMany(mirror(400, { realm_can_mention_many_users_group: { direct_members: [5], direct_subgroups: [] }, realm_user_groups: groups }), 5)).toBe(true);
  });

  it('falls back to the older policy enum', () => {
    expect(mayMentionMany(mirror(400, { realm_wildcard_mention_policy: 5 }), 5)).toBe(false);
    expect(mayMentionMany(mirror(400, { realm_wildcard_mention_policy: 2 }), 5)).toBe(true);
  });
});
