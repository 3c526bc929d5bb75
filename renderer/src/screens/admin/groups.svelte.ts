// The organization's groups, loaded once per screen for the group picker and for naming the
// groups of listed invitation links.
import type { UserGroupChoice } from '../../../../shared/ipc';
import { call, messageOf } from '../../lib/ipc';

export class GroupsLoad {
  list = $state<UserGroupChoice[] | null>(null);
  problem = $state<string | null>(null);

  constructor() {
    call('groups.list', undefined).then(
      (list) => (this.list = list),
      (e: unknown) => (this.problem = `The groups cannot be offered now: ${messageOf(e)}`),
    );
  }

  nameOf(id: number): string {
    return this.list?.find((group) => group.id === id)?.name ?? `group ${id}`;
  }
}
