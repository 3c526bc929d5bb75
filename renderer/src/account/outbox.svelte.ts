// The account's actions waiting in the outbox, as every screen shows them pending or refused in
// place: one list, read again when a notice names an action's record (the messages waiting for a
// conversation are its view's, which reads them with the conversation).
import { conversationOfRecordKey, type OutboxItemView } from '../../../shared/outbox-records';
import { call } from '../lib/ipc';
import { Query } from '../lib/query.svelte';
import type { ChangeStream } from './changes';

export class Outbox {
  readonly #query = new Query<OutboxItemView[]>(() => call('outbox.list', undefined));
  readonly items = $derived(this.#query.value ?? []);
  readonly error = $derived(this.#query.error);

  constructor(changes: ChangeStream) {
    this.#query.onRelease(
      changes.on((notice) => {
        if (notice.all || (notice.changed.outbox ?? []).some((key) => conversationOfRecordKey(String(key)) === undefined)) void this.#query.refresh();
      }),
    );
    void this.#query.refresh();
  }

  /** Items about one mirrored record (e.g. `saved_snippets:7`), oldest first. */
  about(record_key: string): OutboxItemView[] {
    return this.items.filter((item) => item.record_key === record_key);
  }

  dispose(): void {
    this.#query.release();
  }
}
