// Moving between sections with something to start from: users picked in the directory open
// the Bulk section's deactivation with those users already chosen.
import type { UserSummary } from '../../../shared/ipc';

export const navigation = $state<{ section: string | null; deactivate: UserSummary[] }>({ section: null, deactivate: [] });

export function deactivateInBulk(users: UserSummary[]): void {
  navigation.deactivate = users;
  navigation.section = 'bulk';
}

/** What the deactivation form starts from; taken once. */
export function takeUsersToDeactivate(): UserSummary[] {
  const users = navigation.deactivate;
  navigation.deactivate = [];
  return users;
}
