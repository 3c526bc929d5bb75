// Issue 12 figures on a mirror of 100,000 users, 1,000 channels and 1,000,000 cached messages,
// the messages arriving as `message` events through the real path (unread state and the search
// index kept in the same transactions): ingest rate, the Inbox's counts, offline search against a
// bare FTS5 query, and the bytes each message costs on disk against its JSON.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { ServiceEvent } from '../../shared/api/events';
import type { Message } from '../../shared/api/records';
import { openMirror, type MirrorDatabase } from '../../main/store/database';
import { upsertRecords } from '../../main/store/keyed-table';
import { setRealmValues } from '../../main/store/realm';
import { searchCachedMessages, searchQuery } from '../../main/store/search';
import { saveEventQueue } from '../../main/store/event-queue';
import { unreadCounts } from '../../main/store/unread';
import { usersTable } from '../../main/store/users';
import { applyEvents } from '../../main/sync/apply-events';
import { user } from '../unit/store/fixtures';
import { messageBase, seededRandom } from './message-history';
import { median, percentile, report, scratchDir, timed } from './support';

const USERS = 100_000;
const CHANNELS = 1_000;
const MESSAGES = Number(process.env['BENCH_MESSAGES'] ?? 1_000_000);
const TOPICS_PER_CHANNEL = 20;
const DM_PARTNERS = 200;
const BATCH = 500;
const SELF = 1;
/** Seeded, so every run searches and counts the same mirror. */
const WORDS = (
  'the a we should ship build test review merge deploy rollback server client latency cache index query schema migration ' +
  'release branch feature bug fix crash log metric alert dashboard budget meeting agenda notes draft design mockup color ' +
  'font layout sidebar inbox search unread topic channel thread reply reaction emoji today tomorrow friday morning afternoon ' +
  'quickly carefully again later please thanks agreed maybe blocked done kubernetes postgres terraform invoice customer'
).split(' ');

function messageEvent(id: number, next: () => number): ServiceEvent {
  const words = Array.from({ length: 6 + Math.floor(next() * 14) }, () => WORDS[Math.floor(next() * WORDS.length)]);
  const sender_id = 2 + Math.floor(next() * (USERS - 1));
  const base = { ...messageBase(id, sender_id, `User ${sender_id}`, `<p>${words.join(' ')}</p>`), flags: [] as string[] };
  let message: Message;
  if (next() < 0.85) {
    const stream_id = 1 + Math.floor(next() * CHANNELS);
    message = { ...base, type: 'stream', stream_id, display_recipient: `channel-${stream_id}`, recipient_id: 1_000_000 + stream_id, subject: `topic ${Math.floor(next() * TOPICS_PER_CHANNEL)}` };
  } else {
    const other = 2 + Math.floor(next() * DM_PARTNERS);
    const recipients = [SELF, other].map((uid) => ({ id: uid, email: `user${uid}@large.example`, full_name: `User ${uid}`, is_mirror_dummy: false }));
    message = { ...base, sender_id: other, type: 'private', display_recipient: recipients, recipient_id: other, subject: '' };
  }
  // A twentieth arrives unread, one in 200 of those a mention.
  const unread = next() < 0.05;
  const flags = unread ? (next() < 0.005 ? ['mentioned'] : []) : ['read'];
  return { id, type: 'message', message, flags } as unknown as ServiceEvent;
}

function fileBytes(db: MirrorDatabase, path: string): number {
  db.pragma('wal_checkpoint(TRUNCATE)');
  return statSync(path).size;
}

function seedOrganization(db: MirrorDatabase): void {
  setRealmValues(db, { user_id: SELF, realm_name: 'Large Organization' });
  saveEventQueue(db, { queue_id: 'bench', last_event_id: 0, registered_at: 0 });
  const users = Array.from({ length: USERS }, (_, index) => user(index + 1, `User ${index + 1}`, `user${index + 1}@large.example`));
  db.transaction(() => upsertRecords(db, usersTable, users))();
}

export async function messageBenchmarks(): Promise<void> {
  const scratch = scratchDir();
  const path = join(scratch.path, 'mirror.db');
  const db = openMirror(path);
  try {
    seedOrganization(db);
    const before = fileBytes(db, path);
    const next = seededRandom(12);
    let jsonBytes = 0;
    let ingestMs = 0;
    for (let at = 1; at <= MESSAGES; at += BATCH) {
      const events = Array.from({ length: Math.min(BATCH, MESSAGES - at + 1) }, (_, offset) => messageEvent(at + offset, next));
      for (const event of events) jsonBytes += Buffer.byteLength(JSON.stringify((event as unknown as { message: Message }).message));
      ingestMs += (await timed(() => applyEvents(db, events))).ms;
    }
    const stored = db.prepare('SELECT count(*) AS n FROM messages').get() as { n: number };
    if (stored.n !== MESSAGES) throw new Error(`the bench cached ${stored.n} messages of ${MESSAGES}`);
    report('messages.ingest_per_s', MESSAGES / (ingestMs / 1000), 'messages/s', { extra: { messages: MESSAGES, batch: BATCH } });

    const bytes = (fileBytes(db, path) - before) / MESSAGES;
    report('mirror.bytes_per_message', bytes, 'B', { compare: { vs: jsonBytes / MESSAGES, peer: 'message-json' } });

    const counts: number[] = [];
    let conversations = 0;
    for (let round = 0; round < 21; round++) {
      const { ms, value } = await timed(() => unreadCounts(db));
      counts.push(ms);
      conversations = value.conversations.length;
    }
    report('inbox.open_ms', median(counts), 'ms', { n: counts.length, extra: { conversations } });

    const pick = seededRandom(34);
    const queries = Array.from({ length: 200 }, () => Array.from({ length: 1 + Math.floor(pick() * 3) }, () => WORDS[Math.floor(pick() * WORDS.length)]).join(' '));
    const ours: number[] = [];
    const bare: number[] = [];
    const floor = db.prepare('SELECT rowid FROM message_search WHERE message_search MATCH ? ORDER BY rowid DESC LIMIT 50');
    for (const text of queries) {
      ours.push((await timed(() => searchCachedMessages(db, text, 50))).ms);
      bare.push((await timed(() => floor.all(searchQuery(text)))).ms);
    }
    report('search.offline_p95_ms', percentile(ours, 95), 'ms', { compare: { vs: percentile(bare, 95), floor: 'bare-fts5-query' }, n: ours.length });
  } finally {
    db.close();
    scratch.remove();
  }
}
