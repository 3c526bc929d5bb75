// Bulk administration over IPC: plans are validated and stored by main/admin, then run by the
// active session's job runner, which pushes its progress as 'job.progress' notices.
import type { BulkItemView, BulkJobKind, BulkPlan, JobHalt } from '../../shared/ipc';
import { CsvFormatError, parseUserCsv } from '../admin/csv-import';
import { exportJobCsv } from '../admin/csv-export';
import { JobRunner, JobStateError } from '../admin/job-runner';
import {
  forgetExpiredSecrets,
  forgetExportedSecrets,
  getJob,
  insertJob,
  itemCounts,
  itemsInState,
  jobItems,
  type ItemRow,
  type JobSettings,
  type PlannedItem,
} from '../admin/job-store';
import { planUserImport } from '../admin/plan-create-users';
import { planDeactivation } from '../admin/plan-deactivate';
import { planInvites } from '../admin/plan-invites';
import type { AccountSession } from '../app/session';
import type { CoreContext } from './context';
import { UserFacingError, type AreaHandlers } from './dispatch';

type BulkChannel = 'bulk.planImport' | 'bulk.planDeactivate' | 'bulk.planInvites' | 'bulk.start' | 'bulk.pause' | 'bulk.cancel' | 'bulk.unfinished' | 'bulk.items' | 'bulk.export';

export function bulkHandlers(context: CoreContext): AreaHandlers<BulkChannel> {
  // One runner per session: it lives and dies with the account's database and client.
  const runners = new WeakMap<AccountSession, JobRunner>();
  const runner = (): JobRunner => {
    const session = context.activeSession();
    let found = runners.get(session);
    if (!found) {
      found = new JobRunner({ db: session.db, client: session.client, logger: context.logger, onProgress: (progress) => context.emit('job.progress', progress) });
      runners.set(session, found);
    }
    return found;
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
      if (user_ids.length + emails.length === 0) throw new UserFacingError('INVALID_ARGUMENT', 'Select or list at least one user.');
      const { blocked, items } = planDeactivation(db, account.user_id, user_ids, emails);
      const settings = deactivation_notification_comment === undefined ? {} : { deactivation_notification_comment };
      return plan('deactivate_users', blocked, settings, items);
    },
    'bulk.planInvites': (settings) => {
      const { db, account } = context.activeSession();
      const planned = planInvites(db, account.user_id, settings);
      return plan('create_invite_links', planned.blocked, planned.settings, planned.items);
    },
    'bulk.start': ({ job_id }) => acting(() => runner().start(job_id)),
    'bulk.pause': ({ job_id }) => acting(() => runner().pause(job_id)),
    'bulk.cancel': ({ job_id }) => acting(() => runner().cancel(job_id)),
    'bulk.unfinished': () => runner().unfinished(),
    'bulk.items': ({ job_id, offset, limit, state }) => {
      const { db } = context.activeSession();
      const counts = itemCounts(db, job_id);
      if (state) return { items: itemsInState(db, job_id, state, limit, offset).map(itemView), total: counts[state] };
      const total = counts.pending + counts.running + counts.done + counts.failed + counts.skipped;
      return { items: jobItems(db, job_id, offset, limit).map(itemView), total };
    },
    'bulk.export': ({ job_id }) => {
      const { db } = context.activeSession();
      const job = getJob(db, job_id);
      if (!job) throw new UserFacingError('NO_SUCH_JOB', `There is no bulk job ${job_id}.`);
      // The generated passwords go into this export and no other: the mirror forgets them.
      forgetExpiredSecrets(db);
      const csv = exportJobCsv(job.kind, jobItems(db, job_id));
      forgetExportedSecrets(db, job_id);
      return { filename: `${job.kind.replaceAll('_', '-')}-${job_id}.csv`, csv };
    },
  };
}

/** What the screens show of an item: never its password. */
function itemView(item: ItemRow): BulkItemView {
  const { line, email, n } = item.payload as { line?: number; email?: string; n?: number };
  return {
    item_index: item.item_index,
    line: line ?? null,
    label: email ?? `Link ${n ?? item.item_index + 1}`,
    state: item.state,
    error_code: item.error_code,
    error_msg: item.error_msg,
  };
}
