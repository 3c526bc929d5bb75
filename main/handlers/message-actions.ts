// Acting on one message: a reaction added (shown at once, waiting in the outbox offline), its
// content edited and the message deleted (online only, as the organization allows), its edit
// history and read receipts read, the rules the screens follow to offer those, and the user's recently used emoji.
import { z } from 'zod';
import { ROLES } from '../../shared/api/limits';
import type { MessageHistoryEntry } from '../../shared/api/operations';
import type { MessageEditRules, MessageVersion } from '../../shared/ipc';
import { callerRole } from '../admin/caller';
import type { AccountSession } from '../app/session';
import { customEmojiImages } from '../store/custom-emoji';
import { inRealmGroupSetting } from '../store/group-settings';
import { addReaction, deleteMessages, getMessage, recentReactionEmoji, removeReaction, upsertMessages } from '../store/messages';
import { realmValue } from '../store/realm';
import { UserFacingError } from '../app/user-facing-error';
import type { CoreContext } from './context';
import type { AreaHandlers } from './dispatch';

/** How many recently used emoji the picker lists first. */
const RECENT_EMOJI = 12;

const seconds = z.number().int().nullable();

function editRules(session: AccountSession): MessageEditRules {
  const { db } = session;
  const user_id = session.account.user_id;
  const setting = <T>(key: string, shape: z.ZodType<T>, fallback: T): T => {
    const parsed = shape.safeParse(realmValue(db, key));
    return parsed.success ? parsed.data : fallback;
  };
  return {
    user_id,
    allow_message_editing: setting('realm_allow_message_editing', z.boolean(), true),
    edit_limit_seconds: setting('realm_message_content_edit_limit_seconds', seconds, null),
    delete_limit_seconds: setting('realm_message_content_delete_limit_seconds', seconds, null),
    // Where the mirror cannot tell, the action is offered and the server decides.
    can_delete_own: inRealmGroupSetting(db, user_id, 'realm_can_delete_own_message_group') ?? true,
    can_delete_any: inRealmGroupSetting(db, user_id, 'realm_can_delete_any_message_group') ?? false,
    can_move_topics: inRealmGroupSetting(db, user_id, 'realm_can_move_messages_between_topics_group') ?? true,
    can_move_channels: inRealmGroupSetting(db, user_id, 'realm_can_move_messages_between_channels_group') ?? true,
    can_resolve: inRealmGroupSetting(db, user_id, 'realm_can_resolve_topics_group') ?? true,
    moves_unlimited: callerRole(db, user_id) <= ROLES.moderator,
    move_within_limit_seconds: setting('realm_move_messages_within_stream_limit_seconds', seconds, null),
    move_between_limit_seconds: setting('realm_move_messages_between_streams_limit_seconds', seconds, null),
    edit_history: setting('realm_message_edit_history_visibility_policy', z.enum(['all', 'moves', 'none']), setting('realm_allow_edit_history', z.boolean(), true) ? 'all' : 'none'),
    // Servers before read receipts (level 137) send no such setting.
    read_receipts: setting('realm_enable_read_receipts', z.boolean(), false),
  };
}

/** The server's copy of one message, into the mirror: an edit shows its rendered content at once. */
async function refetch(session: AccountSession, message_id: number): Promise<void> {
  const { messages } = await session.client.call('getMessages', { anchor: message_id, num_before: 0, num_after: 0, narrow: [] });
  const fetched = messages.find((message) => message.id === message_id);
  if (fetched === undefined) return;
  session.write((db, changes) => upsertMessages(db, [{ message: fetched, flags: fetched.flags ?? getMessage(db, message_id)?.flags ?? [] }], changes));
}

export type MessageActionChannel =
  | 'messages.addReaction'
  | 'messages.edit'
  | 'messages.delete'
  | 'messages.source'
  | 'messages.editRules'
  | 'messages.history'
  | 'messages.readReceipts'
  | 'emoji.recent'
  | 'emoji.custom';

/** The server's history, version by version: what each one changed, for the screen to show. */
function versionsOf(history: readonly MessageHistoryEntry[]): MessageVersion[] {
  return history.map((entry, i) => ({
    original: i === 0,
    user_id: entry.user_id,
    timestamp: entry.timestamp,
    rendered_content: i === 0 || entry.prev_content !== undefined ? (entry.rendered_content ?? null) : null,
    topic: entry.topic,
    prev_topic: i === 0 ? null : (entry.prev_topic ?? null),
    prev_stream_id: i === 0 ? null : (entry.prev_stream ?? null),
    stream_id: i === 0 ? null : (entry.stream ?? null),
  }));
}

export function messageActionHandlers(context: CoreContext): AreaHandlers<MessageActionChannel> {
  return {
    'messages.addReaction': async ({ message_id, emoji_name, emoji_code, reaction_type }) => {
      const session = context.activeSession();
      const user_id = session.account.user_id;
      const reaction = { emoji_name, emoji_code, reaction_type, user_id };
      const already = getMessage(session.db, message_id)?.message.reactions.some(
        (r) => r.user_id === user_id && r.emoji_code === emoji_code && r.reaction_type === reaction_type,
      );
      if (already) throw new UserFacingError('REACTION_ALREADY_EXISTS', 'You already reacted with this emoji.');
      // Shown at once; the reaction event (or the replay) confirms it.
      session.write((db, changes) => addReaction(db, message_id, reaction, changes));
      const payload = { message_id, emoji_name, emoji_code, reaction_type };
      try {
        const deferred = await session.deferrable.call({ kind: 'addReaction', record: { table: 'messages', message_id }, payload });
        return deferred.pending ? deferred : { pending: false, value: null };
      } catch (error) {
        session.write((db, changes) => removeReaction(db, message_id, reaction, changes));
        throw error;
      }
    },
    'messages.edit': async ({ message_id, content }) => {
      const session = context.activeSession();
      session.requireOnline('Editing a message');
      await session.client.call('updateMessage', { message_id, content });
      await refetch(session, message_id);
      return null;
    },
    'messages.delete': async ({ message_id }) => {
      const session = context.activeSession();
      session.requireOnline('Deleting a message');
      await session.client.call('deleteMessage', { message_id });
      session.write((db, changes) => deleteMessages(db, [message_id], changes));
      return null;
    },
    'messages.source': async ({ message_id }) => {
      const session = context.activeSession();
      session.requireOnline('Editing a message');
      const { messages } = await session.client.call('getMessages', { anchor: message_id, num_before: 0, num_after: 0, narrow: [], apply_markdown: false });
      const message = messages.find((candidate) => candidate.id === message_id);
      if (message === undefined) throw new UserFacingError('NOT_FOUND', 'This message no longer exists.');
      return { content: message.content };
    },
    'messages.editRules': () => editRules(context.activeSession()),
    'messages.history': async ({ message_id }) => {
      const session = context.activeSession();
      session.requireOnline('Reading the edit history');
      const { message_history } = await session.client.call('getMessageHistory', { message_id });
      return versionsOf(message_history);
    },
    'messages.readReceipts': async ({ message_id }) => {
      const session = context.activeSession();
      session.requireOnline('Reading who has read a message');
      const { user_ids } = await session.client.call('getReadReceipts', { message_id });
      return user_ids;
    },
    'emoji.recent': () => {
      const session = context.activeSession();
      return recentReactionEmoji(session.db, session.account.user_id, RECENT_EMOJI).map(({ emoji_name, emoji_code, reaction_type }) => ({ emoji_name, emoji_code, reaction_type }));
    },
    'emoji.custom': () => customEmojiImages(context.activeSession().db),
  };
}
