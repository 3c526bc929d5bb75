// Whether a user belongs to the group an organization setting names (realm_can_*_group): a group
// id, or an anonymous group of members and subgroups. System groups follow the role; other groups
// list their members (registration's realm_user_groups).
import { z } from 'zod';
import type { ReadOnlyMirror } from './database';
import { realmValue, realmVersion } from './realm';
import { userById } from './users';

const groupId = z.number().int();
const groupSetting = z.union([groupId, z.object({ direct_members: z.array(groupId), direct_subgroups: z.array(groupId) })]);
const userGroups = z.array(
  z.looseObject({ id: groupId, name: z.string(), members: z.array(groupId).optional(), direct_subgroup_ids: z.array(groupId).optional() }),
);
type UserGroup = z.infer<typeof userGroups>[number];

/** The least privileged role (highest role number) each system group holds; nobody holds none. */
const SYSTEM_GROUP_ROLES: Readonly<Record<string, number | null>> = {
  'role:nobody': null,
  'role:owners': 100,
  'role:administrators': 200,
  'role:moderators': 300,
  'role:fullmembers': 400,
  'role:members': 400,
  'role:everyone': 600,
  'role:internet': 600,
};

/** The groups as last parsed from each mirror, and the realm version they were read at. */
const parsedGroups = new WeakMap<ReadOnlyMirror, { version: string; groups: UserGroup[] | undefined }>();

/**
 * realm_user_groups, parsed once per change of the realm values rather than at each question: it
 * lists every member of every group, megabytes in a large organization. Inside a transaction it is
 * read afresh and not kept, since the transaction may yet be rolled back.
 */
function realmUserGroups(db: ReadOnlyMirror): UserGroup[] | undefined {
  const read = () => {
    const parsed = userGroups.safeParse(realmValue(db, 'realm_user_groups'));
    return parsed.success ? parsed.data : undefined;
  };
  if (db.inTransaction) return read();
  const version = realmVersion(db);
  const kept = parsedGroups.get(db);
  if (kept?.version === version) return kept.groups;
  const groups = read();
  parsedGroups.set(db, { version, groups });
  return groups;
}

/** Subgroups nest; a cycle or a deep chain stops here rather than looping. */
const MAX_DEPTH = 8;

function memberOf(groups: readonly UserGroup[], id: number, user_id: number, role: number, depth: number): boolean {
  const group = groups.find((candidate) => candidate.id === id);
  if (group === undefined || depth > MAX_DEPTH) return false;
  if (Object.hasOwn(SYSTEM_GROUP_ROLES, group.name)) {
    const maxRole = SYSTEM_GROUP_ROLES[group.name];
    return maxRole !== null && maxRole !== undefined && role <= maxRole;
  }
  if (group.members?.includes(user_id)) return true;
  return (group.direct_subgroup_ids ?? []).some((sub) => memberOf(groups, sub, user_id, role, depth + 1));
}

/**
 * Whether `user_id` is in the group the realm setting `key` names; undefined when the mirror lacks
 * the setting, the groups or the user (the server then decides).
 */
export function inRealmGroupSetting(db: ReadOnlyMirror, user_id: number, key: string): boolean | undefined {
  return inGroupSetting(db, user_id, realmValue(db, key));
}

/** Whether `user_id` is in the group a setting's value names (a channel's, say); undefined as above. */
export function inGroupSetting(db: ReadOnlyMirror, user_id: number, value: unknown): boolean | undefined {
  const setting = groupSetting.safeParse(value);
  const groups = realmUserGroups(db);
  const role = userById(db, user_id)?.role;
  if (!setting.success || groups === undefined || role === undefined) return undefined;
  const inGroup = (id: number) => memberOf(groups, id, user_id, role, 0);
  if (typeof setting.data === 'number') return inGroup(setting.data);
  return setting.data.direct_members.includes(user_id) || setting.data.direct_subgroups.some(inGroup);
}

/**
 * The groups `user_id` belongs to, directly, through a subgroup, or by role (system groups): a
 * mention of one of them mentions the user. Empty when the mirror lacks the groups or the user.
 */
export function groupsOfUser(db: ReadOnlyMirror, user_id: number): number[] {
  const groups = realmUserGroups(db);
  const role = userById(db, user_id)?.role;
  if (groups === undefined || role === undefined) return [];
  return groups.filter((group) => memberOf(groups, group.id, user_id, role, 0)).map((group) => group.id);
}
