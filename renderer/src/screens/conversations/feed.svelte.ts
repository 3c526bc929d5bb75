// A feed's messages as the reader has them: opened at the first unread one (the mirror's at once,
// then the server's when online), older and newer pages on scroll, "Jump to newest", the changes a
// notice names (new, edited, flagged, moved or deleted messages of this feed only), unread ones
// marked read as they are seen (no longer once the reader marks some unread again), and the
// messages still in the outbox. One conversation's feed or a
// whole channel's: the source says which (feed-source.ts); FeedList.svelte shows it.
import { tick } from 'svelte';
import type { VList } from 'virtua/svelte';
import type { Reaction } from '../../../../shared/api/records';
import type { ConversationKey } from '../../../../shared/conversation';
import type { MessageView } from '../../../../shared/ipc';
import type { MirrorChanges } from '../../../../shared/mirror-changes';
import { SerialPasses } from '../../../../shared/serial-passes';
import type { AccountState, EditHolder } from '../../account/context';
import { call, messageOf } from '../../lib/ipc';
import { feedLayout, type FeedRow } from './feed-layout';
import { alreadyShown, appendNewer, mergeUpdate, shownOf, withFlag } from './feed-merge';
import { PAGE, pendingInOrder, type FeedPage, type FeedSource, type FeedUpdate, type OpeningPages, type PendingByConversation } from './feed-source';
import { quoteAndReply } from './quote';
import { ReadMarker } from './read-marker';
import { withTextAfter } from '../compose/drafts';

/** The most a refresh of the window reads again (after a registration, or a burst of messages). */
const WINDOW_MAX = 500;

export class Feed {
  readonly #account: AccountState;
  messages = $state<MessageView[]>([]);
  pendingBy = $state<PendingByConversation>({});
  foundOldest = $state(false);
  /** The window reaches the newest message: new ones are added as they come. */
  foundNewest = $state(true);
  /** The first message unread as the feed opened: the "New messages" divider stays above it. */
  newFrom = $state<number | null>(null);
  /** The reader is at the end of the window. */
  atEnd = $state(true);
  loading = $state(false);
  loaded = $state(false);
  shift = $state(false);
  error = $state<string | null>(null);
  /** Every message shown moved away (the topic renamed, resolved or moved, by anyone): where they went. */
  movedTo = $state<ConversationKey | null>(null);
  /** Every message shown was deleted (the topic deleted, say): the empty feed says so. */
  deleted = $state(false);
  /** The messages open for editing here, with their text as typed. */
  readonly edits: EditHolder;
  /** The text of edits whose message left the feed while open, changed, until the compose box takes it. */
  lostEdit = $state<string | null>(null);
  /** The message j and k move between and r replies to. */
  selected = $state<number | null>(null);
  list: VList<FeedRow> | undefined = $state();
  /** The element holding the messages: where selection looks for them. */
  element: HTMLElement | undefined = $state();

  /** The messages as rows: grouped, with their dividers (feed-layout.ts). */
  readonly rows: FeedRow[];
  readonly pending = $derived(pendingInOrder(this.pendingBy));

