// System user groups: their membership follows the role, so group-setting values can name them.
import type { UserRow } from './db/rows';

export const SYSTEM_GROUP = {
  nobody: 1,
  owners: 2,
  administrators: 3,
  moderators: 4,
  fullMembers: 5,
  members: 6,
  everyone: 7,
  internet: 8,
} as const;

/** [id, name, description, most restricted role that belongs]. */
export const SYSTEM_GROUPS: readonly (readonly [number, string, string, number | null])[] = [
  [SYSTEM_GROUP.nobody, 'role:nobody', 'Nobody', null],
  [SYSTEM_GROUP.owners, 'role:owners', 'Owners of this organization', 100],
  [SYSTEM_GROUP.administrators, 'role:administrators', 'Administrators of this organization, including owners', 200],
  [SYSTEM_GROUP.moderators, 'role:moderators', 'Moderators of this organization, including administrators', 300],
  [SYSTEM_GROUP.fullMembers, 'role:fullmembers', 'Members of this organization, not including new accounts and guests', 400],
  [SYSTEM_GROUP.members, 'role:members', 'Members of this organization, not including guests', 400],
  [SYSTEM_GROUP.everyone, 'role:everyone', 'Everyone in this organization, including guests', 600],
  [SYSTEM_GROUP.internet, 'role:internet', 'Everyone on the Internet', 600],
];

export function inSystemGroup(user: UserRow, groupId: number): boolean {
  const maxRole = SYSTEM_GROUPS.find(([id]) => id === groupId)?.[3];
  return maxRole !== undefined && maxRole !== null && user.role <= maxRole;
}
