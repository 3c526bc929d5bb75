// The compose box's preview, as the family's clients offer it: the text as the server would render
// it (POST /messages/render), shown instead of the box until the user goes back to writing. It
// needs the connection: the server renders. A text changed (sent, taken back) ends it.
import type { Content } from '../../content/nodes';
import { readContent } from '../../content/read';
import { call, messageOf } from '../../lib/ipc';

export class ComposePreview {
  /** The rendered text; null while the box is shown. */
  content = $state<Content | null>(null);
  waiting = $state(false);
  error = $state<string | null>(null);
  #of = '';
  #asked = 0;

  constructor(readonly server_url: string) {}

  async show(text: string): Promise<void> {
    const asked = ++this.#asked;
    this.waiting = true;
    this.error = null;
    try {
      const { rendered } = await call('compose.preview', { content: text });
      if (asked !== this.#asked) return;
      this.#of = text;
      this.content = readContent(rendered, this.server_url);
    } catch (e) {
      if (asked === this.#asked) this.error = messageOf(e);
    } finally {
      if (asked === this.#asked) this.waiting = false;
    }
  }

  hide(): void {
    this.#asked += 1;
    this.waiting = false;
    this.content = null;
  }

  /** The box's text now: a preview of another text goes. */
  follow(text: string): void {
    if (this.content !== null && text !== this.#of) this.hide();
  }
}
