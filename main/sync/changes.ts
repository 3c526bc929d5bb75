import type { MirrorChanges, MirrorKind } from '../../shared/mirror-changes';

/** Collects the keys touched while a batch is applied, each once, into one notice. */
export class ChangeCollector {
  readonly #changed = new Map<MirrorKind, Set<number | string>>();

  add(kind: MirrorKind, ...keys: (number | string)[]): void {
    let set = this.#changed.get(kind);
    if (!set) this.#changed.set(kind, (set = new Set()));
    for (const key of keys) set.add(key);
  }

  get empty(): boolean {
    return this.#changed.size === 0;
  }

  notice(): MirrorChanges {
    return { all: false, changed: Object.fromEntries([...this.#changed].map(([kind, keys]) => [kind, [...keys]])) };
  }
}

export const EVERYTHING_CHANGED: MirrorChanges = { all: true, changed: {} };
