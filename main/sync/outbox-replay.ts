import { mayHaveBeenDone } from '../../shared/failures';
import { stagedIdsIn, stagedReferences, withUploadedLinks } from '../../shared/staged-links';
import { ValidationError } from '../api/errors';
import { classifyFailure } from '../api/failures';
import type { MirrorWrite } from '../store/changes';
import type { ReadOnlyMirror } from '../store/database';
import { newestMessageId } from '../store/messages';
import {
  clearInFlight,
  type DeferrableOperation,
  failOutboxItem,
  markInFlight,
  markSent,
  nextPendingItem,
  noteTransientFailure,
  type OutboxItem,
  outboxItem,
  removeOutboxItem,
} from '../store/outbox';

export type OutboxSender = (kind: DeferrableOperation, payload: Record<string, unknown>) => Promise<unknown>;

/** How queued messages reach the server: sent (the message's id back), or looked up when in doubt. */
export interface MessageDelivery {
  send(item: OutboxItem): Promise<number>;
  /** The id of the item's message on the server, or undefined when the server does not have it. */
  lookup(item: OutboxItem): Promise<number | undefined>;
}

/** The files a queued message's text links by placeholder (shared/staged-links.ts), staged until it is sent. */
export interface MessageAttachments {
  /** A staged file's upload: recorded with the file before it is answered, so asking again never uploads it twice. */
  upload(staged_id: string): Promise<{ url: string }>;
  /** The message is on the server: the files it carried are no longer needed. */
  release(staged_ids: readonly string[]): Promise<void>;
}

/** Without a staging area, a message that links a staged file cannot be sent: refused, for the user to edit. */
const NO_ATTACHMENTS: MessageAttachments = {
  upload: () => Promise.reject(new ValidationError('outbox sendMessage', [{ param: 'content', message: 'The message links a file the app no longer keeps.' }])),
  release: () => Promise.resolve(),
};

/** Transient failures (network, server errors, rate limits) an item may meet before it fails for good. */
export const MAX_ATTEMPTS = 5;

export interface ReplayReport {
  sent: number;
  /** The outbox items of the messages the server took in this run. */
  sentMessages: number[];
  refused: { outbox_id: number; code: string; msg: string }[];
  /** True when the network failed again part-way: the rest waits for the next try. */
  interrupted: boolean;
  /** True when the server refused the account itself (401): the rest waits, untried, until it takes it again. */
  unauthorized: boolean;
}

/** The mirror the replay reads, and how it writes (each step reported to the screens). */
export interface ReplayMirror {
  db: ReadOnlyMirror;
  write: MirrorWrite;
}

/** What became of one item. */
type Outcome = { kind: 'sent'; message_id?: number } | { kind: 'refused'; code: string; msg: string } | { kind: 'interrupted'; unauthorized?: boolean };

/**
 * Sends the pending items in the order they were taken, one at a time, including those taken
 * while it runs. A refusal by the server is recorded on the item with the server's message
 * (nothing is dropped silently); a transient failure stops the replay with the item still
 * pending, counted: after MAX_ATTEMPTS of them the item fails with the last reason. The account
 * itself refused (401) stops the replay with the item pending and uncounted.
 *
 * A message is marked in flight before its request leaves; when its answer is lost (network,
 * timeout, 5xx) or the app dies meanwhile it stays marked, and the next replay looks it up on
 * the server before it sends it again: each message reaches the server once. Once the server
 * has it, it stays in the outbox marked sent, with its id, until its event files it.
 */
export async function replayOutbox(
  mirror: ReplayMirror,
  send: OutboxSender,
  messages: MessageDelivery,
  attachments: MessageAttachments = NO_ATTACHMENTS,
): Promise<ReplayReport> {
  const { db } = mirror;
  const report: ReplayReport = { sent: 0, sentMessages: [], refused: [], interrupted: false, unauthorized: false };
  // The newest message the queue sent in this run: the mirror may not have its event yet.
  let lastSent = 0;
  for (let item = nextPendingItem(db, 0); item; item = nextPendingItem(db, item.outbox_id)) {
    const outcome =
      item.kind === 'sendMessage'
        ? await deliverMessage(mirror, item, messages, attachments, Math.max(lastSent, newestMessageId(db) ?? 0))
        : await replayAction(mirror, item, send);
    if (outcome.kind === 'sent') {
      report.sent += 1;
      if (item.kind === 'sendMessage') report.sentMessages.push(item.outbox_id);
      if (outcome.message_id !== undefined) lastSent = Math.max(lastSent, outcome.message_id);
    } else if (outcome.kind === 'refused') {
      report.refused.push({ outbox_id: item.outbox_id, code: outcome.code, msg: outcome.msg });
    }
    if (outcome.kind === 'interrupted') {
      report.interrupted = true;
      report.unauthorized = outcome.unauthorized === true;
      break;
    }
  }
  return report;
}

async function replayAction({ write }: ReplayMirror, item: OutboxItem, send: OutboxSender): Promise<Outcome> {
  try {
    await send(item.kind, item.payload);
    write((db, changes) => removeOutboxItem(db, item.outbox_id, changes));
    return { kind: 'sent' };
  } catch (error) {
    return failed(write, item, error);
  }
}

