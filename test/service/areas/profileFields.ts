// Custom profile fields: listing and creation, with the display_in_profile_summary limits.
import { requireAdministrator } from '../access';
import type { Sim } from '../context';
import type { ProfileFieldRow } from '../db/rows';
import { everyone } from '../events/audience';
import { badRequest } from '../http/errors';
import type { Route } from '../http/router';

export const FIELD_TYPE = {
  shortText: 1,
  longText: 2,
  select: 3,
  date: 4,
  link: 5,
  user: 6,
  externalAccount: 7,
  pronouns: 8,
} as const;

/** [field_type, key in custom_profile_field_types, display name]. */
export const FIELD_TYPE_NAMES: readonly (readonly [number, string, string])[] = [
  [FIELD_TYPE.shortText, 'SHORT_TEXT', 'Text (short)'],
  [FIELD_TYPE.longText, 'LONG_TEXT', 'Text (long)'],
  [FIELD_TYPE.select, 'SELECT', 'List of options'],
  [FIELD_TYPE.date, 'DATE', 'Date picker'],
  [FIELD_TYPE.link, 'URL', 'Link'],
  [FIELD_TYPE.user, 'USER', 'Users'],
  [FIELD_TYPE.externalAccount, 'EXTERNAL_ACCOUNT', 'External account'],
  [FIELD_TYPE.pronouns, 'PRONOUNS', 'Pronouns'],
];

const MAX_SUMMARY_FIELDS = 2;
const NAME_MAX_LENGTH = 40;
const HINT_MAX_LENGTH = 80;
const NOT_IN_SUMMARY: readonly number[] = [FIELD_TYPE.longText, FIELD_TYPE.user];
const EXTERNAL_SUBTYPES = ['github', 'twitter', 'custom'];
const DEFAULT_EXTERNAL_ACCOUNT_NAMES: Readonly<Record<string, string>> = { github: 'GitHub', twitter: 'Twitter' };

/** Types whose values are Markdown and so carry a rendered_value. */
export const MARKDOWN_FIELD_TYPES: readonly number[] = [FIELD_TYPE.shortText, FIELD_TYPE.longText];

/** field_data is an object (the spec's reading), sent only for the types that use it. */
function profileFieldRecord(row: ProfileFieldRow): Record<string, unknown> {
  const record: Record<string, unknown> = {
    id: row.id,
    name: row.name,
    hint: row.hint,
    type: row.field_type,
    field_type: row.field_type,
    order: row.order,
    display_in_profile_summary: row.display_in_profile_summary === 1,
    required: row.required === 1,
    editable_by_user: row.editable_by_user === 1,
  };
  if (row.field_data !== null) record['field_data'] = JSON.parse(row.field_data) as unknown;
  return record;
}

export function profileFieldRecords(sim: Sim): Record<string, unknown>[] {
  return (sim.db.prepare('SELECT * FROM custom_profile_fields ORDER BY "order", id').all() as ProfileFieldRow[]).map(profileFieldRecord);
}

function checkFieldData(fieldType: number, data: unknown): string | null {
  if (fieldType !== FIELD_TYPE.select && fieldType !== FIELD_TYPE.externalAccount) return null;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw badRequest('field_data is not a dict');
  const entries = Object.entries(data as Record<string, unknown>);
  if (fieldType === FIELD_TYPE.select) {
    if (entries.length === 0) throw badRequest('Field must have at least one choice.');
    for (const [key, option] of entries) {
      const { text, order } = (typeof option === 'object' && option !== null ? option : {}) as { text?: unknown; order?: unknown };
      if (typeof text !== 'string' || text.trim() === '') throw badRequest(`field_data["${key}"]["text"] is not a non-empty string`);
      if (typeof order !== 'string') throw badRequest(`field_data["${key}"]["order"] is not a string`);
    }
  } else {
    const { subtype, url_pattern: urlPattern } = data as { subtype?: unknown; url_pattern?: unknown };
    if (typeof subtype !== 'string' || !EXTERNAL_SUBTYPES.includes(subtype)) throw badRequest('Invalid external account type');
    if (subtype === 'custom' && (typeof urlPattern !== 'string' || !urlPattern.includes('%(username)s'))) {
      throw badRequest('Custom external account must define URL pattern');
    }
  }
  return JSON.stringify(data);
}

export const profileFieldRoutes: Route[] = [
  {
    method: 'GET',
    path: '/realm/profile_fields',
    params: [],
    handle({ sim }) {
      return { custom_fields: profileFieldRecords(sim) };
    },
  },
  {
    method: 'POST',
    path: '/realm/profile_fields',
    params: ['name', 'hint', 'field_type', 'field_data', 'display_in_profile_summary', 'required', 'editable_by_user'],
    handle({ sim, user, params }) {
      requireAdministrator(user);
      const fieldType = params.requiredInt('field_type');
      if (!FIELD_TYPE_NAMES.some(([type]) => type === fieldType)) throw badRequest('Invalid field type.');
      const inSummary = params.bool('display_in_profile_summary') ?? false;
      if (inSummary) {
        const count = sim.db.prepare('SELECT COUNT(*) FROM custom_profile_fields WHERE display_in_profile_summary = 1').pluck().get() as number;
        if (count >= MAX_SUMMARY_FIELDS) throw badRequest(`Only ${MAX_SUMMARY_FIELDS} custom profile fields can be displayed in the profile summary.`);
        if (NOT_IN_SUMMARY.includes(fieldType)) throw badRequest('Long text and Person picker profile fields cannot be displayed in profile summary.');
      }
      const data = params.json('field_data') ?? {};
      const fieldData = checkFieldData(fieldType, data);
      // The built-in external account kinds bring their own label when none is given.
      const subtype = fieldType === FIELD_TYPE.externalAccount ? String((data as { subtype?: unknown }).subtype) : '';
      const name = (params.string('name') ?? '').trim() || (DEFAULT_EXTERNAL_ACCOUNT_NAMES[subtype] ?? '');
      const hint = (params.string('hint') ?? '').trim();
      if (name === '') throw badRequest('Label cannot be blank.');
      if (name.length > NAME_MAX_LENGTH) throw badRequest(`name is too long (limit: ${NAME_MAX_LENGTH} characters)`);
      if (hint.length > HINT_MAX_LENGTH) throw badRequest(`hint is too long (limit: ${HINT_MAX_LENGTH} characters)`);
      if (sim.db.prepare('SELECT 1 FROM custom_profile_fields WHERE name = ? COLLATE NOCASE').get(name) !== undefined) {
        throw badRequest('A field with that label already exists.');
      }
      const order = sim.db.prepare('SELECT COALESCE(MAX("order"), 0) + 1 FROM custom_profile_fields').pluck().get() as number;
      const { lastInsertRowid } = sim.db
        .prepare(
          `INSERT INTO custom_profile_fields (name, hint, field_type, field_data, display_in_profile_summary, required, editable_by_user, "order")
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(name, hint, fieldType, fieldData, Number(inSummary), Number(params.bool('required') ?? false), Number(params.bool('editable_by_user') ?? true), order);
      sim.queues.publish(everyone(sim), { type: 'custom_profile_fields', fields: profileFieldRecords(sim) });
      return { id: Number(lastInsertRowid) };
    },
  },
];
