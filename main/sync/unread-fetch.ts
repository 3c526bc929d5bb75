// The messages of unread conversations the mirror does not hold yet, fetched in the background
// after each time sync comes online, so the Inbox's previews and the unread topics read offline.
// Newest unread conversation first, a few at a time, at most PASS_MAX a pass and paced by the
// fetch itself (the client's pacer follows rate-limit headers, and a server may send none); a
// conversation fetched is not asked for again until it has a newer unread message, even when the
// answer brought none of its unread messages. The account session owns it (and so its memory of
// what it fetched, across reconnects) and disposes it on sign-out.
import { conversationNarrow, parseConversation } from '../../shared/conversation';
import type { Logger } from '../api/logger';
import type { MirrorWrite } from '../store/changes';
import type { ReadOnlyMirror } from '../store/database';
import { upsertMessages } from '../store/messages';
import { uncachedUnreadConversations } from '../store/unread';
import { checkedMessages } from './answers';
import type { MessagesClient } from './fetch-messages';
import { SerialPasses } from '../../shared/serial-passes';

/** Requests in flight at once: enough to fill the Inbox quickly, few enough to leave the user's own calls room. */
const CONCURRENCY = 3;
/** Messages fetched per conversation: at least a feed's first screen, at most this many unread. */
const MIN_MESSAGES = 50;
const MAX_MESSAGES = 200;
/**
 * Conversations fetched per pass: the newest hundred fill the Inbox's first screens; the rest come
 * when opened, or in the next passes. (20,000 unread topics made 20,000 requests a pass.)
 */
export const PASS_MAX = 100;
/** The least time between two fetches' starts: five a second, under every rate limit the reference names. */
export const FETCH_INTERVAL_MS = 200;

export interface UnreadFetchOptions {
  db: ReadOnlyMirror;
  /** How each fetch's messages are written, and reported. */
  write: MirrorWrite;
  client: MessagesClient;
  logger: Logger;
  concurrency?: number;
}

export class UnreadFetch {
  readonly #o: UnreadFetchOptions;
  readonly #stop = new AbortController();
  readonly #passes = new SerialPasses(() => this.#fetchAll());
  /** Each conversation fetched, with its newest unread message then. */
  readonly #fetched = new Map<string, number>();
  /** When the next fetch may start (FETCH_INTERVAL_MS). */
  #nextStart = 0;

  constructor(options: UnreadFetchOptions) {
    this.#o = options;
  }

  /** Starts a pass over the conversations not cached (or asks for one more after the current). */
  run(): void {
    if (!this.#stop.signal.aborted) this.#passes.run();
  }

  /** Resolves when no pass is running (for tests and for disposal). */
  async settled(): Promise<void> {
    await this.#passes.settled();
  }

  /** Stops at once; a fetch in flight is aborted and its answer never written. */
  async dispose(): Promise<void> {
    this.#stop.abort();
    await this.#passes.settled();
  }

  async #fetchAll(): Promise<void> {
    const queue = uncachedUnreadConversations(this.#o.db)
      .filter((entry) => (this.#fetched.get(entry.conversation) ?? -1) < entry.newest_message_id)
      .slice(0, PASS_MAX);
    let failed = false;
    const worker = async (): Promise<void> => {
      for (let next = queue.shift(); next && !failed && !this.#stop.signal.aborted; next = queue.shift()) {
        try {
          await this.#paced();
          if (failed || this.#stop.signal.aborted) return;
          await this.#fetchOne(next.conversation, next.unread);
          this.#fetched.set(next.conversation, next.newest_message_id);
        } catch (error) {
          if (this.#stop.signal.aborted) return;
          // Offline or refused: the next time sync comes online tries again.
          failed = true;
          this.#o.logger.debug('unread messages not fetched', { error: String(error) });
        }
      }
    };
    await Promise.all(Array.from({ length: this.#o.concurrency ?? CONCURRENCY }, worker));
  }

  /** Waits for this fetch's turn: FETCH_INTERVAL_MS after the one before started. */
  async #paced(): Promise<void> {
    const now = Date.now();
    const start = Math.max(now, this.#nextStart);
    this.#nextStart = start + FETCH_INTERVAL_MS;
    if (start === now) return;
    const signal = this.#stop.signal;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, start - now);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  async #fetchOne(conversation: string, unread: number): Promise<void> {
    const target = parseConversation(conversation);
    if (!target) return;
    const signal = this.#stop.signal;
    const answer = checkedMessages(
      await this.#o.client.call(
        'getMessages',
        { anchor: 'newest', num_before: Math.min(MAX_MESSAGES, Math.max(MIN_MESSAGES, unread)), num_after: 0, narrow: conversationNarrow(target), apply_markdown: true },
        { signal },
      ),
    );
    if (signal.aborted) return;
    this.#o.write((db, changes) => upsertMessages(db, answer.messages.map((message) => ({ message, flags: message.flags ?? [] })), changes));
  }
}