/**
 * The item as it is sent: each placeholder of its text replaced by the link to its file's upload,
 * each file uploaded first (or its upload recorded before taken as it is), one at a time.
 */
async function withLinks(item: OutboxItem, attachments: MessageAttachments): Promise<OutboxItem> {
  const content = item.payload['content'];
  if (typeof content !== 'string') return item;
  const links = new Map<string, { url: string }>();
  for (const reference of stagedReferences(content)) {
    if (links.has(reference.staged_id)) continue;
    try {
      links.set(reference.staged_id, await attachments.upload(reference.staged_id));
    } catch (error) {
      // The user reads which file it was.
      if (error instanceof ValidationError) throw new ValidationError(error.request, [{ param: 'content', message: `“${reference.name}”: ${error.message}` }]);
      throw error;
    }
  }
  return links.size === 0 ? item : { ...item, payload: { ...item.payload, content: withUploadedLinks(content, links) } };
}

/** The server has the message: its staged files go (those a restart finds unneeded go then). */
async function release(item: OutboxItem, attachments: MessageAttachments): Promise<void> {
  const content = item.payload['content'];
  const staged_ids = [...new Set([...item.staged_ids, ...(typeof content === 'string' ? stagedIdsIn(content) : [])])];
  if (staged_ids.length > 0) await attachments.release(staged_ids).catch(() => undefined);
}

async function deliverMessage(
  { db, write }: ReplayMirror,
  item: OutboxItem,
  messages: MessageDelivery,
  attachments: MessageAttachments,
  knownNewest: number,
): Promise<Outcome> {
  let sendable: OutboxItem;
  try {
    // Its files are on the server, their links recorded, before the message is sent or looked up
    // (it is looked up as it was sent, links and all).
    sendable = await withLinks(item, attachments);
    if (item.in_flight_since !== null) {
      const found = await messages.lookup(sendable);
      if (found !== undefined) {
        write((db, changes) => markSent(db, item.outbox_id, found, changes));
        await release(item, attachments);
        return { kind: 'sent', message_id: found };
      }
      // Its `message` event may have filed it while the lookup ran.
      if (!outboxItem(db, item.outbox_id)) return { kind: 'sent' };
      // The lookup answered: the server does not have it, so it is sent as if for the first time.
      write((db) => clearInFlight(db, item.outbox_id));
    }
  } catch (error) {
    return failed(write, item, error, item.in_flight_since !== null);
  }
  if (!outboxItem(db, item.outbox_id)) return { kind: 'sent' };
  write((db) => markInFlight(db, item.outbox_id, knownNewest));
  try {
    const message_id = await messages.send(sendable);
    write((db, changes) => markSent(db, item.outbox_id, message_id, changes));
    await release(item, attachments);
    return { kind: 'sent', message_id };
  } catch (error) {
    // A rate limit, a refusal or a check before sending means the server never took it.
    const unknown = mayHaveBeenDone(classifyFailure(error).kind);
    if (!unknown) write((db) => clearInFlight(db, item.outbox_id));
    return failed(write, item, error, unknown);
  }
}

/**
 * Looks up a message that may have been sent (given up on with its outcome unknown), without
 * sending it: found, it is marked sent; when the server answered that it does not have it, its
 * in-flight mark goes and it waits, failed, for Retry. A failed lookup changes nothing.
 */
export async function lookUpMessage({ db, write }: ReplayMirror, item: OutboxItem, messages: MessageDelivery, attachments: MessageAttachments = NO_ATTACHMENTS): Promise<boolean> {
  const found = await messages.lookup(await withLinks(item, attachments));
  if (found !== undefined) {
    write((db, changes) => markSent(db, item.outbox_id, found, changes));
    await release(item, attachments);
    return true;
  }
  if (!outboxItem(db, item.outbox_id)) return true;
  write((db, changes) => {
    clearInFlight(db, item.outbox_id);
    failOutboxItem(db, item.outbox_id, 'NOT_ON_SERVER', 'Checked: the server does not have it. Retry sends it.', changes);
  });
  return false;
}

/**
 * A refusal (by the server, or by the app's own check before sending: the rules or the server's
 * level changed since the item was taken) is final; anything else counts as one transient
 * failure, final after MAX_ATTEMPTS.
 */
function failed(write: MirrorWrite, item: OutboxItem, error: unknown, mayBeOnServer = false): Outcome {
  const { kind, code, message: msg } = classifyFailure(error);
  // The account refused (deactivated, its key revoked), not the item: it waits, no try counted.
  if (kind === 'unauthorized') return { kind: 'interrupted', unauthorized: true };
  if (kind === 'refused' || kind === 'invalid') {
    write((db, changes) => failOutboxItem(db, item.outbox_id, code, msg, changes));
    return { kind: 'refused', code, msg };
  }
  if (item.attempts + 1 >= MAX_ATTEMPTS) {
    const final = mayBeOnServer
      ? `No answer after ${MAX_ATTEMPTS} tries: it may have been sent. The last: ${msg}`
      : `Not sent after ${MAX_ATTEMPTS} tries. The last: ${msg}`;
    write((db, changes) => failOutboxItem(db, item.outbox_id, code, final, changes));
    return { kind: 'refused', code, msg: final };
  }
  write((db, changes) => noteTransientFailure(db, item.outbox_id, code, msg, changes));
  return { kind: 'interrupted' };
}
