// The files attached to one message being written. Each file picked, pasted or dropped is staged
// in main (its bytes kept in the account's data, so the message can wait offline with it) and,
// online, uploaded at once. Its place in the text follows it: `[Attaching name…]()` while it is
// staged, then the placeholder `[name](staged:<id>)` (main puts the upload's link there when the
// message is sent), then the family's link `[name](/user_uploads/...)` once uploaded. The text is
// the truth: a marker the writer deletes takes its file with it. A file refused (over the
// server's limit) or cancelled leaves the text as it was typed.
import { uploadLink } from '../../../shared/api/uploads';
import { UPLOAD_TRY_LATER } from '../../../shared/ipc';
import { stagedPlaceholder, stagedReferences } from '../../../shared/staged-links';
import { CallError, messageOf } from '../lib/ipc';
import type { FileTransfer } from './transfer';

/** The text the files go into: the compose box's, read and written through here. */
export interface ComposeText {
  get(): string;
  /** The new text, and where the caret goes (after what was inserted). */
  set(text: string, caret?: number): void;
  /** Where new files go. */
  caret(): number;
}

export type AttachmentPhase = 'staging' | 'uploading' | 'uploaded' | 'waiting' | 'failed';

export interface Attachment {
  readonly key: number;
  readonly name: string;
  /** Unknown for a file named by a text restored from a draft. */
  readonly size: number | null;
  /** An object URL of a picked image's own bytes, its thumbnail; null for other files (and SVG, never shown). */
  readonly preview: string | null;
  phase: AttachmentPhase;
  /** Bytes staged, then uploaded, so far. */
  done: number;
  /** Why it failed, or why it waits. */
  problem: string | null;
}

/** What is kept of an attachment beside what the screen shows. */
interface Held {
  staged_id: string | null;
  /** Its marker as it stands in the text now, and the separators inserted around it. */
  marker: string;
  before: string;
  after: string;
  controller: AbortController;
}

/** Image types shown as thumbnails from their own bytes: never SVG, which can carry script. */
function previewable(file: File): boolean {
  return file.type.startsWith('image/') && !file.type.includes('svg');
}

export class Attachments {
  items = $state<Attachment[]>([]);
  /** Whether a file is still being staged: the message waits for it before it can be sent. */
  readonly staging = $derived(this.items.some((item) => item.phase === 'staging'));
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- what the list does not show
  readonly #held = new Map<number, Held>();
  #nextKey = 1;

  constructor(
    private readonly text: ComposeText,
    private readonly transfer: FileTransfer,
    private readonly online: () => boolean,
  ) {}

  /** Attaches files where the caret is, each on a line of its own. */
  add(files: Iterable<File>): void {
    let at = this.text.caret();
    for (const file of files) at = this.#attach(file, at);
  }

  /** Stops and removes an attachment: its marker leaves the text, its staged copy goes. */
  remove(key: number): void {
    const held = this.#held.get(key);
    const item = this.#item(key);
    if (!item) return;
    if (held) {
      held.controller.abort();
      this.#removeMarker(held);
      if (held.staged_id !== null && item.phase !== 'uploaded') void this.transfer.discardStaged(held.staged_id).catch(() => undefined);
    }
    this.#forget(key);
  }

