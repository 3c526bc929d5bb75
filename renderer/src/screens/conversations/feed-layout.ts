// How a feed reads like a chat: a sender's consecutive messages within a few minutes go under one
// avatar and name, a divider opens each day ("Today", "Yesterday", then the date, in the reader's
// time zone), one "New messages" divider sits above the first message that was unread when the
// feed opened, and (in a channel's or the combined feed, where conversations interleave) a
// conversation's header opens each run of its messages and each day. Pure: messages in, rows out.
import { conversationOf } from '../../../../shared/conversation';
import type { MessageView } from '../../../../shared/ipc';
import { dayNumber } from '../../lib/time-format';

/** The longest pause between two messages of one sender that still reads as one run. */
export const GROUP_SECONDS = 5 * 60;

export interface FeedRow {
  view: MessageView;
  /** The day divider above this message, when it is the day's first. */
  day: string | null;
  /** Shown under the previous message's avatar and name. */
  continued: boolean;
  /** The "New messages" divider goes above it. */
  firstNew: boolean;
  /** The first of a run of its conversation's messages (or of the day's): a channel's feed heads it with the topic. */
  topicStart: boolean;
}

export interface LayoutOptions {
  timeZone: string;
  /** Now, in seconds: which day is "Today". */
  now: number;
  /** The first message unread as the feed opened (null: none). */
  newFrom: number | null;
}

const dayNames = new Map<string, Intl.DateTimeFormat>();

function cached(map: Map<string, Intl.DateTimeFormat>, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let formatter = map.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat(undefined, { ...options, timeZone });
    map.set(timeZone, formatter);
  }
  return formatter;
}

export function dayLabel(seconds: number, options: Pick<LayoutOptions, 'timeZone' | 'now'>): string {
  const ago = dayNumber(options.now, options.timeZone) - dayNumber(seconds, options.timeZone);
  if (ago === 0) return 'Today';
  if (ago === 1) return 'Yesterday';
  return cached(dayNames, options.timeZone, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' }).format(seconds * 1000);
}

/** Whether two messages are one conversation's (a channel's feed interleaves topics, the combined feed every conversation). */
function sameConversation(a: MessageView, b: MessageView): boolean {
  return conversationOf(a.message) === conversationOf(b.message);
}

export function feedLayout(views: readonly MessageView[], options: LayoutOptions): FeedRow[] {
  let previous: MessageView | undefined;
  let previousDay: number | undefined;
  return views.map((view) => {
    const day = dayNumber(view.message.timestamp, options.timeZone);
    const firstNew = view.message.id === options.newFrom;
    const newDay = day !== previousDay;
    const topicStart = previous === undefined || newDay || !sameConversation(previous, view);
    const continued =
      !topicStart && !firstNew && previous?.message.sender_id === view.message.sender_id && view.message.timestamp - (previous?.message.timestamp ?? 0) <= GROUP_SECONDS;
    previous = view;
    previousDay = day;
    return { view, day: newDay ? dayLabel(view.message.timestamp, options) : null, continued, firstNew, topicStart };
  });
}
