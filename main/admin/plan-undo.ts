// Undoing a finished (or cancelled) job that changed users, as a new job over the items it did:
// a deactivation by reactivating the same users, a reactivation by deactivating them again, a
// role change by giving each user back the role recorded for them before it was sent, an import
// by deactivating the users it created. The new job is planned like any other, so the caller's
// limits are checked again, today.
import { z } from 'zod';
import type { BulkJobKind, JobHalt } from '../../shared/bulk-jobs';
import { itemsInState, type JobRow, type PlannedItem } from '../store/bulk-jobs';
import type { MirrorDatabase } from '../store/database';
import { userById } from '../store/users';
import { requireAdministrator } from './caller';
import { deactivatePayload, planDeactivation } from './plan-deactivate';
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
  switch (job.kind) {
    case 'deactivate_users':
      return { kind: 'reactivate_users', blocked: requireAdministrator(db, caller_id, 'reactivate users'), items: done.map((item) => ({ payload: deactivatePayload.parse(item.payload) })) };
    case 'reactivate_users': {
      const ids = done.map((item) => deactivatePayload.parse(item.payload).user_id).filter((id): id is number => id !== null);
      return { kind: 'deactivate_users', ...planDeactivation(db, caller_id, ids, []) };
    }
    case 'create_users': {
      const ids = done.map((item) => createdResult.parse(item.result).user_id);
      return { kind: 'deactivate_users', ...planDeactivation(db, caller_id, ids, []) };
    }
    case 'change_roles': {
      const targets = done.map((item) => {
        const { user_id, email, previous_role } = roleChangePayload.parse(item.payload);
        return { user: (user_id !== null && userById(db, user_id)) || email, role: previous_role ?? 0 };
      });
      return { kind: 'change_roles', ...planRoles(db, caller_id, targets) };
    }
    case 'create_invite_links':
      return refused('Invitation links are revoked from the list of links, not undone as a job.');
  }
}
