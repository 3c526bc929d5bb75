// The organization's user groups as the mirror keeps them (registration's realm_user_groups, one
// realm value), kept current by the family's user_group events, and by deactivations (the spec: a
// deactivated user leaves every group): who is in which group decides what the app offers (group
// settings: group-settings.ts reads them) and which mentions are the user's.
import { z } from 'zod';
import type { EventHandlers } from './event-handlers';
import type { MirrorDatabase } from './database';
import { realmValue, setRealmValues } from './realm';
import { reader } from './statements';

const KEY = 'realm_user_groups';
const storedGroups = z.array(z.looseObject({ id: z.number().int(), members: z.array(z.number().int()).optional(), direct_subgroup_ids: z.array(z.number().int()).optional() }));
type StoredGroup = z.infer<typeof storedGroups>[number];

/**
 * Rewrites the groups kept; nothing when the mirror holds none (a registration that did not ask
 * for them): the next one brings them whole.
 */
function changeGroups(db: MirrorDatabase, change: (groups: StoredGroup[]) => StoredGroup[]): boolean {
  const kept = storedGroups.safeParse(realmValue(db, KEY));
  if (!kept.success) return false;
  setRealmValues(db, { [KEY]: change(kept.data) });
  return true;
}

function changeGroup(db: MirrorDatabase, group_id: number, change: (group: StoredGroup) => StoredGroup): boolean {
  return changeGroups(db, (groups) => groups.map((group) => (group.id === group_id ? change(group) : group)));
}

/** Asked of SQLite's JSON functions, so a deactivation of someone in no group parses no group list. */
function inAnyGroup(db: MirrorDatabase, user_id: number): boolean {
  const found = reader(
    db,
    `SELECT 1 AS found FROM realm, json_each(realm.json) AS g, json_each(g.value, '$.members') AS m
     WHERE realm.key = ? AND json_valid(realm.json) AND json_type(g.value, '$.members') = 'array' AND m.value = ? LIMIT 1`,
    z.object({ found: z.number() }),
  ).get(KEY, user_id);
  return found !== undefined;
}

type IdsChange = (list: readonly number[], ids: readonly number[]) => number[];
const added: IdsChange = (list, ids) => [...new Set([...list, ...ids])];
const removed: IdsChange = (list, ids) => list.filter((id) => !ids.includes(id));

/** A group's members or subgroups, with `ids` added or removed. */
function changeIds(db: MirrorDatabase, group_id: number, field: 'members' | 'direct_subgroup_ids', change: IdsChange, ids: readonly number[]): boolean {
  return changeGroup(db, group_id, (group) => ({ ...group, [field]: change(group[field] ?? [], ids) }));
}

export const userGroupEvents: EventHandlers<'user_group' | 'realm_user'> = {
  user_group: (db, event, changes) => {
    let changed: boolean;
    switch (event.op) {
      case 'add':
        changed = changeGroups(db, (groups) => [...groups.filter((group) => group.id !== event.group.id), event.group]);
        break;
      case 'update':
        changed = changeGroup(db, event.group_id, (group) => ({ ...group, ...event.data }));
        break;
      case 'add_members':
      case 'remove_members':
        changed = changeIds(db, event.group_id, 'members', event.op === 'add_members' ? added : removed, event.user_ids);
        break;
      case 'add_subgroups':
      case 'remove_subgroups':
        changed = changeIds(db, event.group_id, 'direct_subgroup_ids', event.op === 'add_subgroups' ? added : removed, event.direct_subgroup_ids);
        break;
      case 'remove':
        changed = changeGroups(db, (groups) => groups.filter((group) => group.id !== event.group_id));
        break;
    }
    if (changed) changes.add('realm', KEY);
  },
  // The spec: a client told of a deactivation removes the user from every group it keeps.
  realm_user: (db, event, changes) => {
    const deactivated = event.op === 'remove' || (event.op === 'update' && 'is_active' in event.person && event.person.is_active === false);
    if (!deactivated) return;
    const { user_id } = event.person;
    if (!inAnyGroup(db, user_id)) return;
    if (changeGroups(db, (groups) => groups.map((group) => (group.members?.includes(user_id) ? { ...group, members: removed(group.members, [user_id]) } : group)))) {
      changes.add('realm', KEY);
    }
  },
};
