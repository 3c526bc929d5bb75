// Who is running a bulk job, from the mirror: role and ownership decide what the job may do
// before anything is sent. can_create_users is not announced to clients (the spec calls it a
// property of the account, and neither the user record nor the registration carries it), so
// its absence is learnt from the server's refusal of the first creation.
import { ROLES } from '../../shared/api/limits';
import type { JobHalt } from '../../shared/bulk-jobs';
import type { MirrorDatabase } from '../store/database';
import { userById } from '../store/users';

/** Lower is more privileged; an unknown caller counts as a member. */
export function callerRole(db: MirrorDatabase, user_id: number): number {
  return userById(db, user_id)?.role ?? ROLES.member;
}

/** Owners (100) and administrators (200). */
export function isAdministrator(db: MirrorDatabase, user_id: number): boolean {
  return callerRole(db, user_id) <= ROLES.administrator;
}

/** The refusal when the caller is not an administrator (owners are administrators too). */
export function requireAdministrator(db: MirrorDatabase, user_id: number, what: string): JobHalt | null {
  if (isAdministrator(db, user_id)) return null;
  return { code: 'NOT_ADMINISTRATOR', message: `Only organization administrators can ${what}.` };
}