  /**
   * The text changed by the writer's hand (or was replaced: a draft restored, a message taken
   * back): attachments whose markers left it go; placeholders it names that are not shown yet
   * are shown, and uploaded when online.
   */
  follow(): void {
    const text = this.text.get();
    for (const item of [...this.items]) {
      const held = this.#held.get(item.key);
      if (held && item.phase !== 'failed' && !text.includes(held.marker)) this.remove(item.key);
    }
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a local tally, never shown
    const shown = new Set([...this.#held.values()].map((held) => held.staged_id));
    for (const reference of stagedReferences(text)) {
      if (shown.has(reference.staged_id)) continue;
      shown.add(reference.staged_id);
      const key = this.#nextKey++;
      this.items.push({ key, name: reference.name, size: null, preview: null, phase: 'waiting', done: 0, problem: null });
      this.#held.set(key, { staged_id: reference.staged_id, marker: reference.text, before: '', after: '', controller: new AbortController() });
      void this.#upload(key);
    }
  }

  /** The message went with its text: the outbox has its files now. Nothing is discarded. */
  sent(): void {
    for (const item of this.items) this.#forget(item.key);
  }

  /**
   * The compose field goes away. Files still being staged stop and leave the text; the others stay
   * named by it (a draft keeps them) unless `discard` (a dialog closed without sending).
   */
  dispose(discard: boolean): void {
    for (const item of [...this.items]) {
      const held = this.#held.get(item.key);
      if (held && (discard || item.phase === 'staging')) this.remove(item.key);
      else this.#forget(item.key);
    }
  }

  #attach(file: File, at: number): number {
    const key = this.#nextKey++;
    const text = this.text.get();
    const marker = `[Attaching ${file.name.replace(/[[\]\r\n]/g, '')}…]()`;
    const before = at > 0 && text[at - 1] !== '\n' ? '\n' : '';
    const after = at < text.length && text[at] !== '\n' ? '\n' : '';
    const inserted = before + marker + after;
    this.text.set(text.slice(0, at) + inserted + text.slice(at), at + before.length + marker.length);
    this.items.push({
      key,
      name: file.name,
      size: file.size,
      preview: previewable(file) ? URL.createObjectURL(file) : null,
      phase: 'staging',
      done: 0,
      problem: null,
    });
    const held: Held = { staged_id: null, marker, before, after, controller: new AbortController() };
    this.#held.set(key, held);
    void this.#stage(key, file, held);
    return at + inserted.length;
  }

  async #stage(key: number, file: File, held: Held): Promise<void> {
    try {
      const staged = await this.transfer.stageFile(file, (done) => this.#update(key, { done }), held.controller.signal);
      held.staged_id = staged.staged_id;
    } catch (error) {
      if (held.controller.signal.aborted) return;
      // Refused (over the server's limit, say) before a byte went, or not kept: the text as typed.
      this.#removeMarker(held);
      this.#held.delete(key);
      this.#update(key, { phase: 'failed', problem: messageOf(error) });
      return;
    }
    if (!this.#replaceMarker(held, stagedPlaceholder(file.name, held.staged_id))) {
      // Its marker was deleted meanwhile, or the text was sent without it.
      void this.transfer.discardStaged(held.staged_id).catch(() => undefined);
      this.#forget(key);
      return;
    }
    this.#update(key, { phase: 'waiting', done: 0 });
    await this.#upload(key);
  }

  /** Uploads a staged file now when online; offline (or failing for now) it waits for the message to be sent. */
  async #upload(key: number): Promise<void> {
    const held = this.#held.get(key);
    if (!held?.staged_id) return;
    if (!this.online()) {
      this.#update(key, { phase: 'waiting', problem: 'Offline: uploaded when the message is sent.' });
      return;
    }
    const staged_id = held.staged_id;
    this.#update(key, { phase: 'uploading', done: 0, problem: null });
    let url: string;
    try {
      ({ url } = await this.transfer.uploadStaged(staged_id, (done) => this.#update(key, { done }), held.controller.signal));
    } catch (error) {
      if (held.controller.signal.aborted || !this.#held.has(key)) return;
      if (error instanceof CallError && error.code === UPLOAD_TRY_LATER) {
        this.#update(key, { phase: 'waiting', problem: `${error.message} It is uploaded when the message is sent.` });
        return;
      }
      // Refused by the server: the text as typed, the file no longer kept.
      this.#removeMarker(held);
      this.#held.delete(key);
      void this.transfer.discardStaged(staged_id).catch(() => undefined);
      this.#update(key, { phase: 'failed', problem: messageOf(error) });
      return;
    }
    // Sent meanwhile with its placeholder (the outbox has it), or removed: nothing more to do here.
    if (!this.#held.has(key)) return;
    const name = this.#item(key)?.name ?? '';
    if (this.#replaceMarker(held, uploadLink(name, url))) this.#update(key, { phase: 'uploaded' });
    else this.#forget(key);
    // The link is in the text: the staged copy is no longer needed (main keeps it while a queued message names it).
    void this.transfer.discardStaged(staged_id).catch(() => undefined);
  }

  #item(key: number): Attachment | undefined {
    return this.items.find((item) => item.key === key);
  }

  #update(key: number, change: Partial<Pick<Attachment, 'phase' | 'done' | 'problem'>>): void {
    const item = this.#item(key);
    if (item) Object.assign(item, change);
  }

  /** Drops an attachment from the list (what it named stays as it is), its thumbnail released. */
  #forget(key: number): void {
    const item = this.#item(key);
    if (item?.preview) URL.revokeObjectURL(item.preview);
    this.#held.delete(key);
    this.items = this.items.filter((candidate) => candidate.key !== key);
  }

  #replaceMarker(held: Held, marker: string): boolean {
    const at = this.text.get().indexOf(held.marker);
    if (at < 0) return false;
    this.#splice(at, held.marker.length, marker);
    held.marker = marker;
    return true;
  }

  /** Takes a marker out of the text with the line breaks put around it, or alone when the writer changed those. */
  #removeMarker(held: Held): void {
    const text = this.text.get();
    const whole = held.before + held.marker + held.after;
    const at = text.indexOf(whole);
    if (at >= 0) this.#splice(at, whole.length, '');
    else if (text.includes(held.marker)) this.#splice(text.indexOf(held.marker), held.marker.length, '');
  }

  /** Replaces `length` characters at `at`; the caret stays where it was in what the writer typed. */
  #splice(at: number, length: number, inserted: string): void {
    const text = this.text.get();
    const caret = this.text.caret();
    const moved = caret <= at ? caret : caret >= at + length ? caret + inserted.length - length : at + inserted.length;
    this.text.set(text.slice(0, at) + inserted + text.slice(at + length), moved);
  }
}
