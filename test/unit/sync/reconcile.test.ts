// Registration answers the mirror must not trust blindly: lists left out, malformed records, and
// another organization answering at the same URL.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RegisterQueueResult } from '../../../shared/api/registration';
import { registrationContext } from '../../../shared/api/registration';
import { channelsTable } from '../../../main/store/channels';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { allRecords } from '../../../main/store/keyed-table';
import { getMessage, upsertMessages } from '../../../main/store/messages';
import { enqueueOutbox, outboxItems } from '../../../main/store/outbox';
import { realmValues, setRealmValues } from '../../../main/store/realm';
import { unreadCounts } from '../../../main/store/unread';
import { usersTable } from '../../../main/store/users';
import { UnusableAnswerError } from '../../../main/sync/answers';
import { reconcileSnapshot } from '../../../main/sync/reconcile';
import { UNREAD_KEPT } from '../../../main/sync/unread-cap';
import { inlineSnapshot } from '../../../main/sync/snapshot';
import { workerSnapshot } from '../../../main/sync/worker-snapshot';
import { answerAsCaptured } from '../../support/real-exchanges';
import { json, useCaptureServer } from '../api/capture-server';
import { mirrorDir } from '../../integration/sync/engine-harness';
import { channel, message, user } from '../store/fixtures';
import { ChangeCollector } from '../../../main/store/changes';
import { draftCreated, draftsToSend, getDraft, saveDraft } from '../../../main/store/drafts';

const CREATED = 1_600_000_000;

function registration(extra: Partial<RegisterQueueResult> = {}): RegisterQueueResult {
  return {
    queue_id: 'q1',
    last_event_id: -1,
    service_feature_level: 400,
    service_version: '10.0',
    service_merge_base: '10.0',
    realm_name: 'Demo',
    realm_date_created: CREATED,
    realm_users: [user(10, 'Ada Lovelace', 'ada@example.com'), user(11, 'Alan Turing', 'alan@example.com')],
    subscriptions: [],
    unsubscribed: [],
    never_subscribed: [channel(5, 'general')],
    ...extra,
  };
}

const cacheMessage = (id: number) => upsertMessages(db, [{ message: message(id, 'old', { sender_id: 10 }), flags: [] }], new ChangeCollector());
const userIds = () => allRecords(db, usersTable).map((u) => u.user_id);
const channelIds = () => allRecords(db, channelsTable).map((c) => c.stream_id);

let db: MirrorDatabase;
beforeEach(() => {
  db = openMirror(':memory:');
  reconcileSnapshot(db, registration());
});
afterEach(() => db.close());

describe('a registration that lacks a list', () => {
  it('keeps the users and channels it says nothing about', () => {
    const { realm_users: _u, subscriptions: _s, unsubscribed: _n, never_subscribed: _v, ...bare } = registration();
    reconcileSnapshot(db, bare);
    expect(userIds()).toEqual([10, 11]);
    expect(channelIds()).toEqual([5]);
  });

  it('still replaces a list it carries, even an empty one', () => {
    reconcileSnapshot(db, registration({ realm_users: [user(11, 'Alan Turing', 'alan@example.com')], never_subscribed: [] }));
    expect(userIds()).toEqual([11]);
    expect(channelIds()).toEqual([]);
  });
});

describe("a registration's drafts", () => {
  it('where the user keeps none on the server, leave the drafts here, to be created there again once they do', () => {
    const changes = new ChangeCollector();
    saveDraft(db, 'channel:5:lunch', 'Noon?', changes);
    draftCreated(db, 'channel:5:lunch', 'Noon?', 40);
    reconcileSnapshot(db, registration({ user_id: 10, drafts: [], user_settings: { enable_drafts_synchronization: false } }));
    expect(getDraft(db, 'channel:5:lunch')?.content).toBe('Noon?');
    reconcileSnapshot(db, registration({ user_id: 10, drafts: [], user_settings: { enable_drafts_synchronization: true } }));
    expect(draftsToSend(db, 10_000).drafts).toEqual([expect.objectContaining({ conversation: 'channel:5:lunch', server_id: null })]);
  });
});

describe('a malformed registration', () => {
  it('is refused with a reason naming the field, and the mirror is left as it was', async () => {
    const broken = registration({ realm_users: [{ ...user(12, 'Grace Hopper', 'grace@example.com'), user_id: 'twelve' as unknown as number }] });
    const snapshot = inlineSnapshot({ call: async () => broken }, db);
    const refused = snapshot(new AbortController().signal);
    await expect(refused).rejects.toBeInstanceOf(UnusableAnswerError);
    await expect(refused).rejects.toThrow(/POST \/register.*realm_users\[0\]\.user_id/);
    expect(userIds()).toEqual([10, 11]);
  });
});

describe('a malformed registration read in a worker thread', () => {
  const server = useCaptureServer();
  it('is refused with the same reason, not as an unexpected error', async () => {
    server.respond((_req, res) => json(res, 200, { ...registration(), result: 'success', msg: '', realm_users: 'none' }));
    const dir = mirrorDir();
    try {
      const snapshot = workerSnapshot({ serverUrl: server.url, email: 'ada@example.com', apiKey: 'key', mirrorPath: dir.path });
      const refused = snapshot(new AbortController().signal);
      await expect(refused).rejects.toBeInstanceOf(UnusableAnswerError);
      await expect(refused).rejects.toThrow(/POST \/register.*realm_users/);
    } finally {
      dir.remove();
    }
  });
});

