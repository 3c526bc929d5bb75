// Marks messages read as they are seen: each unread message that comes into view is collected,
// and the collected ones are flagged in one call per second.
const BATCH_MS = 1_000;

export class ReadMarker {
  readonly #seen = new Set<number>();
  readonly #observer: IntersectionObserver;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    root: Element | null,
    private readonly flush: (message_ids: number[]) => void,
  ) {
    this.#observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const id = Number(entry.target.getAttribute('data-message-id'));
          if (id > 0) this.#seen.add(id);
          this.#observer.unobserve(entry.target);
        }
        if (this.#seen.size > 0 && this.#timer === undefined) this.#timer = setTimeout(() => this.#send(), BATCH_MS);
      },
      { root, threshold: 0.5 },
    );
  }

  observe(element: Element): () => void {
    this.#observer.observe(element);
    return () => this.#observer.unobserve(element);
  }

  #send(): void {
    this.#timer = undefined;
    const ids = [...this.#seen];
    this.#seen.clear();
    if (ids.length > 0) this.flush(ids);
  }

  /** Sends what was seen so far and stops watching. */
  close(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#send();
    this.#observer.disconnect();
  }
}
