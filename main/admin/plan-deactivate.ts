// The bulk-deactivation plan: the selected users (by id from the directory, or by email from a
// pasted list), resolved in the mirror, with what the job refuses before sending: the caller's
// own account and the organization's last owner. The server's answer covers everything else.
import type { User } from '../../shared/api/records';
import { visibleEmail } from '../../shared/email-addresses';
import { ROLES } from '../../shared/api/limits';
import { z } from 'zod';
import type { JobHalt } from '../../shared/bulk-jobs';
import type { MirrorDatabase } from '../store/database';
import { activeOwnerIds } from '../store/users';
import { requireAdministrator } from './caller';
import { listedByAddress, listedById, type Listed } from './listed-users';
import type { PlannedItem } from '../store/bulk-jobs';

/** Also the payload of a reactivation, which undoes a deactivation user by user. */
export const deactivatePayload = z.object({
  user_id: z.number().int().nullable(),
  email: z.string(),
  full_name: z.string(),
});
export type DeactivatePayload = z.infer<typeof deactivatePayload>;

export interface DeactivationPlan {
  blocked: JobHalt | null;
  items: PlannedItem[];
}

export function planDeactivation(db: MirrorDatabase, caller_id: number, user_ids: number[], emails: string[]): DeactivationPlan {
  const blocked = requireAdministrator(db, caller_id, 'deactivate users');
  const owners = new Set(activeOwnerIds(db));
  const seen = new Set<number>();
  const items: PlannedItem[] = [];
  const listed: Listed[] = [...listedById(db, user_ids), ...listedByAddress(db, emails)];
  for (const entry of listed) {
    if ('missing' in entry) {
      items.push({ payload: { user_id: null, email: entry.missing, full_name: '' }, skip: entry.skip });
      continue;
    }
    const target = entry.user;
    if (seen.has(target.user_id)) continue;
    seen.add(target.user_id);
    const payload: DeactivatePayload = { user_id: target.user_id, email: visibleEmail(target), full_name: target.full_name };
    const skip = refusal(target, caller_id, owners);
    // Each owner the job may deactivate leaves one fewer to keep the organization owned.
    if (!skip && target.role === ROLES.owner) owners.delete(target.user_id);
    items.push(skip ? { payload, skip } : { payload });
  }
  return { blocked, items };
}

function refusal(user: User, caller_id: number, owners: Set<number>): PlannedItem['skip'] {
  if (user.user_id === caller_id) return { code: 'SELF', message: `${user.full_name} is your own account; the job does not deactivate it.` };
  if (user.is_active === false) return { code: 'ALREADY_DEACTIVATED', message: `${user.full_name} is already deactivated.` };
  if (user.role === ROLES.owner && owners.has(user.user_id) && owners.size <= 1) {
    return { code: 'ONLY_OWNER', message: `${user.full_name} is the only organization owner and cannot be deactivated.` };
  }
  return undefined;
}
