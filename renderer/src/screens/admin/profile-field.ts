// The new custom profile field's form: type-specific field_data, and the summary rules explained
// before sending (at most two fields in the summary; long text and person picker never).
import { checkFieldType, checkProfileSummary } from '../../../../shared/api/checks';
import { featureLevelProblem } from '../../../../shared/api/feature-levels';
import { FIELD_TYPES, MAX_PROFILE_SUMMARY_FIELDS } from '../../../../shared/api/limits';
import type { CreateCustomProfileFieldParams } from '../../../../shared/api/operations';
import type { CustomProfileField } from '../../../../shared/api/records';

export const LIST_OF_OPTIONS = 3;
export const EXTERNAL_ACCOUNT = 7;
/** The external-account kinds of the reference (the spec leaves type 7's field_data unstabilized). */
export const EXTERNAL_SUBTYPES = [
  { value: 'github', label: 'GitHub' },
  { value: 'twitter', label: 'Twitter' },
  { value: 'custom', label: 'Custom (your own URL pattern)' },
] as const;
/** Where a custom external account's username goes in its URL (the reference's placeholder). */
export const USERNAME_PLACEHOLDER = '%(username)s';

export interface FieldDraft {
  name: string;
  hint: string;
  field_type: number;
  options: string[];
  subtype: string;
  url_pattern: string;
  display_in_profile_summary: boolean;
  required: boolean;
  editable_by_user: boolean;
}

export const emptyField = (): FieldDraft => ({
  name: '',
  hint: '',
  field_type: 1,
  options: ['', ''],
  subtype: 'github',
  url_pattern: '',
  display_in_profile_summary: false,
  required: false,
  editable_by_user: true,
});

const FIELD_TYPE_NAMES: ReadonlyMap<number, string> = new Map(Object.entries(FIELD_TYPES).map(([type, name]) => [Number(type), name]));

export const fieldTypeName = (type: number): string => FIELD_TYPE_NAMES.get(type) ?? `type ${type}`;

/** Why the summary box cannot be ticked for this type, given the fields already there; undefined if it can. */
export function summaryUnavailable(fieldType: number, existing: readonly CustomProfileField[]): string | undefined {
  const typeProblem = checkProfileSummary(fieldType, true);
  if (typeProblem) return typeProblem;
  const inSummary = existing.filter((f) => f.display_in_profile_summary === true);
  if (inSummary.length >= MAX_PROFILE_SUMMARY_FIELDS) {
    return `At most ${MAX_PROFILE_SUMMARY_FIELDS} fields can be in the profile summary, and ${inSummary.map((f) => `"${f.name}"`).join(' and ')} already are.`;
  }
  return undefined;
}

export interface FieldCheck {
  params: CreateCustomProfileFieldParams;
  problems: Partial<Record<string, string>>;
}

export function fieldParams(draft: FieldDraft, existing: readonly CustomProfileField[], featureLevel: number | undefined): FieldCheck {
  const problems: Partial<Record<string, string>> = {};
  const params: CreateCustomProfileFieldParams = {
    name: draft.name.trim(),
    hint: draft.hint,
    field_type: draft.field_type,
    required: draft.required,
    editable_by_user: draft.editable_by_user,
  };
  const typeProblem = checkFieldType(draft.field_type);
  if (typeProblem) problems.field_type = typeProblem;
  if (params.name === '') problems.name = 'Give the field a name.';
  else if (existing.some((f) => f.name.toLowerCase() === params.name?.toLowerCase())) problems.name = 'A field with this name already exists.';

  if (draft.field_type === LIST_OF_OPTIONS) {
    const options = draft.options.map((o) => o.trim()).filter((o) => o !== '');
    if (options.length === 0) problems.field_data = 'A list needs at least one option.';
    else if (new Set(options).size !== options.length) problems.field_data = 'Each option must be different.';
    // Keys and order as the reference builds them: the position, from 1.
    params.field_data = Object.fromEntries(options.map((text, index) => [String(index + 1), { text, order: String(index + 1) }]));
  } else if (draft.field_type === EXTERNAL_ACCOUNT) {
    params.field_data = { subtype: draft.subtype, ...(draft.subtype === 'custom' && { url_pattern: draft.url_pattern.trim() }) };
    if (draft.subtype === 'custom' && !draft.url_pattern.includes(USERNAME_PLACEHOLDER)) {
      problems.field_data = `A custom account's URL pattern must contain ${USERNAME_PLACEHOLDER}, where the username goes.`;
    }
  }

  if (draft.display_in_profile_summary) {
    params.display_in_profile_summary = true;
    const unavailable = summaryUnavailable(draft.field_type, existing);
    if (unavailable) problems.display_in_profile_summary = unavailable;
  }
  const unsupported = featureLevelProblem('createCustomProfileField', params, featureLevel);
  if (unsupported) problems.feature_level = unsupported.message;
  return { params, problems };
}
