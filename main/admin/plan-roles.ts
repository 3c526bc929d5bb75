// The bulk role-change plan: each selected user (by id from the directory, or by email from a
// pasted list) with the role to give and the role they have now, recorded before anything is sent
// so that the job can be undone user by user. The caller's limits (the server's rules) are checked
// here: administrators only, only owners make or unmake owners, and the last owner stays one.
import { z } from 'zod';
import { ROLES, ROLE_VALUES } from '../../shared/api/limits';
import type { User } from '../../shared/api/records';
import { visibleEmail } from '../../shared/email-addresses';
import type { JobHalt } from '../../shared/bulk-jobs';
import type { PlannedItem } from '../store/bulk-jobs';
import type { MirrorDatabase } from '../store/database';
import { activeOwnerIds } from '../store/users';
import { callerRole, requireAdministrator } from './caller';
import { listedByAddress, listedById, type Listed } from './listed-users';

export const roleChangePayload = z.object({
  user_id: z.number().int().nullable(),
  email: z.string(),
  full_name: z.string(),
  role: z.number().int(),
  /** The role the user had when the job was planned: what an undo gives back. */
  previous_role: z.number().int().nullable(),
});
export type RoleChangePayload = z.infer<typeof roleChangePayload>;

/** A user found in the mirror (or what found no one, and why), and the role they are to get. */
export type RoleTarget = { listed: Listed; role: number };

export interface RolePlan {
  blocked: JobHalt | null;
  items: PlannedItem[];
}

export const ROLE_NAMES: Record<number, string> = {
  [ROLES.owner]: 'owner',
  [ROLES.administrator]: 'administrator',
  [ROLES.moderator]: 'moderator',
  [ROLES.member]: 'member',
  [ROLES.guest]: 'guest',
};

/** The same role for everyone selected or listed. */
export function planRoleChange(db: MirrorDatabase, caller_id: number, user_ids: number[], emails: string[], role: number): RolePlan {
  const listed = [...listedById(db, user_ids), ...listedByAddress(db, emails)];
  return planRoles(db, caller_id, listed.map((entry) => ({ listed: entry, role })));
}

/** Each target with its own role (an undo gives each user back the role recorded for them). */
export function planRoles(db: MirrorDatabase, caller_id: number, targets: RoleTarget[]): RolePlan {
  const blocked = requireAdministrator(db, caller_id, 'change roles');
  const callerIsOwner = callerRole(db, caller_id) === ROLES.owner;
  const owners = new Set(activeOwnerIds(db));
  const seen = new Set<number>();
  const items: PlannedItem[] = [];
  for (const { listed, role } of targets) {
    if ('missing' in listed) {
      const payload: RoleChangePayload = { user_id: null, email: listed.missing, full_name: '', role, previous_role: null };
      items.push({ payload, skip: listed.skip });
      continue;
    }
    const { user } = listed;
    if (seen.has(user.user_id)) continue;
    seen.add(user.user_id);
    const payload: RoleChangePayload = { user_id: user.user_id, email: visibleEmail(user), full_name: user.full_name, role, previous_role: user.role };
    const skip = refusal(user, role, caller_id, callerIsOwner, owners);
    // Each owner the job demotes leaves one fewer to keep the organization owned.
    if (!skip && user.role === ROLES.owner) owners.delete(user.user_id);
    items.push(skip ? { payload, skip } : { payload });
  }
  return { blocked, items };
}

function refusal(user: User, role: number, caller_id: number, callerIsOwner: boolean, owners: Set<number>): PlannedItem['skip'] {
  const name = user.full_name;
  if (!ROLE_VALUES.some((value) => value === role)) return { code: 'INVALID_ROLE', message: `${role} is not a role.` };
  if (user.is_bot) return { code: 'BOT', message: `${name} is a bot; bots keep their role.` };
  if (user.user_id === caller_id) return { code: 'SELF', message: `${name} is your own account; the job does not change your role.` };
  if (user.role === role) return { code: 'UNCHANGED', message: `${name} is already ${article(role)}.` };
  if ((role === ROLES.owner || user.role === ROLES.owner) && !callerIsOwner) {
    return { code: 'OWNER_REQUIRED', message: `Only organization owners can make or unmake owners (${name}).` };
  }
  if (user.role === ROLES.owner && owners.has(user.user_id) && owners.size <= 1) {
    return { code: 'ONLY_OWNER', message: `${name} is the only organization owner and stays one.` };
  }
  return undefined;
}

function article(role: number): string {
  const name = ROLE_NAMES[role] ?? `role ${role}`;
  return /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`;
}
