// The unread state, as the session counted it last, marking read, and marking unread from a message on.
import type { NarrowTerm } from '../../shared/api/records';
import { conversationNarrow } from '../../shared/conversation';
import { messageViewNarrow } from '../../shared/message-views';
import { markScopeRead, markUnreadFrom, type ReadScope } from '../store/read-state';
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

export function unreadHandlers(context: CoreContext): AreaHandlers<'unread.counts' | 'unread.markRead' | 'unread.markUnreadFrom'> {
  return {
    'unread.counts': () => context.activeSession().unread.counts(),
    'unread.markRead': async (target) => {
      const session = context.activeSession();
      const deferred = await session.deferrable.call({ kind: 'markNarrowRead', record: { table: 'messages', flag: 'read' }, payload: { narrow: narrowOf(target) } });
      // The counts drop at once; the server's flag events (or the replay) confirm it.
      session.write((db, changes) => markScopeRead(db, target, changes));
      return deferred;
    },
    'unread.markUnreadFrom': async ({ message_id, place }) => {
      const session = context.activeSession();
      const narrow = 'conversation' in place ? conversationNarrow(place.conversation.target) : 'stream_id' in place ? [{ operator: 'channel', operand: place.stream_id }] : messageViewNarrow(place.view);
      const mirrorPlace = 'conversation' in place ? { conversation: place.conversation.key } : place;
      const deferred = await session.deferrable.call({ kind: 'markNarrowUnreadFrom', record: { table: 'messages', flag: 'read' }, payload: { narrow, anchor: message_id } });
      // The counts rise at once; the server's flag events (or the replay) confirm it.
      session.write((db, changes) => markUnreadFrom(db, mirrorPlace, message_id, changes));
      return deferred;
    },
  };
}
