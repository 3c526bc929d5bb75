// The signed-in user as main reads them from the mirror (role, time zone): read again when the
// realm, or this user's own record, changed.
import type { MeView } from '../../../shared/ipc';
import { ROLES } from '../../../shared/api/limits';
import { emptyTopicName } from '../../../shared/conversation-title';
import { call } from '../lib/ipc';
import { Query } from '../lib/query.svelte';
import type { ChangeStream } from './changes';

export class Me {
  readonly #query = new Query<MeView>(() => call('me.get', undefined));
  readonly current = $derived(this.#query.value ?? null);
  /** Why the user's record could not be read. */
  readonly error = $derived(this.#query.error);
  /** Owners and administrators; false while the role is not known yet. */
  readonly isAdministrator = $derived(this.current?.role != null && this.current.role <= ROLES.administrator);
  /** What the organization calls the empty topic. */
  readonly emptyTopic = $derived(emptyTopicName(this.current?.announced ?? {}));

  constructor(changes: ChangeStream) {
    this.#query.onRelease(
      changes.on((notice) => {
        const own = this.current?.user_id;
        if (notice.all || notice.changed.realm !== undefined || (notice.changed.users ?? []).some((id) => own === undefined || id === own)) void this.#query.refresh();
      }),
    );
    void this.#query.refresh();
  }

  dispose(): void {
    this.#query.release();
  }
}
