// Actions that can wait: sent now when online, the way the outbox replay sends them; stored in the
// outbox (and shown pending) when offline or when the network fails on the way, to be replayed on
// reconnect in order. Errors the server returns are not deferred: the user sees them at once.
import { outboxRecordKey, type Deferred, type OutboxRecord } from '../../shared/outbox-records';
import { isOffline } from '../api/failures';
import type { ServiceClient } from '../api/service-client';
import type { MirrorWrite } from '../store/changes';
import type { ReadOnlyMirror } from '../store/database';
import { enqueueOutbox } from '../store/outbox';
import { sendDeferred, type DeferredAction, type DeferredParams, type DeferredResults } from '../sync/deferred-calls';

export interface DeferrableOptions {
  db: ReadOnlyMirror;
  write: MirrorWrite;
  client: ServiceClient;
  online(): boolean;
}

export class DeferrableCalls {
  readonly #o: DeferrableOptions;

  constructor(options: DeferrableOptions) {
    this.#o = options;
  }

  async call<K extends DeferredAction>(action: { kind: K; record: OutboxRecord; payload: DeferredParams[K] }): Promise<Deferred<DeferredResults[K]>> {
    const defer = (): Deferred<DeferredResults[K]> => ({
      pending: true,
      outbox_id: this.#o.write((db, changes) => enqueueOutbox(db, { kind: action.kind, record_key: outboxRecordKey(action.record), payload: action.payload }, changes)),
    });
    if (!this.#o.online()) return defer();
    try {
      return { pending: false, value: await sendDeferred(this.#o.client, this.#o.db, action.kind, action.payload) };
    } catch (error) {
      if (isOffline(error)) return defer();
      throw error;
    }
  }
}
