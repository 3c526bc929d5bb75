import type { RegisterQueueParams } from '../../shared/api/registration';
import type { MirrorDatabase } from '../store/database';
import type { OperationCaller } from '../api/service-client';
import type { SnapshotStep } from './engine';
import { checkedRegistration } from './answers';
import { reconcileSnapshot } from './reconcile';
import { REGISTER_PARAMS, summarize } from './registration-params';

export type RegisteringClient = OperationCaller<'registerQueue'>;

/** Register and reconcile on this thread: for small organizations and tests. */
export function inlineSnapshot(client: RegisteringClient, db: MirrorDatabase, params: RegisterQueueParams = REGISTER_PARAMS): SnapshotStep {
  return async (signal) => {
    const result = checkedRegistration(await client.call('registerQueue', params, { signal }));
    reconcileSnapshot(db, result);
    return summarize(result);
  };
}
