// A job's results as CSV (csv-stringify): one row per item with its outcome, so a failure can be
// fixed and imported again; for imports, the created user ids and the generated passwords, which
// appear nowhere else.
import { stringify } from 'csv-stringify/sync';
import type { BulkJobKind } from '../../shared/ipc';
import type { ItemRow } from './job-store';
import type { CreateUserPayload } from './plan-create-users';
import type { DeactivatePayload } from './plan-deactivate';
import type { InvitePayload } from './plan-invites';

type Columns = { header: string[]; row: (item: ItemRow) => unknown[] };

const outcome = (item: ItemRow) => [item.state, item.error_code ?? '', item.error_msg ?? ''];

const COLUMNS: Record<BulkJobKind, Columns> = {
  create_users: {
    header: ['line', 'email', 'full_name', 'user_id', 'password', 'state', 'error_code', 'error_msg'],
    row: (item) => {
      const p = item.payload as CreateUserPayload;
      // Only a password the app generated for a user it created: the file's own are the caller's.
      const password = item.state === 'done' && p.generated ? (item.secret ?? '') : '';
      return [p.line, p.email, p.full_name, item.result?.user_id ?? '', password, ...outcome(item)];
    },
  },
  deactivate_users: {
    header: ['user_id', 'email', 'full_name', 'state', 'error_code', 'error_msg'],
    row: (item) => {
      const p = item.payload as DeactivatePayload;
      return [p.user_id ?? '', p.email, p.full_name, ...outcome(item)];
    },
  },
  create_invite_links: {
    header: ['n', 'invite_link', 'state', 'error_code', 'error_msg'],
    row: (item) => [(item.payload as InvitePayload).n, item.result?.invite_link ?? '', ...outcome(item)],
  },
};

export function exportJobCsv(kind: BulkJobKind, items: ItemRow[]): string {
  const { header, row } = COLUMNS[kind];
  // Names and emails are the server's or the file's: a cell starting with = + - @ is quoted with '
  // so that a spreadsheet shows it instead of running it as a formula.
  return stringify([header, ...items.map(row)], { bom: true, record_delimiter: 'windows', escape_formulas: true });
}
