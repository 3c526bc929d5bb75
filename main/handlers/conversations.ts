// Conversations and their messages: listed and paged from the mirror (history fetched when
// online), sent, flagged, reactions removed, narrow checks; the composer's typing notifications.
import type { Message } from '../../shared/api/records';
import type { ConversationSummary, MessagePage } from '../../shared/ipc';
import type { OutboxRecord } from '../../shared/outbox-records';
import { conversationNarrow, parseConversation, type Conversation, type NamedConversation } from '../../shared/conversation';
import { channelTopicTitle, conversationTitle } from '../../shared/conversation-title';
import { isOffline } from '../api/failures';
import { typingTarget } from '../app/conversation-target';
import { feedPage } from '../app/feed-pages';
import type { AccountSession } from '../app/session';
import { UserFacingError } from '../app/user-facing-error';
import { channelAbout, channelsTable } from '../store/channels';
import { cachedConversation, cachedConversations, mirrorNames } from '../store/conversations';
import { feedUpdate } from '../store/feeds';
import { getRecord } from '../store/keyed-table';
import { conversationOf, getMessage, removeReaction, setFlag, upsertMessages } from '../store/messages';
import { topicPreferences } from '../store/personal';
import { userById } from '../store/users';
import { markMessagesRead, markMessagesUnread } from '../store/read-state';
import { checkedMessages } from '../sync/answers';
import type { TypingNotifier } from '../sync/typing';
import type { CoreContext } from './context';
import type { AreaHandlers } from './dispatch';

/** How many of the newest messages a refresh of the conversation list fetches. */
const REFRESH_MESSAGES = 200;
/** New messages one update of an open feed brings at most; a burst beyond reads the page again. */
export const UPDATE_NEWER = 200;
/** A click on a link waits for the server's word on where its message is, this long at most. */
const LOCATE_TIMEOUT_MS = 3_000;

const stored = (messages: readonly Message[]) => messages.map((message) => ({ message, flags: message.flags ?? [] }));

function summary(session: AccountSession, { key, target }: NamedConversation, last: Message, unread: number, last_message_id: number): ConversationSummary {
  const base = { conversation: key, last_message_id, last_timestamp: last.timestamp, unread };
  const names = mirrorNames(session.db);
  if (target.kind === 'channel') {
    // The channel's name as the mirror has it, else as its last message named it.
    const channel_name = getRecord(session.db, channelsTable, target.stream_id)?.name ?? (typeof last.display_recipient === 'string' ? last.display_recipient : names.channel(target.stream_id));
    const visibility_policy = topicPreferences(session.db, target.stream_id).find((p) => p.topic_name === target.topic)?.visibility_policy ?? 0;
    return { ...base, kind: 'channel', stream_id: target.stream_id, channel_name, topic: target.topic, title: channelTopicTitle(channel_name, target.topic, names.emptyTopic), visibility_policy };
  }
  return { ...base, kind: 'direct', user_ids: target.user_ids, title: conversationTitle(target, session.account.user_id, names), visibility_policy: 0 };
}

function notifier(session: AccountSession, { key, target }: NamedConversation): TypingNotifier {
  return session.composers.of(key, () => typingTarget(target, session.account.user_id));
}

/** A conversation key read from the mirror (it wrote it). */
function named(key: string): NamedConversation | undefined {
  const target: Conversation | undefined = parseConversation(key);
  return target && { key, target };
}

export type ConversationChannel =
  | 'conversations.list'
  | 'conversations.get'
  | 'messages.page'
  | 'messages.locate'
  | 'messages.update'
  | 'messages.send'
  | 'messages.flag'
  | 'messages.removeReaction'
  | 'compose.activity'
  | 'compose.stop'
  | 'typing.current';

