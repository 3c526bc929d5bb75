// The directory in CSV (all of it, a search's results or a selection) and the import template
// generated from the organization: both with a column per custom profile field, by its name.
import type { CustomProfileField, User } from '../../shared/api/records';
import { visibleEmail } from '../../shared/email-addresses';
import { toCsv } from './csv-export';
import { ROLE_NAMES } from './plan-roles';

export function exportDirectoryCsv(users: User[], fields: CustomProfileField[]): string {
  return toCsv([
    ['user_id', 'email', 'full_name', 'role', 'is_active', 'is_bot', ...fields.map((field) => field.name)],
    ...users.map((user) => [
      user.user_id,
      visibleEmail(user),
      user.full_name,
      ROLE_NAMES[user.role] ?? String(user.role),
      String(user.is_active !== false),
      String(user.is_bot),
      ...fields.map((field) => user.profile_data?.[String(field.id)]?.value ?? ''),
    ]),
  ]);
}

/** The columns an import reads (email, full_name, password), then the organization's profile fields. */
export function importTemplateCsv(fields: CustomProfileField[]): string {
  return toCsv([['email', 'full_name', 'password', ...fields.map((field) => field.name)]]);
}
