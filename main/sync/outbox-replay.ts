import { ServiceError, UnsupportedFeatureError, ValidationError } from '../api/errors';
import type { MirrorDatabase } from '../store/database';
import { type DeferrableOperation, failOutboxItem, outboxItems, removeOutboxItem } from '../store/outbox';

export type OutboxSender = (kind: DeferrableOperation, payload: Record<string, unknown>) => Promise<unknown>;

export interface ReplayReport {
  sent: number;
  refused: { outbox_id: number; code: string; msg: string }[];
  /** True when the network failed again part-way: the rest waits for the next reconnect. */
  interrupted: boolean;
}

/**
 * Sends the pending items in the order they were taken. A refusal by the server is recorded on
 * the item with the server's message (nothing is dropped silently); a network failure, a 5xx or
 * a rate limit stops the replay with the item still pending, to go on at the next reconnect.
 */
export async function replayOutbox(db: MirrorDatabase, send: OutboxSender): Promise<ReplayReport> {
  const report: ReplayReport = { sent: 0, refused: [], interrupted: false };
  for (const item of outboxItems(db, 'pending')) {
    try {
      await send(item.kind, item.payload);
      removeOutboxItem(db, item.outbox_id);
      report.sent += 1;
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) {
        failOutboxItem(db, item.outbox_id, refusal.code, refusal.msg);
        report.refused.push({ outbox_id: item.outbox_id, ...refusal });
      } else {
        report.interrupted = true;
        break;
      }
    }
  }
  return report;
}

/** A final answer about this item, as opposed to a reason to try again later. */
function refusalOf(error: unknown): { code: string; msg: string } | undefined {
  if (error instanceof ServiceError) {
    const final = error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 429;
    return final ? { code: String(error.code), msg: error.msg } : undefined;
  }
  // Checked before sending: the rules or the server's level changed since the item was taken.
  if (error instanceof ValidationError) return { code: 'INVALID_PARAMETERS', msg: error.message };
  if (error instanceof UnsupportedFeatureError) return { code: 'UNSUPPORTED_FEATURE', msg: error.message };
  return undefined;
}
