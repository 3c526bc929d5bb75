// Marks messages read as they are seen: an unread message counts as seen when it is in view while
// the window has the reader's attention (focused and shown), so a conversation left open in a
// background window stays unread until the reader comes back to it. The seen ones are flagged in
// one call per second.
const BATCH_MS = 1_000;

/** Whether the reader is looking at the window, and a way to hear when that changes. */
export interface Attention {
  present(): boolean;
  onChange(listener: () => void): () => void;
}

/** The window's focus and visibility. */
export const windowAttention: Attention = {
  present: () => document.visibilityState === 'visible' && document.hasFocus(),
  onChange(listener) {
    window.addEventListener('focus', listener);
    document.addEventListener('visibilitychange', listener);
    return () => {
      window.removeEventListener('focus', listener);
      document.removeEventListener('visibilitychange', listener);
    };
  },
};

export class ReadMarker {
  readonly #seen = new Set<number>();
  /** Unread messages in view now, not yet counted as seen (the window had no attention). */
  readonly #inView = new Set<Element>();
  readonly #observer: IntersectionObserver;
  readonly #stopListening: () => void;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    root: Element | null,
    private readonly flush: (message_ids: number[]) => void,
    private readonly attention: Attention = windowAttention,
  ) {
    this.#observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) this.#inView.add(entry.target);
          else this.#inView.delete(entry.target);
        }
        this.#collect();
      },
      { root, threshold: 0.5 },
    );
    this.#stopListening = attention.onChange(() => this.#collect());
  }

  observe(element: Element): () => void {
    this.#observer.observe(element);
    return () => {
      this.#inView.delete(element);
      this.#observer.unobserve(element);
    };
  }

  /** Counts what is in view as seen, when the reader is looking. */
  #collect(): void {
    if (!this.attention.present()) return;
    for (const element of this.#inView) {
      const id = Number(element.getAttribute('data-message-id'));
      if (id > 0) this.#seen.add(id);
      this.#observer.unobserve(element);
    }
    this.#inView.clear();
    if (this.#seen.size > 0 && this.#timer === undefined) this.#timer = setTimeout(() => this.#send(), BATCH_MS);
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
    this.#stopListening();
    this.#observer.disconnect();
  }
}
