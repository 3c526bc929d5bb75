// Which edits of a message the organization lets its users see (its
// message_edit_history_visibility_policy): all of them, only the moves, or none.
import type { RealmRow } from '../db/rows';

/** Each policy with the number real servers store it as (and answer PATCH /realm with). */
export const EDIT_HISTORY_POLICY_CODES = { all: 1, moves: 2, none: 3 } as const;
export type EditHistoryPolicy = keyof typeof EDIT_HISTORY_POLICY_CODES;

export const isEditHistoryPolicy = (value: string): value is EditHistoryPolicy => Object.hasOwn(EDIT_HISTORY_POLICY_CODES, value);

export function editHistoryPolicy(realm: RealmRow): EditHistoryPolicy {
  const stored = realm.message_edit_history_visibility_policy;
  return isEditHistoryPolicy(stored) ? stored : 'all';
}

/** The organization's policy as registration announces it, with the older boolean real servers still send. */
export function editHistoryState(realm: RealmRow): Record<string, unknown> {
  const policy = editHistoryPolicy(realm);
  return { realm_message_edit_history_visibility_policy: policy, realm_allow_edit_history: policy !== 'none' };
}
