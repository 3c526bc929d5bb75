// A job's results in CSV (csv-stringify): one row per item with its outcome, so a failure can be
// fixed and imported again; for imports, the created user ids and the generated passwords, which
// appear nowhere else.
import { stringify } from 'csv-stringify/sync';
import type { BulkJobKind } from '../../shared/bulk-jobs';
import { itemWarning, type ItemRow } from '../store/bulk-jobs';
import { createUserPayload } from './plan-create-users';
import { deactivatePayload } from './plan-deactivate';
import { invitePayload } from './plan-invites';
import { ROLE_NAMES, roleChangePayload } from './plan-roles';

type Columns = { header: string[]; row: (item: ItemRow) => unknown[] };

const outcome = (item: ItemRow) => [item.state, item.error_code ?? '', item.error_msg ?? ''];

const userColumns: Columns = {
  header: ['user_id', 'email', 'full_name', 'state', 'error_code', 'error_msg'],
  row: (item) => {
    const p = deactivatePayload.parse(item.payload);
    return [p.user_id ?? '', p.email, p.full_name, ...outcome(item)];
  },
};

const roleName = (role: number | null) => (role === null ? '' : (ROLE_NAMES[role] ?? String(role)));

const COLUMNS: Record<BulkJobKind, Columns> = {
  create_users: {
    header: ['line', 'email', 'full_name', 'user_id', 'password', 'state', 'error_code', 'error_msg', 'profile_error'],
    row: (item) => {
      const p = createUserPayload.parse(item.payload);
      // Only a password the app generated for a user it created: the file's own are the caller's.
      const password = item.state === 'done' && p.generated ? (item.secret ?? '') : '';
      return [p.line, p.email, p.full_name, item.result?.user_id ?? '', password, ...outcome(item), itemWarning(item) ?? ''];
    },
  },
  deactivate_users: userColumns,
  reactivate_users: userColumns,
  change_roles: {
    header: ['user_id', 'email', 'full_name', 'previous_role', 'role', 'state', 'error_code', 'error_msg'],
    row: (item) => {
      const p = roleChangePayload.parse(item.payload);
      return [p.user_id ?? '', p.email, p.full_name, roleName(p.previous_role), roleName(p.role), ...outcome(item)];
    },
  },
  create_invite_links: {
    header: ['n', 'invite_link', 'state', 'error_code', 'error_msg'],
    row: (item) => [invitePayload.parse(item.payload).n, item.result?.invite_link ?? '', ...outcome(item)],
  },
};

// Names and emails are the server's or the file's: a cell starting with = + - @ is quoted with '
// so that a spreadsheet shows it instead of running it as a formula.
export const toCsv = (rows: unknown[][]) => stringify(rows, { bom: true, record_delimiter: 'windows', escape_formulas: true });

export function exportJobCsv(kind: BulkJobKind, items: ItemRow[]): string {
  const { header, row } = COLUMNS[kind];
  return toCsv([header, ...items.map(row)]);
}

/**
 * An import's failed and skipped rows in the import's own format (email, full_name, password),
 * each with its line and reason in columns the import ignores: fixed, the file is a new job.
 * The file's passwords are not kept once a row is over, so the app generates new ones.
 */
export function exportRetryCsv(items: ItemRow[]): string {
  return toCsv([
    ['email', 'full_name', 'password', 'line', 'reason'],
    ...items.map((item) => {
      const p = createUserPayload.parse(item.payload);
      return [p.email, p.full_name, '', p.line, item.error_msg ?? ''];
    }),
  ]);
}
