// Moving between sections with something to start from: users picked in the directory open
// the Bulk section's deactivation or role change with those users already chosen.
import type { UserSummary } from '../../../shared/ipc';

/** The bulk jobs that start from a selection of users. */
export type UsersJob = 'deactivate' | 'change_roles';

export const navigation = $state<{ section: string | null; picked: UserSummary[]; job: UsersJob }>({ section: null, picked: [], job: 'deactivate' });

export function pickedInBulk(users: UserSummary[], job: UsersJob): void {
  navigation.picked = users;
  navigation.job = job;
  navigation.section = 'bulk';
}

/** What the users' job form starts from; taken once. */
export function takePickedUsers(): { users: UserSummary[]; job: UsersJob } {
  const users = navigation.picked;
  navigation.picked = [];
  return { users, job: navigation.job };
}
