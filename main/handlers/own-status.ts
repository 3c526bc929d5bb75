// The user's own status: on the server (waiting in the outbox offline), then in the mirror at
// once (beside their name everywhere), before the server's user_status event confirms it. A
// refusal leaves the status as it was.
import type { UpdateOwnStatusParams } from '../../shared/api/operations';
import { setUserStatus } from '../store/users';
import type { CoreContext } from './context';
import type { AreaHandlers } from './dispatch';

export function ownStatusHandlers(context: CoreContext): AreaHandlers<'me.setStatus'> {
  return {
    'me.setStatus': async ({ status_text, emoji }) => {
      const session = context.activeSession();
      // An emoji name of '' is how the server takes an emoji away.
      const payload: UpdateOwnStatusParams = { status_text, ...(emoji ?? { emoji_name: '' }) };
      const deferred = await session.deferrable.call({ kind: 'updateOwnStatus', record: { table: 'user_status' }, payload });
      session.write((db, changes) => setUserStatus(db, session.account.user_id, payload, changes));
      return deferred.pending ? deferred : { pending: false, value: null };
    },
  };
}
