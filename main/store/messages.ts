import { REACTION_TYPES, USER_CHANGEABLE_FLAGS } from '../../shared/api/limits';
import type { Message, Reaction } from '../../shared/api/records';
import { conversationOf } from '../../shared/conversation';
import { togglesResolved } from '../../shared/resolved-topic';
import type { ChangeSink } from './changes';
import type { MirrorDatabase, ReadOnlyMirror } from './database';
import { z } from 'zod';
import type { EventHandlers } from './event-handlers';
import { confirmSentMessage } from './outbox';
import { contentKinds, indexMessage, reindexMessage, unindexMessage } from './search-index';
import { jsonColumn, reader, writer } from './statements';

// Re-exported so the mirror's readers find the key with the messages it files.
export { channelTopicConversation, conversationOf, directConversation, type ConversationKey } from '../../shared/conversation';

export interface StoredMessage {
  message: Message;
  flags: string[];
}

/** A cached message as read: its flags column and its JSON. */
export const messageRow = z.object({ flags: z.string(), json: z.string() });
const messageIdRow = z.object({ message_id: z.number() });
const conversationRow = z.object({ conversation: z.string() });
const messageFlags = z.array(z.string());

/** A cached message read back. */
export function storedMessage(row: z.infer<typeof messageRow>): StoredMessage {
  // The message was checked against the spec's schema when it came from the server.
  const message: Message = JSON.parse(row.json);
  return { message, flags: jsonColumn(row.flags, messageFlags) };
}

/**
 * Caches messages, new or changed, and keeps the search index in step: a new message is indexed,
 * a changed one indexed again only when its JSON changed (a flag change leaves it alone). Reports
 * the messages that changed, and the conversations that gained one (new, or moved there).
 */
export function upsertMessages(db: MirrorDatabase, messages: readonly StoredMessage[], changes: ChangeSink): void {
  const insert = writer(
    db,
    `INSERT INTO messages (message_id, conversation, timestamp, flags, json, sender_id, has_link, has_image, has_attachment)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (message_id) DO NOTHING`,
  );
  const move = writer(db, 'UPDATE messages SET conversation = ?, timestamp = ? WHERE message_id = ? AND (conversation IS NOT ? OR timestamp IS NOT ?)');
  const updateFlags = writer(db, 'UPDATE messages SET flags = ? WHERE message_id = ? AND flags IS NOT ?');
  // A fetched message carries its flags, an event's does not (they live in their column): the same
  // message must read the same either way, or every fetch would count as an edit.
  const updateJson = writer(
    db,
    "UPDATE messages SET json = ?, has_link = ?, has_image = ?, has_attachment = ? WHERE message_id = ? AND json_remove(json, '$.flags') IS NOT json_remove(?, '$.flags')",
  );
  for (const { message, flags } of messages) {
    const conversation = conversationOf(message);
    const flagsJson = JSON.stringify(flags);
    const json = JSON.stringify(message);
    const { has_link, has_image, has_attachment } = contentKinds(message);
    const kinds = [Number(has_link), Number(has_image), Number(has_attachment)];
    if (insert.run(message.id, conversation, message.timestamp, flagsJson, json, message.sender_id, ...kinds).changes > 0) {
      indexMessage(db, message);
      changes.add('messages', message.id);
      changes.touch(conversation);
      continue;
    }
    const moved = move.run(conversation, message.timestamp, message.id, conversation, message.timestamp).changes > 0;
    const flagged = updateFlags.run(flagsJson, message.id, flagsJson).changes > 0;
    const edited = updateJson.run(json, ...kinds, message.id, json).changes > 0;
    if (edited) reindexMessage(db, message);
    if (moved) changes.touch(conversation);
    if (moved || flagged || edited) changes.add('messages', message.id);
  }
}

export function getMessage(db: ReadOnlyMirror, message_id: number): StoredMessage | undefined {
  const row = reader(db, 'SELECT flags, json FROM messages WHERE message_id = ?', messageRow).get(message_id);
  return row && storedMessage(row);
}

/** Applies a change to a cached message; messages not cached are not fetched (they will be when shown). */
export function updateMessage(db: MirrorDatabase, message_id: number, change: (stored: StoredMessage) => StoredMessage, changes: ChangeSink): boolean {
  const stored = getMessage(db, message_id);
  if (!stored) return false;
  const changed = change(stored);
  upsertMessages(db, [changed], changes);
  // Moved: the conversation it left lost it.
  const from = conversationOf(stored.message);
  if (conversationOf(changed.message) !== from) changes.touch(from);
  return true;
}