export function conversationHandlers(context: CoreContext): AreaHandlers<ConversationChannel> {
  return {
    'conversations.list': async ({ refresh }) => {
      const session = context.activeSession();
      if (refresh && session.online) {
        try {
          const { messages } = await session.client.call('getMessages', { anchor: 'newest', num_before: REFRESH_MESSAGES, num_after: 0, narrow: [] });
          session.write((db, changes) => upsertMessages(db, stored(messages), changes));
        } catch (error) {
          // The cached list stands when the network fails on the way.
          if (!isOffline(error)) throw error;
        }
      }
      const conversations = cachedConversations(session.db).flatMap((c) => {
        const conversation = named(c.conversation);
        return conversation ? [summary(session, conversation, c.last.message, c.unread, c.last_message_id)] : [];
      });
      return { user_id: session.account.user_id, is_admin: session.isAdministrator(), conversations };
    },
    'conversations.get': ({ conversation }) => {
      const session = context.activeSession();
      const cached = cachedConversation(session.db, conversation.key);
      const channel = conversation.target.kind === 'channel' ? channelAbout(session.db, conversation.target.stream_id, session.client.featureLevel ?? null) : undefined;
      return {
        user_id: session.account.user_id,
        is_admin: session.isAdministrator(),
        conversation: cached ? summary(session, conversation, cached.last.message, cached.unread, cached.last_message_id) : null,
        channel_name: channel?.name ?? null,
        is_archived: channel?.is_archived === true,
        unsubscribed_channel: channel && !channel.subscribed ? { invite_only: channel.invite_only } : null,
        deactivated_user_ids: conversation.target.kind === 'direct' ? conversation.target.user_ids.filter((user_id) => user_id !== session.account.user_id && userById(session.db, user_id)?.is_active === false) : [],
      };
    },
    'messages.page': async ({ conversation, ...request }): Promise<MessagePage> => {
      const session = context.activeSession();
      const page = await feedPage(session, { conversation: conversation.key }, conversationNarrow(conversation.target), request);
      return { ...page, pending: session.sendQueue.pending(conversation.key) };
    },
    'messages.locate': async ({ message_id }) => {
      const session = context.activeSession();
      const cached = getMessage(session.db, message_id);
      if (cached) return { conversation: conversationOf(cached.message) };
      if (!session.online) return null;
      try {
        const narrow = [{ operator: 'id', operand: message_id }];
        const { messages } = checkedMessages(await session.client.call('getMessages', { anchor: message_id, num_before: 0, num_after: 0, narrow }, { timeoutMs: LOCATE_TIMEOUT_MS }));
        const found = messages.find((message) => message.id === message_id);
        return found ? { conversation: conversationOf(found) } : null;
      } catch (error) {
        // Offline on the way, or too slow to answer: the link's own conversation is the place to go.
        if (isOffline(error)) return null;
        throw error;
      }
    },
    'messages.update': ({ conversation, after, message_ids }) => {
      const session = context.activeSession();
      return { ...feedUpdate(session.db, { conversation: conversation.key }, after, message_ids, UPDATE_NEWER), pending: session.sendQueue.pending(conversation.key) };
    },
    'messages.send': ({ conversation, content, local_id }) => {
      const session = context.activeSession();
      notifier(session, conversation).stop();
      return session.sendQueue.send({ to: conversation.target, content, local_id });
    },
    'messages.flag': async ({ messages, op, flag }) => {
      const session = context.activeSession();
      // Shown at once, the unread counts with it; the event that follows (or the replay) confirms it.
      session.write((db, changes) => {
        if (flag !== 'read') setFlag(db, messages, flag, op === 'add', changes);
        else if (op === 'add') markMessagesRead(db, messages, changes);
        else markMessagesUnread(db, messages, changes);
      });
      const [only, ...others] = messages;
      const record: OutboxRecord = only !== undefined && others.length === 0 ? { table: 'messages', message_id: only } : { table: 'messages', flag };
      const deferred = await session.deferrable.call({ kind: 'updateMessageFlags', record, payload: { messages, op, flag } });
      return deferred.pending ? deferred : { pending: false, value: null };
    },
    'messages.removeReaction': async ({ message_id, emoji_name, emoji_code, reaction_type }) => {
      const session = context.activeSession();
      const user_id = session.account.user_id;
      const own = getMessage(session.db, message_id)?.message.reactions.some(
        (r) => r.user_id === user_id && r.emoji_code === emoji_code && r.reaction_type === reaction_type,
      );
      if (!own) throw new UserFacingError('INVALID_ARGUMENT', 'Only your own reactions can be removed.');
      session.write((db, changes) => removeReaction(db, message_id, { emoji_name, emoji_code, reaction_type, user_id }, changes));
      const payload = { message_id, emoji_name, emoji_code, reaction_type };
      const deferred = await session.deferrable.call({ kind: 'removeReaction', record: { table: 'messages', message_id }, payload });
      return deferred.pending ? deferred : { pending: false, value: null };
    },
    'compose.activity': ({ conversation }) => {
      notifier(context.activeSession(), conversation).activity();
      return null;
    },
    'compose.stop': ({ conversation }) => {
      notifier(context.activeSession(), conversation).stop();
      return null;
    },
    'typing.current': ({ conversation }) => ({ user_ids: context.activeSession().typing.typing(conversation.key) }),
  };
}
