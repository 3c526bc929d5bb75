import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { latestVersion, migrate, MirrorTooNewError, schemaVersion } from '../../../main/store/migrations/runner';
import { allRecords, getRecord, replaceRecords, upsertRecords, deleteRecords } from '../../../main/store/keyed-table';
import { migrations } from '../../../main/store/migrations';
import { saveDraft } from '../../../main/store/drafts';
import { channelFoldersTable, channelsTable, subscriptionsTable } from '../../../main/store/channels';
import { saveEventQueue } from '../../../main/store/event-queue';
import { enqueueOutbox } from '../../../main/store/outbox';
import {
  customProfileFieldsTable,
  linkifiersTable,
  savedSnippetsTable,
  scheduledMessagesTable,
  setTopicPreference,
} from '../../../main/store/personal';
import { setRealmValues } from '../../../main/store/realm';
import { searchUsers, userByEmail, userStatusTable, usersTable } from '../../../main/store/users';
import { feedMessages } from '../../../main/store/feeds';
import { addReaction, channelTopicConversation, getMessage, removeReaction, setFlag, upsertMessages } from '../../../main/store/messages';
import { recordInviteLink } from '../../../main/store/invite-links';
import { addUnread, channelPlace } from '../../../main/store/unread';
import { replacePresences } from '../../../main/store/presence';
import { replaceTopicHistory } from '../../../main/store/topic-history';
import { channel, message, user } from './fixtures';
import { ChangeCollector } from '../../../main/store/changes';

/** The messages a write reported changed. */
function reportedMessages(write: (changes: ChangeCollector) => void): (number | string)[] {
  const changes = new ChangeCollector();
  write(changes);
  return changes.notice().changed.messages ?? [];
}

