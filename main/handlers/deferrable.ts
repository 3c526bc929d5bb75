import { NetworkError, TimeoutError } from '../api/errors';
import type { AccountSession } from '../app/session';
import { outboxRecordKey, type Deferred, type OutboxRecord } from '../../shared/outbox-records';
import { enqueueOutbox, type DeferrableOperation } from '../store/outbox';

type Call<R> = (session: AccountSession) => Promise<R>;

/**
 * An action that can wait: sent now when online; stored in the outbox (and shown pending)
 * when offline or when the network fails on the way, to be replayed on reconnect in order.
 * Errors the server returns are not deferred: the user sees them at once.
 */
export async function callOrDefer<R>(
  session: AccountSession,
  action: { kind: DeferrableOperation; record: OutboxRecord; payload: Record<string, unknown> },
  call: Call<R>,
): Promise<Deferred<R>> {
  const defer = (): Deferred<R> => {
    const outbox_id = enqueueOutbox(session.db, { kind: action.kind, record_key: outboxRecordKey(action.record), payload: action.payload });
    session.notifyOutboxChanged(outbox_id);
    return { pending: true, outbox_id };
  };
  if (session.engine.status.state !== 'online') return defer();
  try {
    return { pending: false, value: await call(session) };
  } catch (error) {
    if (error instanceof NetworkError || error instanceof TimeoutError) return defer();
    throw error;
  }
}
