// Desktop notifications, decided from the message events as they are applied: direct messages,
// mentions (of the user, a group of theirs, or everyone: the flags say which), the user's alert
// words (has_alert_word), followed topics and channels whose every message notifies (their
// desktop_notifications, or the user's default); none for muted topics or channels, the user's own
// messages, messages that arrive read, or the conversation the user is looking at. Messages that
// arrive together in one conversation make one notification; a flood is paced and summed up
// (notification-pacing.ts); what the text says comes from others, so it is made plain
// (notification-text.ts).
import type { KnownEvent, MessageEvent } from '../../shared/api/events';
import type { Message } from '../../shared/api/records';
import { MENTION_FLAGS } from '../../shared/api/unread';
import { channelNotifiesAll } from '../../shared/notifications';
import { channelTopicTitle } from '../../shared/conversation-title';
import type { MirrorDatabase } from '../store/database';
import { conversationOf } from '../store/messages';
import { channelDesktopNotifications } from '../store/channels';
import { emptyTopicOf, realmValue, streamDesktopDefault } from '../store/realm';
import { messagePreview } from '../store/message-text';
import { topicVisibility } from '../store/topic-visibility';
import type { NotificationSink } from './desktop-alerts';
import { NotificationPacing, type PacedNotice } from './notification-pacing';
import { notificationText } from './notification-text';

/** A notification shows a line or two of text, not the message. */
const BODY_MAX = 180;

export class MessageNotifications {
  readonly #db: MirrorDatabase;
  readonly #account_id: string;
  readonly #sink: NotificationSink;
  readonly #pacing: NotificationPacing;

  constructor(db: MirrorDatabase, account_id: string, sink: NotificationSink) {
    this.#db = db;
    this.#account_id = account_id;
    this.#sink = sink;
    this.#pacing = new NotificationPacing((notice) => sink.deliver(notice));
  }

  /** The session is over: nothing waiting to be summed up is shown. */
  dispose(): void {
    this.#pacing.dispose();
  }

  /** One batch of applied events. */
  consider(events: readonly KnownEvent[]): void {
    const own = realmValue(this.#db, 'user_id');
    // Read once per batch, not per message: a catch-up batch holds thousands.
    const channelDefault = streamDesktopDefault(this.#db);
    const { viewing } = this.#sink;
    const waiting = new Map<string, { messages: Message[]; kind: PacedNotice['kind'] }>();
    for (const event of events) {
      if (event.type !== 'message' || event.message.sender_id === own) continue;
      const kind = this.#reason(event, channelDefault);
      if (kind === undefined) continue;
      const conversation = conversationOf(event.message);
      if (viewing.focused && (viewing.conversation === conversation || (viewing.channel !== null && event.message.stream_id === viewing.channel))) continue;
      const entry = waiting.get(conversation);
      if (entry) entry.messages.push(event.message);
      else waiting.set(conversation, { messages: [event.message], kind });
    }
    for (const [conversation, { messages, kind }] of waiting) this.#pacing.offer(this.#notice(conversation, messages, kind));
  }

  /** Why the message notifies, or undefined when it does not. */
  #reason({ message, flags }: MessageEvent, channelDefault: boolean): PacedNotice['kind'] | undefined {
    if (flags.includes('read')) return undefined;
    if (message.type === 'private') return 'direct';
    const { muted, followed } = topicVisibility(this.#db, message.stream_id ?? -1, message.subject);
    if (muted) return undefined;
    if (flags.some((flag) => MENTION_FLAGS.has(flag))) return 'mention';
    if (flags.includes('has_alert_word')) return 'alert';
    if (followed) return 'followed';
    return channelNotifiesAll(channelDesktopNotifications(this.#db, message.stream_id ?? -1), channelDefault) ? 'channel' : undefined;
  }

  #notice(conversation: string, messages: readonly Message[], kind: PacedNotice['kind']): PacedNotice {
    const first = messages[0]!;
    const last = messages[messages.length - 1]!;
    const channel = first.type === 'stream' ? (typeof first.display_recipient === 'string' ? first.display_recipient : `channel ${first.stream_id}`) : null;
    const sender = notificationText(last.sender_full_name);
    const title = channel === null ? sender : `${sender} in ${notificationText(channelTopicTitle(channel, first.subject, emptyTopicOf(this.#db)))}`;
    const text = notificationText(messagePreview({ html: last.rendered_content ?? last.content, sender_id: last.sender_id, submessages: last.submessages }));
    const excerpt = text.length > BODY_MAX ? `${text.slice(0, BODY_MAX - 1)}…` : text;
    const body = messages.length > 1 ? `${messages.length} new messages. ${excerpt}` : excerpt;
    return {
      notice: { account_id: this.#account_id, conversation, anchor: first.id, title, body },
      messages: messages.length,
      kind,
      place: channel === null ? `from ${notificationText(first.sender_full_name)}` : `in ${notificationText(`#${channel}`)}`,
    };
  }
}
