// Bulk administration over IPC, a thin adapter: plans are validated by main/admin and stored by
// main/store, then run by the active session's job runner (session.bulkJobs), which pushes its
// progress as 'job.progress' notices.
import type { BulkItemView, BulkJobKind, BulkPlan, JobHalt } from '../../shared/ipc';
import { exportDirectoryCsv, importTemplateCsv } from '../admin/csv-directory';
import { exportJobCsv, exportRetryCsv } from '../admin/csv-export';
import { CsvFormatError, parseUserCsv } from '../admin/csv-import';
import { JobStateError } from '../admin/job-runner';
import { planUserImport } from '../admin/plan-create-users';
import { planDeactivation } from '../admin/plan-deactivate';
import { planInvites } from '../admin/plan-invites';
import { planRoleChange, roleChangePayload } from '../admin/plan-roles';
import { planUndo } from '../admin/plan-undo';
import {
  forgetExpiredSecrets,
  forgetExportedSecrets,
  getJob,
  insertJob,
  itemCounts,
  itemsInState,
  itemWarning,
  jobItems,
  type ItemRow,
  type JobSettings,
  type PlannedItem,
  warnedCount,
  warnedItems,
} from '../store/bulk-jobs';
import { allRecords } from '../store/keyed-table';
import { customProfileFieldsTable } from '../store/personal';
import { searchUsers, userById } from '../store/users';
import type { CoreContext } from './context';
import { type AreaHandlers } from './dispatch';
import { UserFacingError } from '../app/user-facing-error';

type BulkChannel =
  | 'bulk.planImport'
  | 'bulk.planDeactivate'
  | 'bulk.planInvites'
  | 'bulk.planRoleChange'
  | 'bulk.planUndo'
  | 'bulk.start'
  | 'bulk.pause'
  | 'bulk.cancel'
  | 'bulk.unfinished'
  | 'bulk.items'
  | 'bulk.export'
  | 'bulk.exportRetry'
  | 'bulk.exportDirectory'
  | 'bulk.importTemplate';

