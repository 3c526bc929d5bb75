// Moving between sections with something to start from: users picked in the directory open the
// Bulk section's deactivation or role change with those users already chosen.
import type { UserSummary } from '../../../shared/ipc';
import type { Router } from './router.svelte';

/** The bulk jobs that start from a selection of users. */
export type UsersJob = 'deactivate' | 'change_roles';

export class PickedUsers {
  /** The Organization area's part to open, once: the bulk jobs, with the users picked. */
  section = $state<'bulk' | null>(null);
  #picked: UserSummary[] = [];
  #job: UsersJob = 'deactivate';
  readonly #router: Router;

  constructor(router: Router) {
    this.#router = router;
  }

  /** Hands the users over to a bulk job, in the Organization area. */
  hand(users: UserSummary[], job: UsersJob): void {
    this.#picked = users;
    this.#job = job;
    this.section = 'bulk';
    this.#router.go({ view: 'organization' });
  }

  /** What the users' job form starts from; taken once. */
  take(): { users: UserSummary[]; job: UsersJob } {
    const users = this.#picked;
    this.#picked = [];
    return { users, job: this.#job };
  }
}
