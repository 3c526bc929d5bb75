// Undoing a finished (or cancelled) job that changed users, as a new job over the items it did:
// a deactivation by reactivating the same users, a reactivation by deactivating them again, a
// role change by giving each user back the role recorded for them before it was sent, an import
// by deactivating the users it created. The users' state is what the job left (the mirror may not
// have heard of it yet); the caller's limits are checked again, today, and the server has the last word.
import { z } from 'zod';
import type { BulkJobKind, JobHalt } from '../../shared/bulk-jobs';
import { itemsInState, type JobRow, type PlannedItem } from '../store/bulk-jobs';
import type { MirrorDatabase } from '../store/database';
import { userById } from '../store/users';
import { requireAdministrator } from './caller';
import { notAUser } from './listed-users';
import { createUserPayload } from './plan-create-users';
import { deactivatePayload, type DeactivatePayload } from './plan-deactivate';
import { planRoles, roleChangePayload } from './plan-roles';

export interface UndoPlan {
  kind: BulkJobKind;
  blocked: JobHalt | null;
  items: PlannedItem[];
}

const createdResult = z.object({ user_id: z.number().int() });

export function planUndo(db: MirrorDatabase, caller_id: number, job: JobRow): UndoPlan {
  const done = itemsInState(db, job.job_id, 'done');
  const refused = (message: string): UndoPlan => ({ kind: job.kind, blocked: { code: 'NOT_UNDOABLE', message }, items: [] });
  if (job.state !== 'finished' && job.state !== 'cancelled') return refused('Finish or cancel this job before undoing it.');
  if (done.length === 0) return refused('This job changed no one: there is nothing to undo.');
  const sameUsers = (kind: BulkJobKind, payloads: DeactivatePayload[]): UndoPlan => ({
    kind,
    blocked: requireAdministrator(db, caller_id, kind === 'reactivate_users' ? 'reactivate users' : 'deactivate users'),
    items: payloads.map((payload) => ({ payload })),
  });
  switch (job.kind) {
    case 'deactivate_users':
      return sameUsers('reactivate_users', done.map((item) => deactivatePayload.parse(item.payload)));
    case 'reactivate_users':
      return sameUsers('deactivate_users', done.map((item) => deactivatePayload.parse(item.payload)));
    case 'create_users':
      return sameUsers(
        'deactivate_users',
        done.map((item) => ({ ...createUserPayload.pick({ email: true, full_name: true }).parse(item.payload), user_id: createdResult.parse(item.result).user_id })),
      );
    case 'change_roles': {
      const targets = done.map((item) => {
        const { user_id, email, role, previous_role } = roleChangePayload.parse(item.payload);
        const user = user_id === null ? undefined : userById(db, user_id);
        return { listed: user ? { user: { ...user, role } } : notAUser(email), role: previous_role ?? 0 };
      });
      return { kind: 'change_roles', ...planRoles(db, caller_id, targets) };
    }
    case 'create_invite_links':
      return refused('Invitation links are revoked from the list of links, not undone as a job.');
  }
}
