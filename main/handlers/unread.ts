// The unread state, read from the active account's mirror, and marking read.
import type { NarrowTerm } from '../../shared/api/records';
import { markScopeRead, unreadCounts, type ReadScope } from '../store/unread';
import type { CoreContext } from './context';
import { callOrDefer } from './deferrable';
import type { AreaHandlers } from './dispatch';

/** The narrow a scope is, in the service's operators. */
function narrowOf(target: ReadScope): NarrowTerm[] {
  switch (target.scope) {
    case 'topic':
      return [{ operator: 'channel', operand: target.stream_id }, { operator: 'topic', operand: target.topic }];
    case 'channel':
      return [{ operator: 'channel', operand: target.stream_id }];
    case 'direct':
      return [{ operator: 'dm', operand: target.user_ids }];
    case 'all':
      return [];
  }
}

export function unreadHandlers(context: CoreContext): AreaHandlers<'unread.counts' | 'unread.markRead'> {
  return {
    'unread.counts': () => unreadCounts(context.activeSession().db),
    'unread.markRead': async (target) => {
      const session = context.activeSession();
      const narrow = narrowOf(target);
      const deferred = await callOrDefer(session, { kind: 'markNarrowRead', record: { table: 'messages', flag: 'read' }, payload: { narrow } });
      // The counts drop at once; the server's flag events (or the replay) confirm it.
      markScopeRead(session.db, target);
      session.notifyChanged({ unread: ['counts'] });
      return deferred;
    },
  };
}