export function bulkHandlers(context: CoreContext): AreaHandlers<BulkChannel> {
  const runner = () => context.activeSession().bulkJobs;
  const existingJob = (job_id: number) => {
    const job = getJob(context.activeSession().db, job_id);
    if (!job) throw new UserFacingError('NO_SUCH_JOB', `There is no bulk job ${job_id}.`);
    return job;
  };
  const plan = (kind: BulkJobKind, blocked: JobHalt | null, settings: JobSettings, items: PlannedItem[]): BulkPlan => {
    if (blocked) return { job: null, blocked };
    const job_id = insertJob(context.activeSession().db, kind, settings, items);
    return { job: runner().progress(job_id), blocked: null };
  };
  const acting = <R>(act: () => R): R => {
    try {
      return act();
    } catch (error) {
      if (error instanceof JobStateError) throw new UserFacingError(error.code, error.message);
      throw error;
    }
  };
  const requireSomeone = (user_ids: number[], emails: string[]) => {
    if (user_ids.length + emails.length === 0) throw new UserFacingError('INVALID_ARGUMENT', 'Select or list at least one user.');
  };

  return {
    'bulk.planImport': ({ csv }) => {
      const { db, account } = context.activeSession();
      let rows;
      try {
        rows = parseUserCsv(csv);
      } catch (error) {
        if (error instanceof CsvFormatError) throw new UserFacingError('INVALID_CSV', error.message);
        throw error;
      }
      if (rows.length === 0) throw new UserFacingError('INVALID_CSV', 'The file has a header row but no users.');
      const { blocked, items } = planUserImport(db, account.user_id, rows);
      // Without the rights to create users, invitation links can still bring the same people in.
      return plan('create_users', blocked && { ...blocked, fallback: 'invite_links' }, {}, items);
    },
    'bulk.planDeactivate': ({ user_ids, emails, deactivation_notification_comment }) => {
      const { db, account } = context.activeSession();
      requireSomeone(user_ids, emails);
      const { blocked, items } = planDeactivation(db, account.user_id, user_ids, emails);
      const settings = deactivation_notification_comment === undefined ? {} : { deactivation_notification_comment };
      return plan('deactivate_users', blocked, settings, items);
    },
    'bulk.planInvites': (settings) => {
      const { db, account } = context.activeSession();
      const planned = planInvites(db, account.user_id, settings);
      return plan('create_invite_links', planned.blocked, planned.settings, planned.items);
    },
    'bulk.planRoleChange': ({ user_ids, emails, role }) => {
      const { db, account } = context.activeSession();
      requireSomeone(user_ids, emails);
      const { blocked, items } = planRoleChange(db, account.user_id, user_ids, emails, role);
      return plan('change_roles', blocked, {}, items);
    },
    'bulk.planUndo': ({ job_id }) => {
      const { db, account } = context.activeSession();
      const undone = planUndo(db, account.user_id, existingJob(job_id));
      return plan(undone.kind, undone.blocked, { undo_of: job_id }, undone.items);
    },
    'bulk.start': ({ job_id }) => acting(() => runner().start(job_id)),
    'bulk.pause': ({ job_id }) => acting(() => runner().pause(job_id)),
    'bulk.cancel': ({ job_id }) => acting(() => runner().cancel(job_id)),
    'bulk.unfinished': () => runner().unfinished(),
    'bulk.items': ({ job_id, offset, limit, state }) => {
      const { db } = context.activeSession();
      const counts = itemCounts(db, job_id);
      const view = itemView(existingJob(job_id).kind);
      if (state === 'warned') return { items: warnedItems(db, job_id, limit, offset).map(view), total: warnedCount(db, job_id) };
      if (state) return { items: itemsInState(db, job_id, state, limit, offset).map(view), total: counts[state] };
      const total = counts.pending + counts.running + counts.done + counts.failed + counts.skipped;
      return { items: jobItems(db, job_id, offset, limit).map(view), total };
    },
    'bulk.export': ({ job_id }) => {
      const { db } = context.activeSession();
      const job = existingJob(job_id);
      // The generated passwords go into this export and no other: the mirror forgets them.
      forgetExpiredSecrets(db);
      const csv = exportJobCsv(job.kind, jobItems(db, job_id));
      forgetExportedSecrets(db, job_id);
      return { filename: `${job.kind.replaceAll('_', '-')}-${job_id}.csv`, csv };
    },
    'bulk.exportDirectory': ({ user_ids, text, filter }) => {
      const { db } = context.activeSession();
      const users = user_ids
        ? user_ids.flatMap((user_id) => userById(db, user_id) ?? [])
        : searchUsers(db, { text: text ?? '', filter, limit: Number.MAX_SAFE_INTEGER }).users;
      return { filename: 'users.csv', csv: exportDirectoryCsv(users, allRecords(db, customProfileFieldsTable, 'position')) };
    },
    'bulk.importTemplate': () => ({ filename: 'import-template.csv', csv: importTemplateCsv(allRecords(context.activeSession().db, customProfileFieldsTable, 'position')) }),
    'bulk.exportRetry': ({ job_id }) => {
      const { db } = context.activeSession();
      if (existingJob(job_id).kind !== 'create_users') throw new UserFacingError('NOT_AN_IMPORT', 'Only an import has rows to fix and import again.');
      const rows = [...itemsInState(db, job_id, 'failed'), ...itemsInState(db, job_id, 'skipped')].sort((a, b) => a.item_index - b.item_index);
      return { filename: `create-users-${job_id}-to-fix.csv`, csv: exportRetryCsv(rows) };
    },
  };
}

/** What the screens show of an item: never its password. A role change says from which role to which; a link made, its address. */
const itemView = (kind: BulkJobKind) => (item: ItemRow): BulkItemView => {
  const { line, email, n } = item.payload;
  const change = kind === 'change_roles' ? roleChangePayload.safeParse(item.payload) : undefined;
  const link = item.result?.['invite_link'];
  return {
    item_index: item.item_index,
    line: typeof line === 'number' ? line : null,
    label: typeof email === 'string' ? email : `Link ${typeof n === 'number' ? n : item.item_index + 1}`,
    state: item.state,
    error_code: item.error_code,
    error_msg: item.error_msg,
    warning: itemWarning(item),
    role_change: change?.success ? { role: change.data.role, previous_role: change.data.previous_role } : null,
    invite_link: typeof link === 'string' ? link : null,
  };
};
