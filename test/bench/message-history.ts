// A cached message history for the UI figures: `count` messages written into an account's mirror
// as history fetches write them (main's store, the search index included), spread over the large
// organization's channels and topics and some direct conversations, every topic holding more
// than one screenful. Seeded, so every run opens the same conversations. Their HTML is the real
// server's (code, maths, images, tables, mentions…), one rendered case after another.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Message } from '../../shared/api/records';
import { channelTopicConversation, type ConversationKey } from '../../shared/conversation';
import type { MirrorDatabase } from '../../main/store/database';
import { upsertMessages, type StoredMessage } from '../../main/store/messages';
import { ChangeCollector } from '../../main/store/changes';
import { z } from 'zod';

export interface HistoryShape {
  count: number;
  users: number;
  channels: number;
  topicsPerChannel: number;
  /** The account the mirror belongs to: the direct conversations are with it. */
  self: number;
  /** The messages' HTML, taken in turn by message id. */
  contents: readonly string[];
}

const BATCH = 5_000;
const DIRECT_SHARE = 0.1;

const reference = join(import.meta.dirname, '..', '..', '..', 'shared', 'reference', 'real');

/**
 * What the real server rendered: every case of rendered-markdown.json, and the message showing an
 * uploaded image (its thumbnail the organization's, where the cases' images are other sites').
 */
export function realRenderedContents(): string[] {
  const rendered = z.object({ rendered: z.string() });
  const cases = z.object({ cases: z.array(rendered) }).parse(JSON.parse(readFileSync(join(reference, 'rendered-markdown.json'), 'utf8'))).cases;
  const upload = z.object({ message_with_uploaded_image: rendered }).parse(JSON.parse(readFileSync(join(reference, 'exchanges.json'), 'utf8'))).message_with_uploaded_image;
  return [...cases, upload].map((entry) => entry.rendered);
}

export const topicName = (index: number): string => `topic ${index}`;

/** A message's fields but its recipient, as the large organization's users write them. */
export function messageBase(id: number, sender_id: number, sender_full_name: string, content: string) {
  return {
    id,
    sender_id,
    sender_email: `user${sender_id}@large.example`,
    sender_full_name,
    sender_realm_str: 'large',
    avatar_url: null,
    client: 'website',
    content,
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

const contentOf = (id: number, shape: HistoryShape): string => shape.contents[id % shape.contents.length]!;

function historyMessage(id: number, shape: HistoryShape, next: () => number): StoredMessage {
  const pick = (n: number) => Math.floor(next() * n);
  const sender_id = 1 + pick(shape.users);
  const base = messageBase(id, sender_id, `User ${String(sender_id).padStart(5, '0')}`, contentOf(id, shape));
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

/**
 * `count` more messages, all in one topic of a channel, after the history's (ids from
 * `shape.count + 1`); returns the topic's key.
 */
export function writeLongTopic(db: MirrorDatabase, shape: HistoryShape, stream_id: number, subject: string, count: number): ConversationKey {
  const next = seededRandom(11);
  const display_recipient = `channel-${String(stream_id).padStart(5, '0')}`;
  for (let at = 0; at < count; at += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - at) }, (_, offset): StoredMessage => {
      const id = shape.count + 1 + at + offset;
      // A few people taking turns, so some messages group under the one before.
      const sender_id = 1 + Math.floor(next() * 8);
      const base = messageBase(id, sender_id, `User ${String(sender_id).padStart(5, '0')}`, contentOf(id, shape));
      return { message: { ...base, type: 'stream', stream_id, display_recipient, recipient_id: 1_000_000 + stream_id, subject }, flags: ['read'] };
    });
    db.transaction(() => upsertMessages(db, batch, new ChangeCollector()))();
  }
  return channelTopicConversation(stream_id, subject);
}

/** The keys of the topics of a channel this history wrote. */
export function channelTopics(stream_id: number, shape: HistoryShape): ConversationKey[] {
  return Array.from({ length: shape.topicsPerChannel }, (_, index) => channelTopicConversation(stream_id, topicName(index)));
}
