// The unread state, as the session counted it last, and marking read.
import type { NarrowTerm } from '../../shared/api/records';
import { markScopeRead, type ReadScope } from '../store/read-state';
import type { CoreContext } from './context';
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
    'unread.counts': () => context.activeSession().unread.counts(),
    'unread.markRead': async (target) => {
      const session = context.activeSession();
      const deferred = await session.deferrable.call({ kind: 'markNarrowRead', record: { table: 'messages', flag: 'read' }, payload: { narrow: narrowOf(target) } });
      // The counts drop at once; the server's flag events (or the replay) confirm it.
      session.write((db, changes) => markScopeRead(db, target, changes));
      return deferred;
    },
  };
}