describe('a registration in the family dialect, in the snapshot worker', () => {
  const server = useCaptureServer();
  it('reaches the mirror in the spec names, and tells the session the dialect its own client has not heard', async () => {
    server.respond((_req, res) => answerAsCaptured(res, 'register_full'));
    const dir = mirrorDir();
    try {
      const summary = await workerSnapshot({ serverUrl: server.url, email: 'iago@zulip.com', apiKey: 'key', mirrorPath: dir.path })(new AbortController().signal);
      expect(summary).toMatchObject({ dialect: 'family', context: { service_feature_level: 372 } });
      const mirror = openMirror(dir.path);
      try {
        expect(realmValues(mirror)).toMatchObject({ service_feature_level: 372, service_version: '11.0-dev+git' });
        expect(realmValues(mirror)).not.toHaveProperty('zulip_feature_level');
      } finally {
        mirror.close();
      }
    } finally {
      dir.remove();
    }
  });
});

describe('another organization at the same URL', () => {
  it('starts a clean mirror: no users, channels, messages or outbox of the old one', () => {
    cacheMessage(342);
    enqueueOutbox(db, { kind: 'editSavedSnippet', record_key: 'saved_snippets:1', payload: { saved_snippet_id: 1, title: 'old' } }, new ChangeCollector());
    reconcileSnapshot(db, registration({ realm_date_created: CREATED + 86_400, realm_users: [user(10, 'Someone Else', 'else@example.com')], never_subscribed: [] }));
    expect(allRecords(db, usersTable).map((u) => u.full_name)).toEqual(['Someone Else']);
    expect(channelIds()).toEqual([]);
    expect(getMessage(db, 342)).toBeUndefined();
    expect(outboxItems(db, 'pending')).toEqual([]);
    expect(realmValues(db).realm_date_created).toBe(CREATED + 86_400);
  });

  it('keeps the cache when the same organization registers again', () => {
    cacheMessage(342);
    reconcileSnapshot(db, registration());
    expect(getMessage(db, 342)).toBeDefined();
  });
});

describe('the announced long-poll timeout', () => {
  it('is capped, so a server announcing a day cannot leave a dead poll online for a day', () => {
    expect(registrationContext({ event_queue_longpoll_timeout_seconds: 86_400 }).event_queue_longpoll_timeout_seconds).toBe(300);
    expect(registrationContext({ event_queue_longpoll_timeout_seconds: 90 }).event_queue_longpoll_timeout_seconds).toBe(90);
  });
});

describe('a registration with more unread messages than the family reports', () => {
  // The audit's server sent 10,000,000 unread ids: all were kept (a 715 MB mirror, ~100 s of sync).
  // The family's servers report the 50,000 newest; the mirror keeps no more.
  it('keeps the 50,000 newest of 1,000,000 unread messages, counted in their conversations', () => {
    const streams = Array.from({ length: 1_000 }, (_, t) => ({
      stream_id: 5,
      topic: `t${t}`,
      unread_message_ids: Array.from({ length: 1_000 }, (_, i) => 1 + t * 1_000 + i),
    }));
    const pms = [{ other_user_id: 11, unread_message_ids: [2_000_000] }];
    reconcileSnapshot(db, registration({ user_id: 10, unread_msgs: { count: 1_000_001, streams, pms, huddles: [], mentions: [999_999, 5] } }));
    const counts = unreadCounts(db);
    expect(UNREAD_KEPT).toBe(50_000);
    expect(counts.total).toBe(UNREAD_KEPT);
    expect(counts.conversations.map((c) => c.topic ?? c.conversation)).toEqual(['direct:10,11', ...Array.from({ length: 50 }, (_, i) => `t${999 - i}`)]);
    expect(counts.conversations.find((c) => c.topic === 't950')?.unread).toBe(999);
    expect(counts.mentions).toBe(1);
  });

  it('keeps every unread message when there are no more than that', () => {
    const streams = [{ stream_id: 5, topic: 'a', unread_message_ids: [1, 2, 3] }];
    reconcileSnapshot(db, registration({ user_id: 10, unread_msgs: { count: 3, streams, pms: [], huddles: [], mentions: [2] } }));
    expect(unreadCounts(db)).toMatchObject({ total: 3, mentions: 1 });
  });
});

describe('a registration written while another connection writes the same mirror', () => {
  // The sync worker reconciles through its own connection while the session's opens and writes.
  // A reconcile that only read before the other write committed could not write at all
  // ("database is locked"), and the account registered a second time.
  it('holds the mirror from its start: the other write waits for it, and the reconcile completes', () => {
    const { path, remove } = mirrorDir();
    const worker = openMirror(path);
    const session = openMirror(path);
    session.pragma('busy_timeout = 0');
    const refusals: string[] = [];
    const ada = user(10, 'Ada Lovelace', 'ada@example.com');
    // Another write comes in the middle of the reconcile, after its first reads (once).
    let written = false;
    Object.defineProperty(ada, 'is_active', {
      get: () => {
        if (written) return true;
        written = true;
        try {
          setRealmValues(session, { written_meanwhile: true });
        } catch (error) {
          refusals.push(String(error));
        }
        return true;
      },
      set: () => undefined,
      enumerable: true,
      configurable: true,
    });
    try {
      reconcileSnapshot(worker, registration({ realm_users: [ada, user(11, 'Alan Turing', 'alan@example.com')] }));
      expect(allRecords(worker, usersTable).map((u) => u.user_id)).toEqual([10, 11]);
      expect(refusals).toEqual([expect.stringContaining('database is locked')]);
      setRealmValues(session, { written_meanwhile: true });
      expect(realmValues(worker).written_meanwhile).toBe(true);
    } finally {
      session.close();
      worker.close();
      remove();
    }
  });
});