  /** Whether the reader follows the end: new messages keep them there. */
  #following = true;
  /** Counts opening pages shown: each says anew where the feed stands. */
  #openings = 0;
  /** Counts reads of the whole window: an older one's answer is dropped. */
  #windowReads = 0;
  /** Message ids named by notices and not read back yet; one update at a time asks for them. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, never shown
  readonly #named = new Set<number>();
  readonly #updates = new SerialPasses(() => this.#applyUpdate());
  /** Counts notices; `#pendingAt` is the one the messages waiting were last taken from. */
  #notices = 0;
  #pendingAt = 0;
  /** After "Mark as unread from here" nothing this feed shows is marked read, as in the family's clients, until it is left. */
  #readingPrevented = false;
  // Made before any message renders, so the first ones seen are counted too.
  readonly #marker = new ReadMarker(null, (ids) => {
    if (!this.#readingPrevented) void this.flag(ids, 'read', true);
  });
  readonly #stop: () => void;
  /** Both opening pages shown (or refused): rereads wait for it (see #reread). */
  readonly #opened: Promise<void>;
  readonly source: FeedSource;

  constructor(
    account: AccountState,
    opening: OpeningPages,
    /** Whether the connection is up now: pages past the newest come from the mirror offline. */
    readonly online: () => boolean,
  ) {
    this.#account = account;
    this.edits = account.edits.holder();
    this.rows = $derived(feedLayout(this.messages, { timeZone: account.timeZone.zone, now: account.messageActions.now, newFrom: this.newFrom }));
    this.source = opening.source;
    this.#opened = this.#open(opening);
    this.#stop = this.#account.changes.on((changes) => this.#noticed(changes));
  }

  dispose(): void {
    this.#stop();
    this.#marker.close();
    this.edits.release();
  }

  toEnd(): void {
    if (this.messages.length > 0) this.#reveal(this.messages.length - 1, 'end');
  }

  /**
   * Scrolls to a message once the list holds the messages just set, before the next frame: a
   * frame's wait would first lay out and paint the list where it was (its top, as a feed opens),
   * then render the messages asked for a frame later. The list keeps adjusting as it measures them.
   */
  #reveal(index: number, align: 'start' | 'center' | 'end'): void {
    void tick().then(() => this.list?.scrollToIndex(index, { align }));
  }

  #show(page: FeedPage, complete: boolean): void {
    this.shift = false;
    this.messages = page.messages;
    this.pendingBy = page.pending;
    if (complete) this.foundOldest = page.found_oldest;
    this.foundNewest = page.found_newest;
    this.error = null;
    this.loaded = true;
    if (this.#following) this.toEnd();
  }

  /**
   * An opening page: shown at its first unread message, the divider fixed there for this visit;
   * opened near a message, shown at that message, selected.
   */
  #showOpening(page: FeedPage, complete: boolean, near: number | undefined): void {
    const firstUnread = page.messages.findIndex((view) => !view.flags.includes('read'));
    if (this.newFrom === null && firstUnread >= 0) this.newFrom = page.messages[firstUnread]!.message.id;
    const target = near ?? this.newFrom;
    const at = target === null ? -1 : page.messages.findIndex((view) => view.message.id === target);
    this.#openings += 1;
    this.#following = at < 0 && page.found_newest;
    this.#show(page, complete);
    if (near !== undefined && at >= 0) this.selected = near;
    if (at >= 0) this.#reveal(at, near === undefined ? 'start' : 'center');
  }

  /** The mirror's page at once (unless it holds nothing while the server's is coming), then the server's. */
  async #open(pages: OpeningPages): Promise<void> {
    const asked = ++this.#windowReads;
    try {
      const page = await pages.mirror;
      if (asked === this.#windowReads && (page.messages.length > 0 || !pages.server)) this.#showOpening(page, !pages.server, pages.near);
    } catch (e) {
      if (asked === this.#windowReads) this.error = messageOf(e);
    }
    if (!pages.server) {
      this.loaded = true;
      return;
    }
    try {
      const page = await pages.server;
      if (asked === this.#windowReads) this.#showOpening(page, true, pages.near);
    } catch (e) {
      if (asked === this.#windowReads) this.error = messageOf(e);
    } finally {
      this.loaded = true;
    }
  }

  /** The whole window again, from the mirror: after a registration replaced it, a burst too large for an update, or a change of which messages belong. */
  async #reread(): Promise<void> {
    // Asked before the server's opening page is in, the reread would drop that page and with it
    // whether the window reaches the feed's oldest message; a message that comes to belong, older
    // than those shown (starred again), would then never show.
    await this.#opened;
    const asked = ++this.#windowReads;
    try {
      const page = await this.source.page({ limit: Math.min(WINDOW_MAX, Math.max(PAGE, this.messages.length)), cached: true });
      if (asked !== this.#windowReads) return;
      const oldest = this.messages[0]?.message.id;
      // Shown down to the oldest, the window is the mirror's as it is now: a message that came to
      // belong (starred again, a topic unmuted) shows even when older than those shown.
      const whole = oldest === undefined || this.foundOldest;
      this.#show({ ...page, messages: whole ? page.messages : page.messages.filter((v) => v.message.id >= oldest) }, whole);
    } catch (e) {
      if (asked === this.#windowReads) this.error = messageOf(e);
    }
  }

  /** Whether a notice changed messages this feed shows or should (new, moved in), remembering which. */
  #messagesChanged(changes: MirrorChanges): boolean {
    const ids = shownOf(this.messages, (changes.changed.messages ?? []).map(Number));
    for (const id of ids) this.#named.add(id);
    return ids.length > 0 || (changes.changed.messages !== undefined && changes.conversations.some((key) => this.source.holds(key)));
  }

  #noticed(changes: MirrorChanges): void {
    this.#notices += 1;
    if (changes.all || this.source.regroups?.(changes)) return void this.#reread();
    if (this.#messagesChanged(changes)) return this.#updates.run();
    // Only the queue changed (a message queued, sent, refused): the notice carries it, no call needed.
    const waiting = Object.entries(changes.pending ?? {}).filter(([key]) => this.source.holds(key));
    if (waiting.length === 0) return;
    const before = this.pending.length;
    this.pendingBy = { ...this.pendingBy, ...Object.fromEntries(waiting) };
    this.#pendingAt = this.#notices;
    if (this.pending.length > before) void this.jumpToNewest();
  }

  async #applyUpdate(): Promise<void> {
    const message_ids = [...this.#named];
    this.#named.clear();
    const askedAt = this.#notices;
    let answer: FeedUpdate;
    try {
      answer = await this.source.update(this.messages.at(-1)?.message.id ?? 0, message_ids);
    } catch (e) {
      this.error = messageOf(e);
      return;
    }
    // A window short of the newest message takes new ones by scrolling down, not from notices.
    if (!this.foundNewest) answer = { ...answer, truncated: false, messages: alreadyShown(this.messages, answer.messages) };
    if (answer.truncated) return this.#reread();
    // A message just queued here: the reader goes to the newest, where it shows (the window's end
    // is not there when the feed was opened at an older message).
    const queued = pendingInOrder(answer.pending).length > this.pending.length;
    const { messages, added } = mergeUpdate(this.messages, answer.messages, answer.removed);
    const lost = this.edits.left(answer.removed);
    if (lost.length > 0) this.lostEdit = lost.reduce(withTextAfter, this.lostEdit ?? '');
    if (messages.length === 0 && this.messages.length > 0 && answer.removed.length > 0) void this.#follow(answer.removed);
    this.shift = false;
    this.messages = messages;
    // Filed messages and the queue change together (a message leaves the queue as it is filed),
    // unless a later notice already said what waits.
    if (askedAt >= this.#pendingAt) this.pendingBy = answer.pending;
    if (queued) void this.jumpToNewest();
    else if (added > 0 && this.#following) this.toEnd();
  }

  /**
   * The window emptied: where its newest message is now, when it moved out of this feed (the
   * family's clients follow a topic moved while it is open); deleted ones are nowhere.
   */
  async #follow(removed: number[]): Promise<void> {
    const place = await call('messages.locate', { message_id: Math.max(...removed) }).catch(() => undefined);
    if (place === null) this.deleted = true;
    else if (place !== undefined && !this.source.holds(place.conversation)) this.movedTo = place.conversation;
  }

  /** A page before the oldest message shown (from the server), or after the newest (the mirror's offline). */
  async loadMore(direction: 'older' | 'newer'): Promise<void> {
    if (this.loading || this.messages.length === 0 || (direction === 'older' ? this.foundOldest : this.foundNewest)) return;
    this.loading = true;
    try {
      if (direction === 'older') {
        const page = await this.source.page({ before: this.messages[0]!.message.id, limit: PAGE, cached: false });
        this.shift = true;
        this.messages = [...page.messages, ...this.messages];
        this.foundOldest = page.found_oldest;
      } else {
        const page = await this.source.page({ after: this.messages.at(-1)!.message.id, limit: PAGE, cached: !this.online() });
        this.shift = false;
        this.messages = appendNewer(this.messages, page.messages);
        this.foundNewest = page.found_newest;
        this.pendingBy = page.pending;
      }
    } catch (e) {
      this.error = messageOf(e);
    } finally {
      this.loading = false;
    }
  }

  /** To the newest message: the newest page read first when the window stops short of it. */
  async jumpToNewest(): Promise<void> {
    this.#following = true;
    if (this.foundNewest) return this.toEnd();
    const asked = ++this.#windowReads;
    try {
      const page = await this.source.page({ limit: PAGE, cached: !this.online() });
      if (asked === this.#windowReads) this.#show(page, true);
    } catch (e) {
      if (asked === this.#windowReads) this.error = messageOf(e);
    }
  }

  scrolled(offset: number): void {
    if (!this.list) return;
    this.atEnd = this.#endShows();
    this.#following = this.atEnd && this.foundNewest;
    if (offset < 80) void this.loadMore('older');
    if (this.atEnd) void this.loadMore('newer');
  }

  /**
   * The list's height changed (the outbox's messages below it came or went): a reader who was at
   * the newest is taken back there once the virtual list has learned the new height in its own
   * observer (a frame later); otherwise whether the end shows is read again (a list grown taller
   * does not scroll, so no scroll tells).
   */
  viewportResized(): void {
    // Until the first page shows, where the feed opens is the opening's to say.
    if (!this.loaded) return;
    const following = this.#following;
    const openings = this.#openings;
    requestAnimationFrame(() => {
      if (following && openings === this.#openings) {
        this.#following = true;
        this.toEnd();
      } else {
        this.atEnd = this.#endShows();
      }
    });
  }

  /** Read from the list's scrolling element as laid out now: the virtual list's own sizes lag a resize. */
  #endShows(): boolean {
    const scroller = this.scroller();
    return !scroller || scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 40;
  }

  /** The virtual list's own element, the one that scrolls. */
  scroller(): HTMLElement | null {
    return this.element?.querySelector<HTMLElement>(':scope > div') ?? null;
  }

  async flag(ids: number[], name: 'read' | 'starred' | 'collapsed', present: boolean): Promise<void> {
    this.messages = withFlag(this.messages, ids, name, present);
    try {
      await call('messages.flag', { messages: ids, op: present ? 'add' : 'remove', flag: name });
    } catch (e) {
      this.error = messageOf(e);
      this.messages = withFlag(this.messages, ids, name, !present);
    }
  }

  /** "Mark as unread from here": this message and every later one of the feed's place, for the reader to come back to. */
  async markUnreadFrom(message_id: number): Promise<void> {
    this.#readingPrevented = true;
    try {
      await call('unread.markUnreadFrom', { message_id, place: this.source.place });
    } catch (e) {
      this.error = messageOf(e);
    }
  }

  async removeReaction(message_id: number, reaction: Reaction): Promise<void> {
    try {
      await call('messages.removeReaction', { message_id, emoji_name: reaction.emoji_name, emoji_code: reaction.emoji_code, reaction_type: reaction.reaction_type });
    } catch (e) {
      this.error = messageOf(e);
    }
  }

  /** Watches an unread message until it is seen; returns the stop. */
  watchRead(element: HTMLElement): () => void {
    return this.#marker.observe(element);
  }

  /** The message in focus (clicked), else the selected one: what `r` replies to. */
  current(): MessageView | undefined {
    const focused = Number(document.activeElement?.closest('[data-message-id]')?.getAttribute('data-message-id') ?? 0);
    const inFeed = focused > 0 && this.element?.contains(document.activeElement ?? null) === true;
    const id = inFeed ? focused : this.selected;
    return this.messages.find((view) => view.message.id === id);
  }

  /** Selects the message `step` after (or before) the one in focus, the selected one, or the first unread one, and shows it. */
  select(step: number): void {
    if (this.messages.length === 0) return;
    const from = this.current()?.message.id ?? this.newFrom;
    const at = this.messages.findIndex((view) => view.message.id === from);
    const index = at < 0 ? this.messages.length - 1 : Math.min(this.messages.length - 1, Math.max(0, at + step));
    const id = this.messages[index]!.message.id;
    this.selected = id;
    this.list?.scrollToIndex(index, { align: 'nearest' });
    requestAnimationFrame(() => this.element?.querySelector<HTMLElement>(`[data-message-id="${id}"][tabindex]`)?.focus());
  }

  /** Quote and reply: the message's source, quoted under its sender, for the compose box; undefined (the error said) when it cannot be read. */
  async quote(message: MessageView['message']): Promise<string | undefined> {
    try {
      const { content } = await call('messages.source', { message_id: message.id });
      return quoteAndReply(message, content, this.#account.server_url);
    } catch (e) {
      this.error = messageOf(e);
      return undefined;
    }
  }

  /** Your newest message shown, scrolled to; undefined when there is none. */
  lastOwn(me: number): number | undefined {
    const index = this.messages.findLastIndex((view) => view.message.sender_id === me);
    if (index < 0) return undefined;
    this.list?.scrollToIndex(index, { align: 'nearest' });
    return this.messages[index]!.message.id;
  }
}
