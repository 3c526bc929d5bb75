// Who is running a bulk job, from the mirror: role and ownership decide what the job may do
// before anything is sent. can_create_users is not announced to clients (the spec calls it a
// property of the account, and neither the user record nor the registration carries it), so
// its absence is learnt from the server's refusal of the first creation.
import type { User } from '../../shared/api/records';
import { ROLES } from '../../shared/api/limits';
import type { JobHalt } from '../../shared/ipc';
import type { MirrorDatabase } from '../store/database';
import { prepared } from '../store/keyed-table';

export function mirroredUser(db: MirrorDatabase, user_id: number): User | undefined {
  const row = prepared(db, 'SELECT json FROM users WHERE user_id = ?').get(user_id) as { json: string } | undefined;
  return row && (JSON.parse(row.json) as User);
}

/** Lower is more privileged; an unknown caller counts as a member. */
export function callerRole(db: MirrorDatabase, user_id: number): number {
  return mirroredUser(db, user_id)?.role ?? ROLES.member;
}

/** The refusal when the caller is not an administrator (owners are administrators too). */
export function requireAdministrator(db: MirrorDatabase, user_id: number, what: string): JobHalt | null {
  if (callerRole(db, user_id) <= ROLES.administrator) return null;
  return { code: 'NOT_ADMINISTRATOR', message: `Only organization administrators can ${what}.` };
}

export function activeOwnerIds(db: MirrorDatabase): number[] {
  return prepared(db, 'SELECT user_id FROM users WHERE role = ? AND is_active = 1 AND is_bot = 0')
    .pluck()
    .all(ROLES.owner) as number[];
}
