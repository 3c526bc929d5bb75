// The unread state's event handlers: which events change it and how. A message that arrives unread
// is added; flag updates of `read` (by IDs, or `all`) mark read or unread again, the cached
// messages' read flag with them; deletions remove; moves carry the unread state to the new topic
// or channel; an edit that adds or removes a mention of the user changes its mention count.
import type { EventHandlers } from './event-handlers';
import { isMention, markMessagesRead, markMessagesUnread, placeOfMessage } from './read-state';
import { addUnread, markRead, moveUnread, setUnreadMention } from './unread';

/** Runs after the messages module's handlers: a message marked unread again is placed from the cache they updated. */
export const unreadEvents: EventHandlers<'message' | 'update_message_flags' | 'delete_message' | 'update_message'> = {
  message: (db, event, changes) => {
    const flags = event.flags ?? [];
    if (flags.includes('read')) return;
    const { message } = event;
    addUnread(db, message.id, placeOfMessage(message), isMention(flags));
    changes.add('unread', 'counts');
  },
  update_message_flags: (db, event, changes) => {
    if (event.flag !== 'read') return;
    if (event.op === 'add') markMessagesRead(db, event.all ? 'all' : event.messages, changes);
    else markMessagesUnread(db, event.messages, changes, event.message_details ?? {});
  },
  delete_message: (db, event, changes) => {
    if (markRead(db, event.message_ids ?? (event.message_id === undefined ? [] : [event.message_id])).length > 0) changes.add('unread', 'counts');
  },
  update_message: (db, event, changes) => {
    if (event.flags !== undefined && setUnreadMention(db, event.message_id, isMention(event.flags))) changes.add('unread', 'counts');
    const moved = (event.subject !== undefined || event.new_stream_id !== undefined) && event.rendering_only !== true;
    if (!moved) return;
    const to = { ...(event.new_stream_id !== undefined && { stream_id: event.new_stream_id }), ...(event.subject !== undefined && { topic: event.subject }) };
    if (moveUnread(db, [...new Set([event.message_id, ...event.message_ids])], to).length > 0) changes.add('unread', 'counts');
  },
};