export function addReaction(db: MirrorDatabase, message_id: number, reaction: Reaction, changes: ChangeSink): boolean {
  return updateMessage(
    db,
    message_id,
    ({ message, flags }) => ({ message: { ...message, reactions: [...message.reactions.filter((r) => !sameReaction(r, reaction)), reaction] }, flags }),
    changes,
  );
}

export function removeReaction(db: MirrorDatabase, message_id: number, reaction: Reaction, changes: ChangeSink): boolean {
  return updateMessage(db, message_id, ({ message, flags }) => ({ message: { ...message, reactions: message.reactions.filter((r) => !sameReaction(r, reaction)) }, flags }), changes);
}

const userChangeable: ReadonlySet<string> = new Set(USER_CHANGEABLE_FLAGS);

/**
 * A message's flags after an edit: those its content decides (mentions, alert words) as the server
 * read them again; the user's own (read, starred, collapsed) as the mirror has them, which may hold
 * a change still waiting in the outbox.
 */
function withContentFlags(flags: readonly string[], edited: readonly string[]): string[] {
  return [...flags.filter((flag) => userChangeable.has(flag)), ...edited.filter((flag) => !userChangeable.has(flag))];
}

function sameReaction(a: Reaction, b: Reaction): boolean {
  return a.user_id === b.user_id && a.emoji_code === b.emoji_code && a.reaction_type === b.reaction_type;
}

/**
 * Sets or clears a flag on cached messages (`all`: every one), by set-based statements over the
 * flags column alone: "mark all as read" over a cache of a million messages is one statement,
 * not a million parsed and rewritten records. Reports the messages it changed. The read flag is
 * the unread state's: markMessagesRead and markMessagesUnread set it with the counts.
 */
export function setFlag(db: MirrorDatabase, message_ids: readonly number[] | 'all', flag: string, present: boolean, changes: ChangeSink): void {
  const among = message_ids === 'all' ? '' : 'AND message_id IN (SELECT value FROM json_each(?))';
  const needsChange = `${present ? 'NOT' : ''} EXISTS (SELECT 1 FROM json_each(messages.flags) WHERE value = ?) ${among}`;
  const params = message_ids === 'all' ? [flag] : [flag, JSON.stringify(message_ids)];
  const changed = reader(db, `SELECT message_id FROM messages WHERE ${needsChange} ORDER BY message_id`, messageIdRow).all(...params);
  const newFlags = present ? `json_insert(flags, '$[#]', ?)` : '(SELECT json_group_array(value) FROM json_each(messages.flags) WHERE value IS NOT ?)';
  writer(db, `UPDATE messages SET flags = ${newFlags} WHERE ${needsChange}`).run(flag, ...params);
  // One by one: "all" may change a million messages, too many to spread into one call.
  for (const row of changed) changes.add('messages', row.message_id);
}

export function deleteMessages(db: MirrorDatabase, message_ids: readonly number[], changes: ChangeSink): void {
  const conversationOfId = reader(db, 'SELECT conversation FROM messages WHERE message_id = ?', conversationRow);
  const statement = writer(db, 'DELETE FROM messages WHERE message_id = ?');
  for (const id of message_ids) {
    const cached = conversationOfId.get(id);
    if (cached === undefined) continue;
    statement.run(id);
    unindexMessage(db, id);
    changes.add('messages', id);
    changes.touch(cached.conversation);
  }
}

/** The highest message id cached; undefined when none is. */
export function newestMessageId(db: ReadOnlyMirror): number | undefined {
  return reader(db, 'SELECT max(message_id) AS id FROM messages', z.object({ id: z.number().nullable() })).get()?.id ?? undefined;
}

