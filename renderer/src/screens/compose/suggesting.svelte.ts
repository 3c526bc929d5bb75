// Suggestions at the caret of a text box (`@` people, `#` channels and topics, `:` emoji from the
// vocabulary), the same for the compose box and the dialogs that write a first message: what the
// caret is in is asked of the vocabulary (an older question's answer dropped), the arrows move
// through the answer, Enter or Tab picks, Escape closes.
import { triggerAt, type Suggestion } from './autocomplete';
import { caretOffset } from './caret';
import type { Vocabulary } from './vocabulary';

export class Suggesting {
  suggestions = $state<Suggestion[]>([]);
  active = $state(0);
  /** Where the list goes: the caret's distance from the box's left edge. */
  at = $state({ left: 0, top: 0 });
  readonly open = $derived(this.suggestions.length > 0);
  /** Where the text a pick replaces starts. */
  from = 0;
  #asked = 0;

  constructor(
    private readonly vocabulary: Vocabulary,
    readonly listId: string,
  ) {}

  /** Asks what the caret of `box` is in; an answer to an older question is dropped. */
  async update(box: HTMLTextAreaElement): Promise<void> {
    const trigger = triggerAt(box.value, box.selectionStart);
    const ask = ++this.#asked;
    if (!trigger) {
      this.suggestions = [];
      return;
    }
    const found = await this.vocabulary.suggest(trigger).catch(() => []);
    if (ask !== this.#asked) return;
    this.from = trigger.start;
    this.suggestions = found;
    this.active = 0;
    if (found.length > 0) this.at = caretOffset(box);
  }

  /** Nothing is left to complete (a pick, text set by the app): a question on its way is dropped too. */
  close(): void {
    this.#asked++;
    this.suggestions = [];
  }

  /** The keys the open list takes (arrows, Enter or Tab, Escape); true when the key was its. */
  keydown(event: KeyboardEvent, pick: (suggestion: Suggestion) => void): boolean {
    if (!this.open) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      this.active = (this.active + (event.key === 'ArrowDown' ? 1 : this.suggestions.length - 1)) % this.suggestions.length;
    } else if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) {
      pick(this.suggestions[this.active]!);
    } else if (event.key === 'Escape') {
      // Closes the suggestions; the text stays.
      this.suggestions = [];
    } else {
      return false;
    }
    event.preventDefault();
    return true;
  }
}