const dirs: string[] = [];
function tempPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mirror-'));
  dirs.push(dir);
  return join(dir, 'mirror.db');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('opening the mirror', () => {
  it('uses WAL and records the schema version', () => {
    const db = openMirror(tempPath());
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    // The checkpoint spacing and cache that message ingest was measured with (bench messages.ingest_per_s).
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(10000);
    expect(db.pragma('cache_size', { simple: true })).toBe(-16384);
    expect(db.pragma('journal_size_limit', { simple: true })).toBe(67108864);
    expect(schemaVersion(db)).toBe(latestVersion(migrations));
    db.close();
  });

  it('refuses a database written by a newer app, with a clear message, and leaves it untouched', () => {
    const path = tempPath();
    const newer = new Database(path);
    newer.pragma(`user_version = ${latestVersion(migrations) + 3}`);
    newer.exec('CREATE TABLE from_the_future (x)');
    newer.close();
    expect(() => openMirror(path)).toThrow(MirrorTooNewError);
    expect(() => openMirror(path)).toThrow(/newer version of the app .*Update the app/);
    const check = new Database(path);
    expect(check.pragma('user_version', { simple: true })).toBe(latestVersion(migrations) + 3);
    expect(check.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'users'").get()).toEqual({ n: 0 });
    check.close();
  });

  // The sync worker reconciles an account's first registration through its own connection while
  // the account's session opens the same mirror: the session must not wait for it (the main
  // thread would stand still) nor take the held lock for a refusal to write.
  it('opens at once, taking writes, while another connection holds the write lock', () => {
    const path = tempPath();
    openMirror(path).close();
    const writer = new Database(path);
    writer.exec('BEGIN IMMEDIATE');
    try {
      const db = openMirror(path);
      writer.exec('COMMIT');
      setRealmValues(db, { opened_beside_a_writer: true });
      db.close();
    } finally {
      writer.close();
    }
  });
});


/**
 * One row in each table, written through the store's own writers where they still fit the schema
 * before the latest migration. A migration that changes a table's shape makes its writer fail
 * at that version: that table's seed is then written the old way, as the bulk tables' are.
 */
const seeds: Record<string, (db: MirrorDatabase) => void> = {
  realm: (db) => setRealmValues(db, { realm_name: 'Demo' }),
  users: (db) => upsertRecords(db, usersTable, [user(1, 'Ada Lovelace', 'ada@example.com')]),
  user_status: (db) => upsertRecords(db, userStatusTable, [{ user_id: 1, status_text: 'On leave' }]),
  presence: (db) => replacePresences(db, { presences: { '1': { active_timestamp: 1_800_000_000, idle_timestamp: 1_800_000_000 } }, server_timestamp: 1_800_000_010 }, 1_800_000_010_000),
  // Written by the presence seed, with its report.
  presence_report: () => undefined,
  channels: (db) => upsertRecords(db, channelsTable, [channel(5, 'general')]),
  subscriptions: (db) => upsertRecords(db, subscriptionsTable, [{ ...channel(5, 'general'), color: '#c2c2c2' }]),
  channel_folders: (db) => upsertRecords(db, channelFoldersTable, [{ channel_folder_id: 10, name: 'Design', description: '', is_archived: false }]),
  saved_snippets: (db) => upsertRecords(db, savedSnippetsTable, [{ saved_snippet_id: 3, title: 'Hi', content: 'Hello!' }]),
  scheduled_messages: (db) =>
    upsertRecords(db, scheduledMessagesTable, [
      { scheduled_message_id: 7, type: 'stream', to: 5, topic: 'lunch', content: 'Soon', scheduled_delivery_timestamp: 1800000000, failed: false },
    ]),
  custom_profile_fields: (db) =>
    upsertRecords(db, customProfileFieldsTable, [{ id: 2, name: 'Team', hint: '', field_type: 1, required: false, editable_by_user: true }]),
  linkifiers: (db) => upsertRecords(db, linkifiersTable, [{ filter_id: 4, pattern: '#(?P<id>[0-9]+)', url_template: 'https://example.com/{id}' }]),
  user_topics: (db) => setTopicPreference(db, { stream_id: 5, topic_name: 'lunch', visibility_policy: 1, last_updated: 1700000000 }, new ChangeCollector()),
  messages: (db) => upsertMessages(db, [{ message: message(1, 'lunch'), flags: ['starred'] }], new ChangeCollector()),
  unread_messages: (db) => addUnread(db, 1, channelPlace(5, 'lunch'), true),
  // Counted by the unread messages' triggers (from migration 7), or by the migration from them.
  unread_conversations: () => undefined,
  // The search index and its shadow tables are written with the messages.
  message_search: () => undefined,
  message_search_config: () => undefined,
  message_search_data: () => undefined,
  message_search_docsize: () => undefined,
  message_search_idx: () => undefined,
  event_queue: (db) => saveEventQueue(db, { queue_id: 'q-1', last_event_id: 42, registered_at: 1700000000 }),
  outbox: (db) => enqueueOutbox(db, { kind: 'editSavedSnippet', record_key: '3', payload: { id: 3, title: 'Hello' } }, new ChangeCollector(), 1700000000),
  drafts: (db) => saveDraft(db, 'channel:5:lunch', 'See you at', new ChangeCollector(), 1700000000),
  // As enqueueMessage wrote it with a queued message before migration 15 (its draft clearing reads the drafts' server copies).
  used_local_ids: (db) => {
    const { lastInsertRowid } = db
      .prepare("INSERT INTO outbox (kind, record_key, payload, state, created_at, local_id) VALUES ('sendMessage', 'conversations:channel:5:dinner', ?, 'pending', 1700000000, 'l-1')")
      .run(JSON.stringify({ type: 'stream', to: 5, topic: 'dinner', content: 'Eight?' }));
    db.prepare("INSERT INTO used_local_ids (local_id, outbox_id, created_at) VALUES ('l-1', ?, 1700000000)").run(lastInsertRowid);
  },
  draft_removals: (db) => db.prepare('INSERT INTO draft_removals (server_id) VALUES (40)').run(),
  // As insertJob wrote them before migration 3 gave items their secret columns.
  bulk_jobs: (db) => {
    const { lastInsertRowid } = db
      .prepare("INSERT INTO bulk_jobs (kind, state, settings, created_at) VALUES ('create_users', 'planned', '{}', 1700000000)")
      .run();
    db.prepare("INSERT INTO bulk_job_items (job_id, item_index, state, payload) VALUES (?, 0, 'pending', ?)").run(
      lastInsertRowid,
      JSON.stringify({ email: 'new@example.com', full_name: 'New' }),
    );
  },
  // Written with its job.
  bulk_job_items: () => undefined,
  topic_history: (db) => replaceTopicHistory(db, 5, [{ name: 'old plans', max_id: 1 }], new ChangeCollector()),
  invite_links: (db) => recordInviteLink(db, 'https://example.com/join/abc/', { stream_ids: [5], group_ids: [], include_realm_default_subscriptions: true }),
};

function tables(db: MirrorDatabase): string[] {
  const rows = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[];
  return rows.map((row) => row.name);
}

function seedEveryTable(db: MirrorDatabase): void {
  for (const table of tables(db)) {
    const seed = seeds[table];
    if (!seed) throw new Error(`no seed for the table ${table}: add one to this test`);
    seed(db);
  }
}

function inStableOrder(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  return rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/** Every row of every table, columns by name, in a stable order. */
function everyRow(db: MirrorDatabase): Record<string, Record<string, unknown>[]> {
  return Object.fromEntries(tables(db).map((table) => [table, inStableOrder(db.prepare(`SELECT * FROM "${table}"`).all() as Record<string, unknown>[])]));
}

/** The rows after a migration, read as before it: the tables and columns `before` had. */
function sameColumns(
  before: Record<string, Record<string, unknown>[]>,
  after: Record<string, Record<string, unknown>[]>,
): Record<string, Record<string, unknown>[] | undefined> {
  return Object.fromEntries(
    Object.entries(before).map(([table, rows]) => {
      const columns = Object.keys(rows[0] ?? {});
      const read = after[table]?.map((row) => Object.fromEntries(columns.map((column) => [column, row[column]])));
      return [table, read && inStableOrder(read)];
    }),
  );
}

describe('migrations', () => {
  it('go by their version: a list that skips a number (another branch holds it) applies the rest, in order', () => {
    const db = new Database(':memory:');
    const ran: number[] = [];
    const step = (version: number) => ({ version, up: () => void ran.push(version) });
    migrate(db, [step(1), step(2), step(4), step(5)], 4);
    expect([ran, schemaVersion(db)]).toEqual([[1, 2, 4], 4]);
    migrate(db, [step(1), step(2), step(4), step(5)]);
    expect([ran, schemaVersion(db)]).toEqual([[1, 2, 4, 5], 5]);
    expect(() => migrate(db, [step(1), step(2), step(4)])).toThrow(MirrorTooNewError);
    db.close();
  });

  it('every table of the schema has a seed, and each seed writes a row', () => {
    const db = openMirror(':memory:');
    seedEveryTable(db);
    const empty = Object.entries(everyRow(db)).filter(([, rows]) => rows.length === 0);
    expect(empty.map(([table]) => table)).toEqual([]);
    db.close();
  });

  it('the latest migration keeps every row written before it: migrate to N-1, write, migrate to N', () => {
    const path = tempPath();
    const old = openMirror(path, latestVersion(migrations) - 1);
    seedEveryTable(old);
    const before = everyRow(old);
    old.close();
    const db = openMirror(path);
    expect(schemaVersion(db)).toBe(latestVersion(migrations));
    expect(sameColumns(before, everyRow(db))).toEqual(before);
    db.close();
  });
});

describe('records', () => {
  let db: MirrorDatabase;
  afterEach(() => db?.close());

  it('keeps fields the spec does not show', () => {
    db = openMirror(':memory:');
    upsertRecords(db, usersTable, [user(1, 'Ada', 'ada@example.com', { pronouns_from_the_future: 'she/her' })]);
    expect(getRecord(db, usersTable, 1)?.pronouns_from_the_future).toBe('she/her');
  });

  it('replacing a table removes the rows the snapshot no longer has', () => {
    db = openMirror(':memory:');
    upsertRecords(db, channelsTable, [channel(1, 'general'), channel(2, 'random'), channel(3, 'old')]);
    replaceRecords(db, channelsTable, [channel(1, 'general'), channel(2, 'random-renamed')]);
    expect(allRecords(db, channelsTable).map((c) => c.name)).toEqual(['general', 'random-renamed']);
  });
});

describe('user search', () => {
  let db: MirrorDatabase;
  afterEach(() => db?.close());

  function seed(): void {
    db = openMirror(':memory:');
    upsertRecords(db, usersTable, [
      user(1, 'Ada Lovelace', 'ada@example.com'),
      user(2, 'Alan Turing', 'alan@example.com'),
      user(3, 'Grace Hopper', 'grace@navy.example'),
      user(4, 'Édith Piaf', 'edith@example.fr'),
      user(5, 'Former Member', 'former@example.com', { is_active: false }),
      user(6, '100% Real_Name', 'pct@example.com'),
    ]);
  }

  it('matches a short query as a name or email prefix, case-insensitively', () => {
    seed();
    expect(searchUsers(db, { text: 'a' }).users.map((u) => u.full_name)).toEqual(['Ada Lovelace', 'Alan Turing']);
    expect(searchUsers(db, { text: 'GR' }).users.map((u) => u.user_id)).toEqual([3]);
  });

  it('treats % and _ in a short query as text', () => {
    seed();
    expect(searchUsers(db, { text: '1' }).users.map((u) => u.user_id)).toEqual([6]);
    expect(searchUsers(db, { text: '_' }).total).toBe(0);
  });

  it('matches a longer query anywhere in the name or email', () => {
    seed();
    expect(searchUsers(db, { text: 'hopp' }).users.map((u) => u.user_id)).toEqual([3]);
    expect(searchUsers(db, { text: 'navy.ex' }).users.map((u) => u.user_id)).toEqual([3]);
    expect(searchUsers(db, { text: 'example.com' }).users.map((u) => u.full_name)).toEqual([
      '100% Real_Name',
      'Ada Lovelace',
      'Alan Turing',
    ]);
    expect(searchUsers(db, { text: 'piaf' }).users.map((u) => u.user_id)).toEqual([4]);
    expect(searchUsers(db, { text: 'edith p' }).users.map((u) => u.user_id)).toEqual([4]);
    expect(searchUsers(db, { text: 'ed' }).users.map((u) => u.user_id)).toEqual([4]);
  });

  it('leaves deactivated users out unless asked, and pages with a total', () => {
    seed();
    expect(searchUsers(db, { text: 'former' }).total).toBe(0);
    expect(searchUsers(db, { text: 'former', filter: 'everyone' }).total).toBe(1);
    const page = searchUsers(db, { limit: 2, offset: 2 });
    expect(page.total).toBe(5);
    expect(page.users.map((u) => u.full_name)).toEqual(['Alan Turing', 'Édith Piaf']);
  });

  it('follows renames and removals', () => {
    seed();
    upsertRecords(db, usersTable, [user(2, 'Alan M. Turing', 'turing@example.com')]);
    expect(searchUsers(db, { text: 'alan@' }).total).toBe(0);
    expect(searchUsers(db, { text: 'turing@' }).users.map((u) => u.full_name)).toEqual(['Alan M. Turing']);
    deleteRecords(db, usersTable, [3]);
    expect(searchUsers(db, { text: 'hopper' }).total).toBe(0);
    expect(userByEmail(db, 'turing@example.com')?.user_id).toBe(2);
  });
});

describe('messages per conversation', () => {
  let db: MirrorDatabase;
  afterEach(() => db?.close());

  it('pages a topic oldest-first and keeps reactions and flags', () => {
    db = openMirror(':memory:');
    upsertMessages(db, [1, 2, 3, 4].map((id) => ({ message: message(id, id === 3 ? 'other' : 'lunch'), flags: [] })), new ChangeCollector());
    const lunch = channelTopicConversation(5, 'lunch');
    expect(feedMessages(db, { conversation: lunch }, { limit: 2 }).map((m) => m.message.id)).toEqual([2, 4]);
    expect(feedMessages(db, { conversation: lunch }, { before: 2, limit: 50 }).map((m) => m.message.id)).toEqual([1]);

    const thumbs = { emoji_name: '+1', emoji_code: '1f44d', reaction_type: 'unicode_emoji' as const, user_id: 9 };
    expect(addReaction(db, 4, thumbs, new ChangeCollector())).toBe(true);
    expect(reportedMessages((changes) => setFlag(db, [2, 4, 99], 'starred', true, changes))).toEqual([2, 4]);
    let [two, four] = feedMessages(db, { conversation: lunch }, { limit: 2 });
    expect(four?.message.reactions).toEqual([thumbs]);
    expect(two?.flags).toEqual(['starred']);
    removeReaction(db, 4, thumbs, new ChangeCollector());
    setFlag(db, [2], 'starred', false, new ChangeCollector());
    [two, four] = feedMessages(db, { conversation: lunch }, { limit: 2 });
    expect(four?.message.reactions).toEqual([]);
    expect(two?.flags).toEqual([]);
  });

  it('sets and clears a flag on the messages named or on all, reporting those it changed', () => {
    db = openMirror(':memory:');
    upsertMessages(db, [1, 2, 3].map((id) => ({ message: message(id, 'lunch'), flags: id === 2 ? ['mentioned', 'read'] : ['mentioned'] })), new ChangeCollector());
    expect(reportedMessages((changes) => setFlag(db, 'all', 'read', true, changes))).toEqual([1, 3]);
    expect([1, 2, 3].map((id) => getMessage(db, id)?.flags)).toEqual([['mentioned', 'read'], ['mentioned', 'read'], ['mentioned', 'read']]);
    expect(reportedMessages((changes) => setFlag(db, [3, 2, 99], 'read', false, changes))).toEqual([2, 3]);
    expect(reportedMessages((changes) => setFlag(db, [3], 'read', false, changes))).toEqual([]);
    expect([1, 2, 3].map((id) => getMessage(db, id)?.flags)).toEqual([['mentioned', 'read'], ['mentioned'], ['mentioned']]);
  });
});
