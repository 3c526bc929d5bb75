// The unread state's event handlers: which events change it and how. A message that arrives unread
// is added; flag updates of `read` (by IDs, or `all`) remove or add; deletions remove; moves carry
// the unread state to the new topic or channel.
import type { Message } from '../../shared/api/records';
import { MENTION_FLAGS, unreadDetailSchema } from '../../shared/api/unread';
import type { MirrorDatabase } from './database';
import type { ChangeSink, EventHandlers } from './event-handlers';
import { conversationOf, getMessage } from './messages';
import { realmValue } from './realm';
import { addUnread, markAllRead, markRead, moveUnread, unreadPlaceOf, type UnreadPlace } from './unread';

/** The signed-in user, as registration named them: direct conversations include them. */
function ownUserId(db: MirrorDatabase): number {
  const id = realmValue(db, 'user_id');
  return typeof id === 'number' ? id : -1;
}

const isMention = (flags: readonly string[]): boolean => flags.some((flag) => MENTION_FLAGS.has(flag));

/** Where a message marked unread again lives: the event's details, else the cached message; else unknown. */
function placeOfUnreadAgain(db: MirrorDatabase, id: number, detail: unknown): { place: UnreadPlace; mentioned: boolean } | undefined {
  const checked = unreadDetailSchema.safeParse(detail);
  if (checked.success) return { place: unreadPlaceOf(checked.data, ownUserId(db)), mentioned: checked.data.mentioned === true };
  const cached = getMessage(db, id);
  if (cached === undefined) return undefined;
  return { place: placeOfMessage(cached.message), mentioned: isMention(cached.flags) };
}

/** Where a message lives, for the unread state. */
function placeOfMessage(message: Message): UnreadPlace {
  const inChannel = message.type === 'stream';
  return { conversation: conversationOf(message), stream_id: inChannel ? (message.stream_id ?? null) : null, topic: inChannel ? message.subject : null };
}

/** Reports the unread counts changed when `changed` names any message. */
function report(changes: ChangeSink, changed: readonly (number | 'all')[]): void {
  if (changed.length > 0) changes.add('unread', 'counts');
}

/** Runs after the messages module's handlers: a message marked unread again is placed from the cache they updated. */
export const unreadEvents: EventHandlers<'message' | 'update_message_flags' | 'delete_message' | 'update_message'> = {
  message: (db, event, changes) => {
    const flags = event.flags ?? [];
    if (flags.includes('read')) return;
    const { message } = event;
    addUnread(db, message.id, placeOfMessage(message), isMention(flags));
    report(changes, [message.id]);
  },
  update_message_flags: (db, event, changes) => {
    if (event.flag !== 'read') return;
    if (event.op === 'add') {
      if (event.all) markAllRead(db);
      report(changes, event.all ? ['all'] : markRead(db, event.messages));
      return;
    }
    const again = event.messages.filter((id) => {
      const found = placeOfUnreadAgain(db, id, event.message_details?.[String(id)]);
      if (found !== undefined) addUnread(db, id, found.place, found.mentioned);
      return found !== undefined;
    });
    report(changes, again);
  },
  delete_message: (db, event, changes) => {
    report(changes, markRead(db, event.message_ids ?? (event.message_id === undefined ? [] : [event.message_id])));
  },
  update_message: (db, event, changes) => {
    const moved = (event.subject !== undefined || event.new_stream_id !== undefined) && event.rendering_only !== true;
    if (!moved) return;
    const to = { ...(event.new_stream_id !== undefined && { stream_id: event.new_stream_id }), ...(event.subject !== undefined && { topic: event.subject }) };
    report(changes, moveUnread(db, [...new Set([event.message_id, ...event.message_ids])], to));
  },
};
