// The new profile field's parameters by type, and the summary rules explained before sending.
import { describe, expect, it } from 'vitest';
import type { CustomProfileField } from '../../../shared/api/records';
import { emptyField, fieldParams, summaryUnavailable } from '../../../renderer/src/screens/admin/profile-field';

const field = (id: number, name: string, display_in_profile_summary: boolean): CustomProfileField => ({
  id,
  name,
  hint: '',
  field_type: 1,
  display_in_profile_summary,
  required: false,
  editable_by_user: true,
});

describe('a new custom profile field', () => {
  it('sends the list options as field_data keyed and ordered by position', () => {
    const { params, problems } = fieldParams({ ...emptyField(), name: 'Team', field_type: 3, options: ['Red', ' ', 'Blue'] }, [], 420);
    expect(problems).toEqual({});
    expect(params.field_data).toEqual({ 1: { text: 'Red', order: '1' }, 2: { text: 'Blue', order: '2' } });
    expect(fieldParams({ ...emptyField(), name: 'Team', field_type: 3, options: [''] }, [], 420).problems.field_data).toMatch(/at least one option/);
    expect(fieldParams({ ...emptyField(), name: 'Team', field_type: 3, options: ['A', 'A'] }, [], 420).problems.field_data).toMatch(/different/);
  });

  it('sends the external account kind, with a URL pattern for a custom one', () => {
    expect(fieldParams({ ...emptyField(), name: 'GitHub', field_type: 7, subtype: 'github' }, [], 420).params.field_data).toEqual({ subtype: 'github' });
    const custom = { ...emptyField(), name: 'Blog', field_type: 7, subtype: 'custom', url_pattern: 'https://blog.example/%(username)s' };
    expect(fieldParams(custom, [], 420).params.field_data).toEqual({ subtype: 'custom', url_pattern: 'https://blog.example/%(username)s' });
    expect(fieldParams({ ...custom, url_pattern: 'https://blog.example/' }, [], 420).problems.field_data).toMatch(/%\(username\)s/);
  });

  it('sends no field_data for the other types', () => {
    for (const field_type of [1, 2, 4, 5, 6, 8]) expect(fieldParams({ ...emptyField(), name: 'X', field_type }, [], 420).params).not.toHaveProperty('field_data');
  });

  it('explains the summary rules before sending: long text and person picker never, at most two fields', () => {
    expect(summaryUnavailable(2, [])).toMatch(/Long text and person picker/);
    expect(summaryUnavailable(6, [])).toMatch(/Long text and person picker/);
    expect(summaryUnavailable(1, [field(1, 'Phone', true)])).toBeUndefined();
    expect(summaryUnavailable(1, [field(1, 'Phone', true), field(2, 'Team', true)])).toBe('At most 2 fields can be in the profile summary, and "Phone" and "Team" already are.');
    const draft = { ...emptyField(), name: 'Bio', field_type: 2, display_in_profile_summary: true };
    expect(fieldParams(draft, [], 420).problems.display_in_profile_summary).toMatch(/cannot be displayed/);
  });

  it('needs a new name, and the feature level of what it sends', () => {
    expect(fieldParams(emptyField(), [], 420).problems.name).toBeDefined();
    expect(fieldParams({ ...emptyField(), name: 'phone' }, [field(1, 'Phone', false)], 420).problems.name).toMatch(/already exists/);
    expect(fieldParams({ ...emptyField(), name: 'X' }, [], 200).problems.feature_level).toMatch(/244/);
  });
});
