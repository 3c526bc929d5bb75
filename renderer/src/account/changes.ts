// The active account's change notices, as main pushes them, to whatever of the account follows them.
import type { MirrorChanges } from '../../../shared/mirror-changes';
import { onMirrorChange } from '../lib/ipc';

export class ChangeStream {
  readonly #listeners = new Set<(changes: MirrorChanges) => void>();
  readonly #stop: () => void;

  constructor() {
    this.#stop = onMirrorChange((changes) => {
      for (const listener of [...this.#listeners]) listener(changes);
    });
  }

  /** Calls `listener` with every notice until the returned stop. */
  on(listener: (changes: MirrorChanges) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  dispose(): void {
    this.#stop();
    this.#listeners.clear();
  }
}
