// A conversation's draft, kept in the mirror as the user types: saved 300 ms after the last
// change, and at once when the conversation is left or the window closes.
import { call } from '../../lib/ipc';

const SAVE_AFTER_MS = 300;

export class DraftKeeper {
  #timer: ReturnType<typeof setTimeout> | undefined;
  #unsaved: string | null = null;

  constructor(private readonly conversation: string) {}

  async load(): Promise<string> {
    return (await call('drafts.get', { conversation: this.conversation }))?.content ?? '';
  }

  change(content: string): void {
    this.#unsaved = content;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.flush(), SAVE_AFTER_MS);
  }

  /** Forgets the unsaved change: main cleared the draft itself (the message was sent or queued). */
  drop(): void {
    clearTimeout(this.#timer);
    this.#unsaved = null;
  }

  flush(): void {
    clearTimeout(this.#timer);
    if (this.#unsaved === null) return;
    const content = this.#unsaved;
    this.#unsaved = null;
    void call('drafts.save', { conversation: this.conversation, content }).catch(() => (this.#unsaved ??= content));
  }
}
