// A conversation's draft, kept in the mirror as the user types: saved 300 ms after the last
// change, and at once when the conversation is left or the window closes. Where the box chooses
// its conversation (a channel's feed, its topic field), the draft follows the choice, and so it
// does when the topic moves.
import { call } from '../../lib/ipc';

const SAVE_AFTER_MS = 300;

/** Text that comes back to a compose box (a message discarded, an edit whose message went) goes after what it holds, on a line of its own. */
export function withTextAfter(text: string, added: string): string {
  return text.trim() === '' ? added : `${text}\n${added}`;
}

export class DraftKeeper {
  #timer: ReturnType<typeof setTimeout> | undefined;
  #unsaved: string | null = null;
  /** This keeper wrote (or read) the draft now stored for its conversation. */
  #holds = false;
  /** The text this keeper last stored (or read): main moves it along when the topic moves. */
  #stored: string | null = null;

  constructor(private conversation: string) {}

  async load(): Promise<string> {
    const content = (await call('drafts.get', { conversation: this.conversation }))?.content ?? '';
    this.#holds = content !== '';
    this.#stored = content;
    return content;
  }

  /**
   * The box now writes to another conversation: what it holds is kept there, and the draft it kept
   * under the old one goes (never a draft it did not write). Returns the old one, or undefined
   * when it is the same.
   */
  moveTo(conversation: string, content: string): string | undefined {
    const previous = this.conversation;
    if (conversation === previous) return undefined;
    const held = this.#holds;
    this.drop();
    if (held) void call('drafts.save', { conversation: previous, content: '' }).catch(() => undefined);
    this.conversation = conversation;
    this.#holds = false;
    if (content !== '') this.change(content);
    return previous;
  }

  /**
   * The conversation moved (its topic renamed, resolved or moved): `content` goes with it, as its
   * draft there, unless that conversation has a draft of its own (the keeper then stays where it
   * was). The draft this keeper stored is there already, moved by main with the topic, and is
   * no draft of that conversation's own. Whether it followed.
   */
  async follow(next: string, content: string): Promise<boolean> {
    const mine = this.#holds ? this.#stored : null;
    const there = (await call('drafts.get', { conversation: next }))?.content;
    if (content === '' || (there !== undefined && there !== mine)) {
      this.flush();
      return false;
    }
    this.moveTo(next, content);
    this.flush();
    return true;
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
    this.#holds = content !== '';
    this.#stored = content;
    void call('drafts.save', { conversation: this.conversation, content }).catch(() => (this.#unsaved ??= content));
  }
}
