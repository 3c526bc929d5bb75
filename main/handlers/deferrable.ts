import { NetworkError, TimeoutError } from '../api/errors';
import type { AccountSession } from '../app/session';
import { outboxRecordKey, type Deferred, type OutboxRecord } from '../../shared/outbox-records';
import { enqueueOutbox } from '../store/outbox';
import { sendDeferred, type DeferredAction, type DeferredParams, type DeferredResults } from '../sync/deferred-calls';

/**
 * An action that can wait: sent now when online, the way the outbox replay sends it; stored in the outbox (and shown pending)
 * when offline or when the network fails on the way, to be replayed on reconnect in order.
 * Errors the server returns are not deferred: the user sees them at once.
 */
export async function callOrDefer<K extends DeferredAction>(
  session: AccountSession,
  action: { kind: K; record: OutboxRecord; payload: DeferredParams[K] },
): Promise<Deferred<DeferredResults[K]>> {
  const defer = (): Deferred<DeferredResults[K]> => {
    const outbox_id = enqueueOutbox(session.db, { kind: action.kind, record_key: outboxRecordKey(action.record), payload: action.payload });
    session.notifyOutboxChanged(outbox_id);
    return { pending: true, outbox_id };
  };
  if (session.engine.status.state !== 'online') return defer();
  try {
    return { pending: false, value: await sendDeferred(session.client, session.db, action.kind, action.payload) };
  } catch (error) {
    if (error instanceof NetworkError || error instanceof TimeoutError) return defer();
    throw error;
  }
}
