// The user-import plan: every CSV row becomes an item, either to create or skipped with the
// reason and its line, decided before anything is sent.
import { z } from 'zod';
import type { JobHalt } from '../../shared/bulk-jobs';
import type { MirrorDatabase } from '../store/database';
import { allRecords } from '../store/keyed-table';
import { customProfileFieldsTable } from '../store/personal';
import { organizationEmails } from '../store/users';
import { requireAdministrator } from './caller';
import type { CsvUserRow } from './csv-import';
import type { PlannedItem } from '../store/bulk-jobs';
import { strongPassword } from './passwords';

/** The initial password is the item's secret (store/bulk-jobs.ts), not part of its payload. */
export const createUserPayload = z.object({
  line: z.number().int(),
  email: z.string(),
  full_name: z.string(),
  /** The app made the password up: the export is the only place it is shown. */
  generated: z.boolean(),
  /** Custom profile field values from the file's columns named like the fields, set once the user exists. */
  profile_data: z.array(z.object({ id: z.number().int(), value: z.string() })).default([]),
});
export type CreateUserPayload = z.infer<typeof createUserPayload>;

// The simulator's and the service's own test: one @, no spaces, a dot in the domain.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_NAME_LENGTH = 100;

export interface UserImportPlan {
  blocked: JobHalt | null;
  items: PlannedItem[];
}

export function planUserImport(db: MirrorDatabase, caller_id: number, rows: CsvUserRow[]): UserImportPlan {
  const blocked = requireAdministrator(db, caller_id, 'create users');
  const known = organizationEmails(db);
  const fieldIds = new Map(allRecords(db, customProfileFieldsTable).map((field) => [field.name.trim().toLowerCase(), field.id]));
  const firstLine = new Map<string, number>();
  const items = rows.map((row): PlannedItem => {
    const generated = row.password === undefined;
    const profile_data = Object.entries(row.extra).flatMap(([name, value]) => {
      const id = fieldIds.get(name);
      return id === undefined ? [] : [{ id, value }];
    });
    const payload: CreateUserPayload = { line: row.line, email: row.email, full_name: row.full_name, generated, profile_data };
    const skip = problem(known, row, firstLine);
    if (skip) return { payload: { ...payload, generated: false }, skip };
    firstLine.set(row.email.toLowerCase(), row.line);
    // The file's own passwords are the caller's: only generated ones are kept for the export.
    return { payload, secret: { value: row.password ?? strongPassword(), forExport: generated } };
  });
  return { blocked, items };
}

/** Why a row is skipped; its line is the item's own and shown beside the reason, not repeated in it. */
function problem(known: Set<string>, row: CsvUserRow, firstLine: Map<string, number>): PlannedItem['skip'] {
  if (!EMAIL.test(row.email)) return { code: 'INVALID_EMAIL', message: `"${row.email}" is not a valid email address.` };
  if (row.full_name === '') return { code: 'EMPTY_NAME', message: 'The name is empty.' };
  if (row.full_name.length > MAX_NAME_LENGTH) return { code: 'NAME_TOO_LONG', message: `The name is longer than ${MAX_NAME_LENGTH} characters.` };
  const earlier = firstLine.get(row.email.toLowerCase());
  if (earlier !== undefined) return { code: 'DUPLICATE_IN_FILE', message: `${row.email} is already on line ${earlier}.` };
  if (known.has(row.email.toLowerCase())) return { code: 'ALREADY_IN_ORGANIZATION', message: `${row.email} is already in the organization.` };
  return undefined;
}
