// Desktop notifications, decided from the message events as they are applied: direct messages,
// mentions (of the user, a group of theirs, or everyone: the flags say which) and followed topics;
// none for muted topics or channels, the user's own messages, messages that arrive read, or the
// conversation the user is looking at. Messages that arrive together in one conversation make one
// notification.
import type { KnownEvent, MessageEvent } from '../../shared/api/events';
import type { Message } from '../../shared/api/records';
import { MENTION_FLAGS } from '../../shared/api/unread';
import { channelTopicTitle } from '../../shared/conversation-title';
import type { DesktopNotice } from '../../shared/notifications';
import type { MirrorDatabase } from '../store/database';
import { conversationOf } from '../store/messages';
import { realmValue } from '../store/realm';
import { htmlText } from '../store/search-index';
import { topicVisibility } from '../store/topic-visibility';
import type { NotificationSink } from './desktop-alerts';

/** A notification shows a line or two of text, not the message. */
const BODY_MAX = 180;

export class MessageNotifications {
  readonly #db: MirrorDatabase;
  readonly #account_id: string;
  readonly #sink: NotificationSink;

  constructor(db: MirrorDatabase, account_id: string, sink: NotificationSink) {
    this.#db = db;
    this.#account_id = account_id;
    this.#sink = sink;
  }

  /** One batch of applied events. */
  consider(events: readonly KnownEvent[]): void {
    const own = realmValue(this.#db, 'user_id');
    const { viewing } = this.#sink;
    const waiting = new Map<string, Message[]>();
    for (const event of events) {
      if (event.type !== 'message' || event.message.sender_id === own || !this.#notifies(event)) continue;
      const conversation = conversationOf(event.message);
      if (viewing.focused && viewing.conversation === conversation) continue;
      waiting.set(conversation, [...(waiting.get(conversation) ?? []), event.message]);
    }
    for (const [conversation, messages] of waiting) this.#sink.deliver(this.#notice(conversation, messages));
  }

  #notifies({ message, flags }: MessageEvent): boolean {
    if (flags.includes('read')) return false;
    if (message.type === 'private') return true;
    const { muted, followed } = topicVisibility(this.#db, message.stream_id ?? -1, message.subject);
    return !muted && (followed || flags.some((flag) => MENTION_FLAGS.has(flag)));
  }

  #notice(conversation: string, messages: readonly Message[]): DesktopNotice {
    const first = messages[0]!;
    const last = messages[messages.length - 1]!;
    const where = first.type === 'stream' ? channelTopicTitle(typeof first.display_recipient === 'string' ? first.display_recipient : `channel ${first.stream_id}`, first.subject) : null;
    const title = where === null ? last.sender_full_name : `${last.sender_full_name} in ${where}`;
    const text = htmlText(last.rendered_content ?? last.content).replace(/\s+/g, ' ').trim();
    const excerpt = text.length > BODY_MAX ? `${text.slice(0, BODY_MAX - 1)}…` : text;
    const body = messages.length > 1 ? `${messages.length} new messages. ${excerpt}` : excerpt;
    return { account_id: this.#account_id, conversation, anchor: first.id, title, body };
  }
}
