// The names the account's screens show for ids: people (who reacted, who is typing), asked of main
// once and asked again when main says their record changed; channels and direct conversations as
// the sidebar read them, so the main pane can title a conversation not cached yet the same way.
import { SvelteMap } from 'svelte/reactivity';
import type { ConversationKey } from '../../../shared/conversation';
import { call } from '../lib/ipc';
import type { ChangeStream } from './changes';

export class Names {
  readonly #users = new SvelteMap<number, string>();
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- who was asked for already, never shown
  readonly #asked = new Set<number>();
  readonly channels = new SvelteMap<number, string>();
  readonly directs = new SvelteMap<ConversationKey, string>();
  readonly #stop: () => void;

  constructor(changes: ChangeStream) {
    this.#stop = changes.on((notice) => {
      const renamed = notice.all ? [...this.#users.keys()] : (notice.changed.users ?? []).map(Number);
      for (const user_id of renamed) {
        this.#asked.delete(user_id);
        if (this.#users.has(user_id)) this.#ask(user_id);
      }
    });
  }

  /** A user's name, asked of main once; "User N" until known. */
  user(user_id: number): string {
    const known = this.#users.get(user_id);
    if (known !== undefined) return known;
    this.#ask(user_id);
    return `User ${user_id}`;
  }

  channel(stream_id: number): string {
    return this.channels.get(stream_id) ?? `channel ${stream_id}`;
  }

  direct(conversation: ConversationKey): string {
    return this.directs.get(conversation) ?? 'Direct message';
  }

  #ask(user_id: number): void {
    if (this.#asked.has(user_id)) return;
    this.#asked.add(user_id);
    call('users.profile', { user_id }).then(
      (profile) => profile && this.#users.set(user_id, profile.user.full_name),
      () => undefined,
    );
  }

  dispose(): void {
    this.#stop();
  }
}
