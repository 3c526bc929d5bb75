// A page of a feed (a conversation, or a channel's every topic): online, the server's, filed in the
// mirror on the way; offline, or when only the mirror is asked, the mirror's. A feed opens at its
// first unread message (the unread state's, cached or not), a few read ones above it, rather than
// at the newest, or around the message it was opened at (`near`: a link, a search result); later
// pages go back (`before`) or forward (`after`) from what is shown.
import type { GetMessagesParams } from '../../shared/api/operations';
import type { NarrowTerm } from '../../shared/api/records';
import type { FeedAnchor, MessageView } from '../../shared/ipc';
import { isOffline } from '../api/failures';
import { feedMessages, type Feed } from '../store/feeds';
import { getMessage, upsertMessages } from '../store/messages';
import { firstUnread } from '../store/unread';
import type { AccountSession } from './session';

/** Read messages shown above the first unread one, so the reader sees what it answers. */
export const READ_ABOVE_UNREAD = 20;

export interface PageRequest {
  anchor: FeedAnchor;
  near?: number | undefined;
  before?: number | undefined;
  after?: number | undefined;
  limit: number;
  /** The mirror only, without asking the server. */
  cached: boolean;
}

export interface FeedPage {
  messages: MessageView[];
  found_oldest: boolean;
  found_newest: boolean;
}

type Range = { kind: 'newest' } | { kind: 'before'; id: number } | { kind: 'after'; id: number } | { kind: 'around'; id: number };

function rangeOf(session: AccountSession, feed: Feed, request: PageRequest): Range {
  if (request.before !== undefined) return { kind: 'before', id: request.before };
  if (request.after !== undefined) return { kind: 'after', id: request.after };
  if (request.near !== undefined) return { kind: 'around', id: request.near };
  const unread = request.anchor === 'first_unread' ? firstUnread(session.db, feed) : undefined;
  return unread === undefined ? { kind: 'newest' } : { kind: 'around', id: unread };
}

/** The window of messages around the anchor that a range asks the server for. */
function serverWindow(range: Range, limit: number): Omit<GetMessagesParams, 'narrow'> {
  switch (range.kind) {
    case 'newest':
      return { anchor: 'newest', include_anchor: true, num_before: limit, num_after: 0 };
    case 'before':
      return { anchor: range.id, include_anchor: false, num_before: limit, num_after: 0 };
    case 'after':
      return { anchor: range.id, include_anchor: false, num_before: 0, num_after: limit };
    case 'around':
      return { anchor: range.id, include_anchor: true, num_before: READ_ABOVE_UNREAD, num_after: limit };
  }
}

async function serverPage(session: AccountSession, narrow: NarrowTerm[], range: Range, limit: number): Promise<FeedPage> {
  const result = await session.client.call('getMessages', { ...serverWindow(range, limit), narrow });
  session.write((db, changes) => upsertMessages(db, result.messages.map((message) => ({ message, flags: message.flags ?? [] })), changes));
  const inRange = result.messages.filter((m) => (range.kind === 'before' ? m.id < range.id : range.kind === 'after' ? m.id > range.id : true));
  // The mirror's flags: a message read here a moment ago may still be unread in the server's answer.
  const messages = inRange.sort((a, b) => a.id - b.id).map((m) => getMessage(session.db, m.id) ?? { message: m, flags: m.flags ?? [] });
  return { messages, found_oldest: result.found_oldest, found_newest: result.found_newest };
}

function mirrorPage(session: AccountSession, feed: Feed, range: Range, limit: number): FeedPage {
  const { db } = session;
  switch (range.kind) {
    case 'newest': {
      const messages = feedMessages(db, feed, { limit });
      return { messages, found_oldest: messages.length < limit, found_newest: true };
    }
    case 'before': {
      const messages = feedMessages(db, feed, { before: range.id, limit });
      return { messages, found_oldest: messages.length < limit, found_newest: false };
    }
    case 'after': {
      const messages = feedMessages(db, feed, { after: range.id, limit });
      return { messages, found_oldest: false, found_newest: messages.length < limit };
    }
    case 'around': {
      const above = feedMessages(db, feed, { before: range.id, limit: READ_ABOVE_UNREAD });
      const from = feedMessages(db, feed, { after: range.id - 1, limit });
      return { messages: [...above, ...from], found_oldest: above.length < READ_ABOVE_UNREAD, found_newest: from.length < limit };
    }
  }
}

export async function feedPage(session: AccountSession, feed: Feed, narrow: NarrowTerm[], request: PageRequest): Promise<FeedPage> {
  const range = rangeOf(session, feed, request);
  if (!request.cached && session.online) {
    try {
      return await serverPage(session, narrow, range, request.limit);
    } catch (error) {
      // The cached page stands when the network fails on the way.
      if (!isOffline(error)) throw error;
    }
  }
  return mirrorPage(session, feed, range, request.limit);
}
