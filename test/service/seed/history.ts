// `--messages N`: a generated message history over the seeded organization, for the client's
// unread state, search and benchmarks. Channel messages go to the accounts' channels and a few topics
// each, direct messages between accounts (one-on-one and groups of three). The newest tenth is partly
// unread and about one message in 25 mentions someone. Personal rows (flags) are kept for the printed
// accounts only, the people who sign in: for everyone else the history reads as channel history, and
// a channel of 100,000 subscribers does not multiply the history by as much. A fixed seed makes the
// same N give the same history.
import type { ServiceAccount } from '../config';
import type { Db } from '../db/schema';
import { channelRecipientId, dmRecipientId } from '../messaging/send';
import { FLAG } from '../records/message';
import type { Dialect } from '../dialect';
import { databaseRenderContext } from '../messaging/renderContext';
import { renderMessage } from '../render';

const TOPICS = ['deploys', 'standup', 'design review', 'release 4.2', 'onboarding', 'incidents', 'roadmap', 'lunch'] as const;
const TOPICS_PER_CHANNEL = 5;
const WORDS = (
  'the a we should ship build test review merge deploy rollback server client latency cache index query schema ' +
  'migration release branch feature bug fix crash log metric alert dashboard budget meeting agenda notes draft ' +
  'design mockup color font layout sidebar inbox search unread topic channel thread reply reaction emoji today ' +
  'tomorrow friday morning afternoon quickly carefully again later please thanks agreed maybe blocked done'
).split(' ');
const CHANNEL_SHARE = 0.8;
const GROUP_SHARE = 0.05;
const UNREAD_TAIL = 0.1;
const MENTION_EVERY = 25;
const WILDCARD_EVERY = 200;
/** Seconds between generated messages when the organization has no message yet. */
const SPACING = 30;

/** mulberry32: small, fast and reproducible. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Channel {
  streamId: number;
  topics: string[];
  /** The accounts subscribed to it: its senders and the holders of personal rows. */
  accounts: number[];
}

function accountChannels(db: Db, accountIds: readonly number[]): Channel[] {
  const rows = db
    .prepare(
      `SELECT s.stream_id, s.user_id FROM subscriptions s JOIN streams st USING (stream_id)
       WHERE s.active = 1 AND st.is_archived = 0 AND s.user_id IN (${accountIds.map(() => '?').join(',')}) ORDER BY s.stream_id, s.user_id`,
    )
    .all(...accountIds) as { stream_id: number; user_id: number }[];
  const channels = new Map<number, Channel>();
  for (const row of rows) {
    const channel = channels.get(row.stream_id) ?? { streamId: row.stream_id, topics: [], accounts: [] };
    channel.accounts.push(row.user_id);
    channels.set(row.stream_id, channel);
  }
  return [...channels.values()].map((channel) => ({
    ...channel,
    topics: Array.from({ length: TOPICS_PER_CHANNEL }, (_, index) => TOPICS[(channel.streamId + index) % TOPICS.length] ?? 'general'),
  }));
}

export function seedHistory(db: Db, now: number, count: number, accounts: readonly ServiceAccount[], dialect: Dialect): void {
  if (count <= 0 || accounts.length < 2) return;
  const next = random(count);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const accountIds = accounts.map((account) => account.user_id);
  const context = databaseRenderContext(db, dialect);
  const render = (text: string): string => renderMessage(text, context).html;
  const channels = accountChannels(db, accountIds);
  const newest = db.prepare('SELECT MAX(timestamp) FROM messages').pluck().get() as number | null;
  const start = newest ?? now - count * SPACING;
  const step = (now - start) / count;

  const insertMessage = db.prepare(
    `INSERT INTO messages (sender_id, type, stream_id, dm_key, recipient_id, topic, content, rendered_content, timestamp, client)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'website')`,
  );
  const insertFlags = db.prepare('INSERT INTO user_messages (user_id, message_id, flags) VALUES (?, ?, ?)');

  db.transaction(() => {
    for (let index = 0; index < count; index += 1) {
      const roll = next();
      let recipients: readonly number[];
      let sender: number;
      let destination: { type: 'stream' | 'private'; streamId: number | null; dmKey: string | null; recipientId: number; topic: string };
      if (roll < CHANNEL_SHARE && channels.length > 0) {
        const channel = pick(channels);
        recipients = channel.accounts;
        sender = pick(channel.accounts);
        destination = { type: 'stream', streamId: channel.streamId, dmKey: null, recipientId: channelRecipientId(channel.streamId), topic: pick(channel.topics) };
      } else {
        sender = pick(accountIds);
        const others = accountIds.filter((id) => id !== sender);
        const first = pick(others);
        const group = roll > 1 - GROUP_SHARE && others.length > 1 ? [first, pick(others.filter((id) => id !== first))] : [first];
        recipients = [sender, ...group].sort((a, b) => a - b);
        destination = { type: 'private', streamId: null, dmKey: recipients.join(','), recipientId: dmRecipientId(db, recipients, sender), topic: '' };
      }

      const words = Array.from({ length: 4 + Math.floor(next() * 9) }, () => pick(WORDS));
      let mentioned: number | null = null;
      let wildcard = false;
      if (destination.type === 'stream' && index % WILDCARD_EVERY === WILDCARD_EVERY - 1) {
        wildcard = true;
        words.unshift('@**all**');
      } else if (index % MENTION_EVERY === MENTION_EVERY - 1) {
        const target = pick(recipients.filter((id) => id !== sender));
        const name = accounts.find((account) => account.user_id === target)?.full_name;
        if (name !== undefined) {
          mentioned = target;
          words.unshift(`@**${name}**`);
        }
      }
      const content = words.join(' ');
      const timestamp = Math.floor(start + (index + 1) * step);
      const { lastInsertRowid } = insertMessage.run(sender, destination.type, destination.streamId, destination.dmKey, destination.recipientId, destination.topic, content, render(content), timestamp);

      const inUnreadTail = index >= count * (1 - UNREAD_TAIL);
      for (const userId of recipients) {
        let flags = userId === sender || !inUnreadTail || next() < 0.5 ? FLAG.read : 0;
        if (userId === mentioned) flags |= FLAG.mentioned;
        if (wildcard && userId !== sender) flags |= FLAG.stream_wildcard_mentioned;
        insertFlags.run(userId, Number(lastInsertRowid), flags);
      }
    }
  })();
}
