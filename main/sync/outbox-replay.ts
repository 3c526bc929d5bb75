import { mayHaveBeenDone } from '../../shared/failures';
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

/** Transient failures (network, server errors, rate limits) an item may meet before it fails for good. */
export const MAX_ATTEMPTS = 5;

export interface ReplayReport {
  sent: number;
  /** The outbox items of the messages the server took in this run. */
  sentMessages: number[];
  refused: { outbox_id: number; code: string; msg: string }[];
  /** True when the network failed again part-way: the rest waits for the next try. */
  interrupted: boolean;
}

/** The mirror the replay reads, and how it writes (each step reported to the screens). */
export interface ReplayMirror {
  db: ReadOnlyMirror;
  write: MirrorWrite;
}

/** What became of one item. */
type Outcome = { kind: 'sent'; message_id?: number } | { kind: 'refused'; code: string; msg: string } | { kind: 'interrupted' };

/**
 * Sends the pending items in the order they were taken, one at a time, including those taken
 * while it runs. A refusal by the server is recorded on the item with the server's message
 * (nothing is dropped silently); a transient failure stops the replay with the item still
 * pending, counted: after MAX_ATTEMPTS of them the item fails with the last reason.
 *
 * A message is marked in flight before its request leaves; when its answer is lost (network,
 * timeout, 5xx) or the app dies meanwhile it stays marked, and the next replay looks it up on
 * the server before it sends it again: each message reaches the server once. Once the server
 * has it, it stays in the outbox marked sent, with its id, until its event files it.
 */
export async function replayOutbox(mirror: ReplayMirror, send: OutboxSender, messages: MessageDelivery): Promise<ReplayReport> {
  const { db } = mirror;
  const report: ReplayReport = { sent: 0, sentMessages: [], refused: [], interrupted: false };
  // The newest message the queue sent in this run: the mirror may not have its event yet.
  let lastSent = 0;
  for (let item = nextPendingItem(db, 0); item; item = nextPendingItem(db, item.outbox_id)) {
    const outcome =
      item.kind === 'sendMessage' ? await deliverMessage(mirror, item, messages, Math.max(lastSent, newestMessageId(db) ?? 0)) : await replayAction(mirror, item, send);
    if (outcome.kind === 'sent') {
      report.sent += 1;
      if (item.kind === 'sendMessage') report.sentMessages.push(item.outbox_id);
      if (outcome.message_id !== undefined) lastSent = Math.max(lastSent, outcome.message_id);
    } else if (outcome.kind === 'refused') {
      report.refused.push({ outbox_id: item.outbox_id, code: outcome.code, msg: outcome.msg });
    }
    if (outcome.kind === 'interrupted') {
      report.interrupted = true;
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

async function deliverMessage({ db, write }: ReplayMirror, item: OutboxItem, messages: MessageDelivery, knownNewest: number): Promise<Outcome> {
  try {
    if (item.in_flight_since !== null) {
      const found = await messages.lookup(item);
      if (found !== undefined) {
        write((db, changes) => markSent(db, item.outbox_id, found, changes));
        return { kind: 'sent', message_id: found };
      }
      // Its `message` event may have filed it while the lookup ran.
      if (!outboxItem(db, item.outbox_id)) return { kind: 'sent' };
      write((db) => clearInFlight(db, item.outbox_id));
    }
  } catch (error) {
    return failed(write, item, error);
  }
  if (!outboxItem(db, item.outbox_id)) return { kind: 'sent' };
  write((db) => markInFlight(db, item.outbox_id, knownNewest));
  try {
    const message_id = await messages.send(item);
    write((db, changes) => markSent(db, item.outbox_id, message_id, changes));
    return { kind: 'sent', message_id };
  } catch (error) {
    // A rate limit, a refusal or a check before sending means the server never took it.
    if (!mayHaveBeenDone(classifyFailure(error).kind)) write((db) => clearInFlight(db, item.outbox_id));
    return failed(write, item, error);
  }
}

/**
 * A refusal (by the server, or by the app's own check before sending: the rules or the server's
 * level changed since the item was taken) is final; anything else counts as one transient
 * failure, final after MAX_ATTEMPTS.
 */
function failed(write: MirrorWrite, item: OutboxItem, error: unknown): Outcome {
  const { kind, code, message: msg } = classifyFailure(error);
  if (kind === 'refused' || kind === 'invalid') {
    write((db, changes) => failOutboxItem(db, item.outbox_id, code, msg, changes));
    return { kind: 'refused', code, msg };
  }
  if (item.attempts + 1 >= MAX_ATTEMPTS) {
    const final = `Not sent after ${MAX_ATTEMPTS} tries. The last: ${msg}`;
    write((db, changes) => failOutboxItem(db, item.outbox_id, code, final, changes));
    return { kind: 'refused', code, msg: final };
  }
  write((db, changes) => noteTransientFailure(db, item.outbox_id, code, msg, changes));
  return { kind: 'interrupted' };
}