export const messageEvents: EventHandlers<'reaction' | 'update_message_flags' | 'message' | 'update_message' | 'delete_message' | 'submessage'> = {
  reaction: (db, event, changes) => {
    const { emoji_name, emoji_code, reaction_type, user_id } = event;
    const reaction = { emoji_name, emoji_code, reaction_type, user_id };
    if (event.op === 'add') addReaction(db, event.message_id, reaction, changes);
    else removeReaction(db, event.message_id, reaction, changes);
  },
  update_message_flags: (db, event, changes) => {
    // The read flag goes with the unread state (unread-events.ts).
    if (event.flag !== 'read') setFlag(db, event.all ? 'all' : event.messages, event.flag, event.op === 'add', changes);
  },
  message: (db, event, changes) => {
    upsertMessages(db, [{ message: event.message, flags: event.flags ?? [] }], changes);
    // The message this app queued, echoed to the queue it was sent with: filed, so it leaves the
    // outbox in the same transaction. (Sent with another queue, its event comes without the local
    // id: the conversation shows it once all the same, and the outbox's own fetch removes the item.)
    if (event.local_message_id !== undefined) confirmSentMessage(db, { local_id: event.local_message_id, message_id: event.message.id }, changes);
  },
  update_message: (db, event, changes) => {
    const { content, rendered_content, is_me_message, subject, orig_subject, new_stream_id, topic_links, edit_timestamp, rendering_only } = event;
    const moved = (subject !== undefined || new_stream_id !== undefined) && !rendering_only;
    // Resolving or unresolving a topic moves its messages, but the server does not count it as a move.
    const onlyResolved = new_stream_id === undefined && subject !== undefined && orig_subject !== undefined && togglesResolved(orig_subject, subject);
    for (const id of new Set([event.message_id, ...event.message_ids])) {
      const edited = id === event.message_id && content !== undefined;
      updateMessage(db, id, ({ message, flags }) => ({
        message: {
          ...message,
          ...(edited && {
            // A message fetched as HTML keeps its content HTML: the event's content is the markdown.
            content: message.content_type === 'text/html' && rendered_content !== undefined ? rendered_content : content,
            ...(rendered_content !== undefined && { rendered_content }),
            ...(is_me_message !== undefined && { is_me_message }),
          }),
          ...(edited && !rendering_only && { last_edit_timestamp: edit_timestamp }),
          ...(moved && subject !== undefined && { subject }),
          ...(moved && new_stream_id !== undefined && { stream_id: new_stream_id }),
          ...(moved && !onlyResolved && { last_moved_timestamp: edit_timestamp }),
          ...(topic_links !== undefined && { topic_links }),
        },
        flags: id === event.message_id && event.flags !== undefined ? withContentFlags(flags, event.flags) : flags,
      }), changes);
    }
  },
  delete_message: (db, event, changes) => {
    deleteMessages(db, event.message_ids ?? (event.message_id === undefined ? [] : [event.message_id]), changes);
  },
  submessage: (db, event, changes) => {
    const { msg_type, content, message_id, sender_id, submessage_id } = event;
    updateMessage(
      db,
      message_id,
      // A replayed event is filed once: a widget's strike toggles, so a second copy would undo it.
      ({ message, flags }) =>
        message.submessages.some((submessage) => submessage.id === submessage_id)
          ? { message, flags }
          : { message: { ...message, submessages: [...message.submessages, { msg_type, content, message_id, sender_id, id: submessage_id }] }, flags },
      changes,
    );
  },
};

const recentEmojiRow = z.object({ emoji_name: z.string(), emoji_code: z.string(), reaction_type: z.enum(REACTION_TYPES) });

/** How many of the newest cached messages the recent-emoji look-up reads: bounded, to stay quick. */
const RECENT_EMOJI_WINDOW = 2_000;

/** The emoji `user_id` reacted with in the newest cached messages, most recent first, each once. */
export function recentReactionEmoji(db: ReadOnlyMirror, user_id: number, limit: number): Reaction[] {
  return reader(
    db,
    `SELECT json_extract(r.value, '$.emoji_name') AS emoji_name, json_extract(r.value, '$.emoji_code') AS emoji_code,
       json_extract(r.value, '$.reaction_type') AS reaction_type
     FROM (SELECT message_id, json FROM messages ORDER BY message_id DESC LIMIT ${RECENT_EMOJI_WINDOW}) m, json_each(m.json, '$.reactions') r
     WHERE json_extract(r.value, '$.user_id') = ?
     GROUP BY 2, 3 ORDER BY max(m.message_id) DESC LIMIT ?`,
    recentEmojiRow,
  )
    .all(user_id, limit)
    .map((emoji) => ({ ...emoji, user_id }));
}
