// The account's outbox at work: one replay at a time, started on reconnect and whenever
// something is queued online; after a transient failure it tries again with a growing delay
// while online. A message the server took waits in the outbox, shown sent, for the event that
// files it; one whose event does not come (its queue was lost, the app restarted) is fetched. The
// messages that waited for the connection are counted out when they reach the server, to be announced.
import type { Logger } from '../api/logger';
import type { ServiceClient } from '../api/service-client';
import { diskFaultOf, type DiskFault } from '../files/disk-faults';
import type { MirrorWrite } from '../store/changes';
import { subscribedChannelIds } from '../store/channels';
import type { ReadOnlyMirror } from '../store/database';
import { upsertMessages } from '../store/messages';
import { confirmSentMessage, nextPendingItem, outboxItem, outboxItems, sentMessagesAwaitingEvent } from '../store/outbox';
import { parseConversation } from '../../shared/conversation';
import { conversationOfRecordKey } from '../../shared/outbox-records';
import { checkedMessages } from './answers';
import { deferredCalls, messageDelivery } from './deferred-calls';
import { lookUpMessage, type MessageAttachments, replayOutbox } from './outbox-replay';

export interface OutboxDrainOptions {
  db: ReadOnlyMirror;
  /** How the outbox's steps are written, each reported to the screens. */
  write: MirrorWrite;
  client: ServiceClient;
  user_id: number;
  logger: Logger;
  /** Whether the event loop is online: retries wait for the next reconnect otherwise. */
  online(): boolean;
  /** Messages that waited for the connection reached the server: how many, once a replay is over. */
  onDelivered?(messages: number): void;
  /** The first delay after a transient failure, doubled each time up to `maxMs`. */
  retry?: { baseMs: number; maxMs: number };
  /** How long a sent message's event may take before the message is fetched instead. */
  eventWaitMs?: number;
  /** The disk refused a step's write: the replay stops, every item as it was, until run() once it takes writes. */
  onDiskFault?(fault: DiskFault): void;
  /** The files queued messages link, uploaded before them (the account's staging area). */
  attachments?: MessageAttachments;
  /** The server refused the account itself: the replay waits for the next reconnect, not a timer. */
  onUnauthorized?(): void;
}

const DEFAULT_RETRY = { baseMs: 1_000, maxMs: 30_000 };
const DEFAULT_EVENT_WAIT_MS = 10_000;

export class OutboxDrain {
  readonly #options: OutboxDrainOptions;
  #running: Promise<void> | undefined;
  /** Asked to run while running: one more run follows, for what was queued after the running one looked. */
  #next: Promise<void> | undefined;
  #failures = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #filing: ReturnType<typeof setTimeout> | undefined;
  #closed = false;
  /** The messages that were waiting when the connection came back, not delivered yet. */
  #queuedOffline = new Set<number>();

  constructor(options: OutboxDrainOptions) {
    this.#options = options;
  }

