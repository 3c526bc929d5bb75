// A cached message history for the UI figures: `count` messages written into an account's mirror
// as history fetches write them (main's store, the search index included), spread over the large
// organization's channels and topics and some direct conversations, every topic holding more
// than one screenful. Seeded, so every run opens the same conversations.
import type { Message } from '../../shared/api/records';
import { channelTopicConversation, type ConversationKey } from '../../shared/conversation';
import type { MirrorDatabase } from '../../main/store/database';
import { upsertMessages, type StoredMessage } from '../../main/store/messages';
import { ChangeCollector } from '../../main/store/changes';

export interface HistoryShape {
  count: number;
  users: number;
  channels: number;
  topicsPerChannel: number;
  /** The account the mirror belongs to: the direct conversations are with it. */
  self: number;
}

const BATCH = 5_000;
const DIRECT_SHARE = 0.1;
const WORDS = 'we should ship build test review merge deploy server client cache index query release branch fix crash log alert budget meeting notes design layout inbox search topic reply today tomorrow thanks agreed blocked done'.split(' ');

export const topicName = (index: number): string => `topic ${index}`;

/** A message's fields but its recipient, as the large organization's users write them. */
export function messageBase(id: number, sender_id: number, sender_full_name: string, words: readonly (string | undefined)[]) {
  return {
    id,
    sender_id,
    sender_email: `user${sender_id}@large.example`,
    sender_full_name,
    sender_realm_str: 'large',
    avatar_url: null,
    client: 'website',
    content: `<p>${words.join(' ')}</p>`,
    content_type: 'text/html' as const,
    is_me_message: false,
    timestamp: 1_700_000_000 + id,
    reactions: [],
    submessages: [],
    topic_links: [],
  };
}

export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function historyMessage(id: number, shape: HistoryShape, next: () => number): StoredMessage {
  const pick = (n: number) => Math.floor(next() * n);
  const sender_id = 1 + pick(shape.users);
  const words = Array.from({ length: 6 + pick(30) }, () => WORDS[pick(WORDS.length)]);
  const base = messageBase(id, sender_id, `User ${String(sender_id).padStart(5, '0')}`, words);
  const flags = ['read'];
  if (next() >= DIRECT_SHARE) {
    const stream_id = 1 + pick(shape.channels);
    const subject = topicName(pick(shape.topicsPerChannel));
    return { message: { ...base, type: 'stream', stream_id, display_recipient: `channel-${String(stream_id).padStart(5, '0')}`, recipient_id: 1_000_000 + stream_id, subject }, flags };
  }
  const recipients = [shape.self, sender_id].map((uid) => ({ id: uid, email: `user${uid}@large.example`, full_name: `User ${String(uid).padStart(5, '0')}`, is_mirror_dummy: false }));
  const message: Message = { ...base, type: 'private', display_recipient: recipients, recipient_id: sender_id, subject: '' };
  return { message, flags };
}

/** Writes the history into the mirror, in transactions of a few thousand messages. */
export function writeHistory(db: MirrorDatabase, shape: HistoryShape): void {
  const next = seededRandom(7);
  for (let at = 1; at <= shape.count; at += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, shape.count - at + 1) }, (_, offset) => historyMessage(at + offset, shape, next));
    db.transaction(() => upsertMessages(db, batch, new ChangeCollector()))();
  }
}

/** The keys of the topics of a channel this history wrote. */
export function channelTopics(stream_id: number, shape: HistoryShape): ConversationKey[] {
  return Array.from({ length: shape.topicsPerChannel }, (_, index) => channelTopicConversation(stream_id, topicName(index)));
}
