// The message a feed has open for editing, and its text as typed: kept by the feed, not by the
// message's row, which the list unmounts when it scrolls out of view (the row opens the editor
// again with the text when it comes back). An edit whose message leaves the feed while it is open
// (deleted or moved by someone else) is handed over, changed, to the compose box: typed text is
// never lost.

export interface EditInProgress {
  message_id: number;
  /** The message's source when the editor opened. */
  original: string;
  content: string;
}

export class EditsInProgress {
  #open = $state<EditInProgress | null>(null);
  /** The text of an edit whose message left the feed while open, changed, until the compose box takes it. */
  lost = $state<string | null>(null);

  of(message_id: number): EditInProgress | undefined {
    return this.#open?.message_id === message_id ? this.#open : undefined;
  }

  keep(edit: EditInProgress): void {
    this.#open = edit;
  }

  /** Saved or cancelled. */
  close(message_id: number): void {
    if (this.#open?.message_id === message_id) this.#open = null;
  }

  /** Messages that left the feed: an edit open on one of them is lost to it, its text kept. */
  left(message_ids: readonly number[]): void {
    const open = this.#open;
    if (open === null || !message_ids.includes(open.message_id)) return;
    this.#open = null;
    if (open.content !== open.original) this.lost = open.content;
  }
}