  /** Sends what waits; one run at a time. Resolves when the queue is done or stopped. */
  run(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    if (this.#running) {
      this.#next ??= this.#running.then(() => {
        this.#next = undefined;
        return this.run();
      });
      return this.#next;
    }
    this.#fileLater();
    if (!nextPendingItem(this.#options.db, 0)) return Promise.resolve();
    clearTimeout(this.#timer);
    this.#running = this.#loop()
      .catch((error: unknown) => {
        const disk = diskFaultOf(error);
        if (disk) this.#options.onDiskFault?.(disk);
        // A closed mirror at shutdown, say: the items stay as they were, for the next start.
        else if (!this.#closed) this.#options.logger.error('the outbox replay stopped', { error: String(error) });
      })
      .finally(() => {
        this.#running = undefined;
      });
    return this.#running;
  }

  /** The connection is back: what waited for it is sent, and its messages counted out. */
  catchUp(): Promise<void> {
    const waiting = outboxItems(this.#options.db, 'pending').filter((item) => item.kind === 'sendMessage' && item.sent_message_id === null);
    for (const item of waiting) this.#queuedOffline.add(item.outbox_id);
    return this.run();
  }

  /**
   * Looks up a queued message whose outcome is unknown (it is not being sent: the replay left it
   * failed), without sending it; true when the server has it.
   */
  async check(outbox_id: number): Promise<boolean> {
    const { db, write, client, user_id, attachments } = this.#options;
    const item = outboxItem(db, outbox_id);
    if (!item) return true;
    const found = await lookUpMessage({ db, write }, item, messageDelivery(client, db, user_id), attachments);
    this.#fileLater();
    return found;
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    clearTimeout(this.#filing);
    await this.#next;
    await this.#running;
  }

  async #loop(): Promise<void> {
    const { db, write, client, user_id, logger, attachments } = this.#options;
    const report = await replayOutbox({ db, write }, deferredCalls(client, db), messageDelivery(client, db, user_id), attachments);
    if (report.refused.length > 0) logger.warn('the server refused some actions taken offline', { refused: report.refused.length });
    this.#announceDelivered(report.sentMessages);
    if (report.unauthorized) this.#options.onUnauthorized?.();
    else if (report.interrupted) this.#scheduleRetry();
    else this.#failures = 0;
    this.#fileLater();
  }

  #announceDelivered(sent: number[]): void {
    const delivered = sent.filter((outbox_id) => this.#queuedOffline.delete(outbox_id)).length;
    // Those refused or discarded meanwhile are no longer waiting for the connection.
    const pending = new Set(outboxItems(this.#options.db, 'pending').map((item) => item.outbox_id));
    this.#queuedOffline = new Set([...this.#queuedOffline].filter((outbox_id) => pending.has(outbox_id)));
    if (delivered > 0) this.#options.onDelivered?.(delivered);
  }

  #scheduleRetry(): void {
    if (this.#closed || !this.#options.online()) return;
    const { baseMs, maxMs } = this.#options.retry ?? DEFAULT_RETRY;
    const delay = Math.min(maxMs, baseMs * 2 ** this.#failures);
    this.#failures += 1;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.run(), delay);
  }

  /**
   * Sent messages still waiting for their event are looked at again once it has had time to come;
   * at once when one went to a channel the user is not subscribed to, for which none comes.
   */
  #fileLater(): void {
    const awaiting = sentMessagesAwaitingEvent(this.#options.db);
    if (this.#closed || this.#filing !== undefined || awaiting.length === 0) return;
    const subscribed = subscribedChannelIds(this.#options.db);
    const noEvent = awaiting.some((item) => {
      const stream_id = sentToChannel(item.record_key);
      return stream_id !== undefined && !subscribed.has(stream_id);
    });
    this.#filing = setTimeout(
      () => {
        this.#filing = undefined;
        void this.#fileSent();
      },
      noEvent ? 0 : (this.#options.eventWaitMs ?? DEFAULT_EVENT_WAIT_MS),
    );
  }

  /** Fetches each sent message whose event has not filed it, and files it, its item leaving the outbox with it. */
  async #fileSent(): Promise<void> {
    const { db, write, client, logger } = this.#options;
    for (const item of sentMessagesAwaitingEvent(db)) {
      const message_id = item.sent_message_id;
      if (message_id === null || this.#closed) continue;
      try {
        const narrow = sentMessageNarrow(item.record_key, message_id);
        const { messages } = checkedMessages(await client.call('getMessages', { anchor: message_id, num_before: 0, num_after: 0, narrow, apply_markdown: true }));
        const message = messages.find((candidate) => candidate.id === message_id);
        if (this.#closed) return;
        // Deleted on the server since: its item goes all the same.
        write((db, changes) => {
          if (message !== undefined) upsertMessages(db, [{ message, flags: message.flags ?? [] }], changes);
          confirmSentMessage(db, { local_id: item.local_id ?? undefined, message_id }, changes);
        });
      } catch (error) {
        // Offline: the next run (at the reconnect) looks again.
        logger.debug('a sent message was not fetched', { error: String(error) });
        return;
      }
    }
  }
}

/**
 * Where a sent message is found again. Sent to a channel the user is not subscribed to, it is not
 * among the user's own messages on real servers (no event brings it either): the channel's history
 * holds it.
 */
function sentMessageNarrow(record_key: string, message_id: number): { operator: string; operand: number }[] {
  const stream_id = sentToChannel(record_key);
  if (stream_id === undefined) return [];
  return [
    { operator: 'channel', operand: stream_id },
    { operator: 'id', operand: message_id },
  ];
}

/** The channel a message in the outbox goes to; undefined for a direct message. */
function sentToChannel(record_key: string): number | undefined {
  const conversation = parseConversation(conversationOfRecordKey(record_key) ?? '');
  return conversation?.kind === 'channel' ? conversation.stream_id : undefined;
}
