// The messages open for editing, with their text as typed: kept by the account, not by the feed
// that shows them, so an edit left open (another conversation read meanwhile, a row scrolled out
// of view) is there, as it was, when its message is shown again, as in the family's web client.
// The feed showing an edit's message holds it; an edit no feed holds whose message is deleted
// meanwhile goes, changed, to its conversation's compose box if one is open, to its draft
// otherwise (the box says why when opened): typed text is never lost.
import type { MirrorChanges } from '../../../shared/mirror-changes';
import { call } from '../lib/ipc';
import { withTextAfter } from '../screens/compose/drafts';
import type { ChangeStream } from './changes';

export interface EditInProgress {
  message_id: number;
  /** The message's source when the editor opened. */
  original: string;
  content: string;
}

/** What the compose box says when it holds the text of an edit whose message went. */
export const EDIT_LOST_NOTICE = 'The message you were editing was deleted or moved: what you wrote is here.';

interface Kept extends EditInProgress {
  /** The conversation the message was in when last seen: where its text goes if it is deleted. */
  conversation: string;
  holder: EditHolder | null;
}

/** An open compose box, as edits whose message went reach it. */
export interface ComposeBox {
  conversation(): string;
  takeBack(content: string, why: string): void;
}

export class EditsInProgress {
  readonly #kept = new Map<number, Kept>();
  /** Conversations whose draft took an edit's text while nobody looked: their compose box says so once. */
  readonly #handedOver = new Set<string>();
  readonly #boxes = new Set<ComposeBox>();
  readonly #stop: () => void;

  constructor(changes: ChangeStream) {
    this.#stop = changes.on((notice) => void this.#noticed(notice));
  }

  /** The edits of one feed's messages: the feed holds those it shows until it goes. */
  holder(): EditHolder {
    return new EditHolder(this.#kept);
  }

  /** An open compose box, until the returned stop. */
  composing(box: ComposeBox): () => void {
    this.#boxes.add(box);
    return () => this.#boxes.delete(box);
  }

  /** Whether this conversation's draft took an edit's text since its compose box last said so. */
  takeHandedOver(conversation: string): boolean {
    return this.#handedOver.delete(conversation);
  }

  dispose(): void {
    this.#stop();
  }

  /** An edit nobody shows whose message a notice names: it follows a move, and a deletion sends its text to the draft. */
  async #noticed(notice: MirrorChanges): Promise<void> {
    const named = new Set(notice.changed.messages ?? []);
    const away = [...this.#kept.values()].filter((edit) => edit.holder === null && (notice.all || named.has(edit.message_id)));
    for (const edit of away) {
      const where = await call('messages.locate', { message_id: edit.message_id }).catch(() => undefined);
      if (where === undefined || this.#kept.get(edit.message_id) !== edit || edit.holder !== null) continue;
      if (where !== null) {
        edit.conversation = where.conversation;
        continue;
      }
      this.#kept.delete(edit.message_id);
      // Kept again if the draft could not take it: the next full notice tries again.
      if (edit.content !== edit.original) await this.#handOver(edit).catch(() => this.#kept.set(edit.message_id, edit));
    }
  }

  async #handOver(edit: Kept): Promise<void> {
    const box = [...this.#boxes].find((open) => open.conversation() === edit.conversation);
    if (box) return box.takeBack(edit.content, EDIT_LOST_NOTICE);
    const draft = (await call('drafts.get', { conversation: edit.conversation }))?.content ?? '';
    await call('drafts.save', { conversation: edit.conversation, content: withTextAfter(draft, edit.content) });
    this.#handedOver.add(edit.conversation);
  }
}

/** One feed's hold on the edits of the messages it shows. */
export class EditHolder {
  readonly #kept: Map<number, Kept>;

  constructor(kept: Map<number, Kept>) {
    this.#kept = kept;
  }

  of(message_id: number): EditInProgress | undefined {
    return this.#kept.get(message_id);
  }

  keep(edit: EditInProgress & { conversation: string }): void {
    this.#kept.set(edit.message_id, { ...edit, holder: this });
  }

  /** Saved or cancelled. */
  close(message_id: number): void {
    this.#kept.delete(message_id);
  }

  /** Messages that left the feed (deleted or moved): the changed text of an edit open on one of them, which goes with it. */
  left(message_ids: readonly number[]): string[] {
    const lost: string[] = [];
    for (const message_id of message_ids) {
      const edit = this.#kept.get(message_id);
      if (edit?.holder !== this) continue;
      this.#kept.delete(message_id);
      if (edit.content !== edit.original) lost.push(edit.content);
    }
    return lost;
  }

  /** The feed went: its edits wait for their messages to be shown again. */
  release(): void {
    for (const edit of this.#kept.values()) if (edit.holder === this) edit.holder = null;
  }
}
