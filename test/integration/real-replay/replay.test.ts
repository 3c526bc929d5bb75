// What a real server of the family sent (../shared/reference/real/exchanges.json), replayed
// through the app's own sync path: the client over HTTP (transport, answers, the dialect), the
// engine's registration and reconcile into a fresh mirror, then the captured batch of events
// through apply-events. The mirror must then say what the captured answers say, every event
// must be applied or ignored on purpose, and every captured body must read with the client's
// own checks; every captured error must reach a person as the error it is.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkEvent } from '../../../shared/api/events';
import type { Message } from '../../../shared/api/records';
import { createServiceClient } from '../../../main/api/create-client';
import { ServiceError } from '../../../main/api/errors';
import { silentLogger } from '../../../main/api/logger';
import type { ServiceClient } from '../../../main/api/service-client';
import { checkCredentials, CredentialsRejected } from '../../../main/app/sign-in';
import { describeError } from '../../../main/handlers/dispatch';
import { channelsTable, subscriptionsTable } from '../../../main/store/channels';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { saveEventQueue } from '../../../main/store/event-queue';
import { allRecords, getRecord } from '../../../main/store/keyed-table';
import { getMessage } from '../../../main/store/messages';
import { topicPreferences } from '../../../main/store/personal';
import { realmValues } from '../../../main/store/realm';
import { unreadCounts } from '../../../main/store/unread';
import { searchUsers, userById, userName, userStatusTable, usersTable } from '../../../main/store/users';
import { checkedEvents, checkedMessages, checkedRegistration } from '../../../main/sync/answers';
import { REGISTER_PARAMS } from '../../../main/sync/registration-params';
import { realBody, realExchange, realExchangeNames } from '../../support/real-exchanges';
import { startReplayServer, syncOneBatch, type ReplayServer, type SyncRun } from '../../support/real-replay';

/**
 * Event types of the captured batch the app does not apply, each on purpose. Any other type the
 * engine skips as unknown fails the test: it is either applied, or added here with its reason.
 */
const IGNORED_EVENT_TYPES: Record<string, string> = {
  muted_topics: 'the legacy form of user_topic, sent beside it to older clients: the user_topic events of the same batch carry the same change',
};

/** Event types that change nothing in the mirror but are used live, with what uses them. */
const TRANSIENT_EVENT_TYPES: Record<string, string> = {
  typing: 'shown while it lasts ("X is typing"), never stored',
};

const captured = {
  register: realBody('register_full'),
  events: realBody('events_after_actions'),
  fetched: realBody('messages_fetch'),
};
const capturedMessage = (id: number): Message => {
  const message = checkedMessages(captured.fetched).messages.find((m) => m.id === id);
  if (!message) throw new Error(`messages_fetch has no message ${id}`);
  return message;
};

let replay: ReplayServer;
let dir: string;
beforeAll(async () => {
  replay = await startReplayServer();
  dir = mkdtempSync(join(tmpdir(), 'real-replay-'));
});
afterAll(async () => {
  await replay.close();
  rmSync(dir, { recursive: true, force: true });
});

const credentials = { email: 'iago@zulip.com', api_key: 'not-recorded' };

describe('the captured registration and events, through the sync path into a fresh mirror', () => {
  let db: MirrorDatabase;
  let client: ServiceClient;
  let run: SyncRun;

  beforeAll(async () => {
    db = openMirror(join(dir, 'replay.db'));
    client = createServiceClient({ server_url: replay.url, credentials });
    run = await syncOneBatch(db, client);
  });
  afterAll(() => db.close());

  it('asked only what a fresh sync asks: a registration, then events', () => {
    expect(replay.unexpected).toEqual([]);
    expect(replay.requests().slice(0, 2)).toEqual(['POST /api/v1/register', 'GET /api/v1/events']);
  });

  it('applied every event without a validation failure, or ignored it on purpose', () => {
    const skippedAsUnknown = run.warnings.filter((w) => w.message === 'skipped an event of an unknown type').map((w) => String(w.fields?.type));
    expect(run.warnings.filter((w) => w.message !== 'skipped an event of an unknown type')).toEqual([]);
    expect(new Set(skippedAsUnknown)).toEqual(new Set(Object.keys(IGNORED_EVENT_TYPES)));
    // The transient ones reached their live use.
    expect(run.typing).toHaveLength(1);
    const types = new Set((captured.events.events as { type: string }[]).map((event) => event.type));
    for (const type of [...Object.keys(IGNORED_EVENT_TYPES), ...Object.keys(TRANSIENT_EVENT_TYPES)]) expect(types).toContain(type);
    expect(run.acknowledged).toBe(18);
  });

  it('learnt the server: its feature level and version in the spec names, and its dialect', () => {
    expect(client.featureLevel).toBe(372);
    expect(client.dialect).toBe('family');
    const realm = realmValues(db);
    expect(realm).toMatchObject({ service_feature_level: 372, service_version: '11.0-dev+git', service_merge_base: '', realm_name: 'Zulip Dev' });
    expect(Object.keys(realm).filter((key) => /^zulip_(feature_level|version|merge_base)$/.test(key))).toEqual([]);
  });

  it('holds the users, with the real address where the server gave it and the one it names them by', () => {
    const users = allRecords(db, usersTable);
    expect(users.map((u) => u.user_id).sort((a, b) => a - b)).toEqual((captured.register.realm_users as { user_id: number }[]).map((u) => u.user_id).sort((a, b) => a - b));
    expect(getRecord(db, usersTable, 10)).toMatchObject({ email: 'user10@zulipdev.com', delivery_email: 'hamlet@zulip.com', full_name: 'King Hamlet', role: 400, is_active: true });
    expect(getRecord(db, usersTable, 9)).toMatchObject({ role: 100, is_owner: true });
  });

  it('names the server’s own bots, who write to people, without counting them as members', () => {
    // Notification Bot (4) tells people they were subscribed to a channel, in a direct message.
    expect(userName(db, 4)).toBe('Notification Bot');
    expect(userById(db, 5)).toMatchObject({ full_name: 'Welcome Bot', is_bot: true });
    expect(searchUsers(db, { text: 'bot', filter: 'everyone' }).users.map((u) => u.full_name)).not.toContain('Notification Bot');
  });

  it('holds the channels and subscriptions', () => {
    const streams = captured.register.streams as { stream_id: number }[];
    expect(allRecords(db, channelsTable).map((c) => c.stream_id).sort((a, b) => a - b)).toEqual(streams.map((s) => s.stream_id).sort((a, b) => a - b));
    const subscribed = (captured.register.subscriptions as { stream_id: number }[]).map((s) => s.stream_id);
    expect(allRecords(db, subscriptionsTable).map((s) => s.stream_id).sort((a, b) => a - b)).toEqual(subscribed.sort((a, b) => a - b));
    expect(getRecord(db, channelsTable, 3)?.name).toBe('Verona');
  });

  it('counts unread as the registration said, less what the batch marked read, with the deleted message gone', () => {
    // Registered: 8 unread (101 in Verona among them); the batch adds 114, 115 and the DM 116, reads 114, 101, 115 and deletes 116.
    const counts = unreadCounts(db);
    expect(counts.total).toBe(7);
    expect(counts.mentions).toBe(1);
    const unreadIn = (stream_id: number | null) => counts.conversations.filter((c) => c.stream_id === stream_id).reduce((n, c) => n + c.unread, 0);
    expect(unreadIn(3)).toBe(0);
    expect(unreadIn(10)).toBe(3);
    expect(unreadIn(null)).toBe(2);
  });

  it('holds the edited and moved message as the server now shows it, its reaction added then removed, and its flags', () => {
    const stored = getMessage(db, 114);
    const fetched = capturedMessage(114);
    expect(stored?.message).toMatchObject({ content: fetched.content, subject: fetched.subject, stream_id: 3, reactions: [] });
    expect(stored?.message.subject).toBe('capture moved');
    // The edit took the mention out: the server's flags after it, and its fetch, say read alone.
    const fetchedFlags = (captured.fetched.messages as { id: number; flags: string[] }[]).find((m) => m.id === 114)?.flags;
    expect(fetchedFlags).toEqual(['read']);
    expect(stored?.flags).toEqual(fetchedFlags);
    expect(getMessage(db, 115)?.message).toMatchObject({ subject: 'capture moved', sender_id: 4 });
    expect(getMessage(db, 115)?.flags).toContain('read');
  });

  it('has no deleted message', () => {
    expect(getMessage(db, 116)).toBeUndefined();
  });

  it('holds the topic preferences: the registration’s, the one cleared, the one set on the moved topic', () => {
    const preferences = topicPreferences(db, 3);
    expect(preferences.find((p) => p.topic_name === 'capture')).toBeUndefined();
    expect(preferences.find((p) => p.topic_name === 'capture moved')?.visibility_policy).toBe(2);
    expect(preferences.find((p) => p.topic_name === 'rendering check')?.visibility_policy).toBe(3);
    expect(topicPreferences(db)).toHaveLength((captured.register.user_topics as unknown[]).length + 1);
  });

  it('holds the status a user set', () => {
    expect(getRecord(db, userStatusTable, 10)).toMatchObject({ status_text: 'capturing', emoji_name: 'car', emoji_code: '1f697', reaction_type: 'unicode_emoji' });
  });
});

describe('every captured body', () => {
  /** How the client reads each captured answer: the operation it calls, and the check its caller adds. */
  const READS: Record<string, (client: ServiceClient) => Promise<unknown>> = {
    server_settings: (c) => c.call('getServerSettings', {}),
    register_full: async (c) => checkedRegistration(await c.call('registerQueue', REGISTER_PARAMS)),
    send_message: (c) => c.call('sendMessage', { type: 'stream', to: 3, topic: 'capture', content: 'capture @**Iago** hello' }),
    add_reaction: (c) => c.call('addReaction', { message_id: 114, emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji' }),
    remove_reaction: (c) => c.call('removeReaction', { message_id: 114, emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji' }),
    edit_message: (c) => c.call('updateMessage', { message_id: 114, content: 'capture edited' }),
    flags_read: (c) => c.call('updateMessageFlags', { messages: [114, 101, 115], op: 'add', flag: 'read' }),
    flags_narrow: (c) => c.call('updateMessageFlagsForNarrow', { anchor: 'oldest', num_before: 0, num_after: 1000, narrow: [], op: 'add', flag: 'read' }),
    typing: (c) => c.call('setTypingStatus', { type: 'direct', op: 'start', to: [11] }),
    dm: (c) => c.call('sendMessage', { type: 'direct', to: [11], content: 'capture dm' }),
    user_topic: (c) => c.call('updateUserTopic', { stream_id: 3, topic: 'capture moved', visibility_policy: 2 }),
    delete_message: (c) => c.call('deleteMessage', { message_id: 116 }),
    events_after_actions: async (c) => {
      const { events } = checkedEvents(await c.call('getEvents', { queue_id: 'e235a9dc', last_event_id: -1, dont_block: true }));
      const invalid = events.map(checkEvent).filter((checked) => checked.kind === 'invalid');
      expect(invalid).toEqual([]);
    },
    messages_fetch: async (c) => checkedMessages(await c.call('getMessages', { anchor: 'newest', num_before: 20, num_after: 0, narrow: [] })),
    messages_search: async (c) => checkedMessages(await c.call('getMessages', { anchor: 'newest', num_before: 5, num_after: 0, narrow: [{ operator: 'search', operand: 'capture' }] })),
    own_user: (c) => c.call('getOwnUser', {}),
    member_own_user: (c) => c.call('getOwnUser', {}),
  };
  /** Captured exchanges the app does not make, and why. */
  const NOT_MADE: Record<string, string> = {
    status: 'POST /users/me/status: the app sets statuses only for others, through POST /users/{user_id}/status (spec item 10)',
    upload_file: 'POST /user_uploads: the app does not upload files yet (issue 22 §3)',
    move_topic: 'PATCH /messages/{message_id} with a topic: the app edits content only; the moves others make reach it as events (above)',
  };
  /** The captured errors, each checked below for what a person sees. */
  const ERRORS = ['member_get_user_by_email', 'bad_key', 'bad_queue', 'bad_narrow'];

  it('is read, not made on purpose, or an error checked below', () => {
    expect(new Set(realExchangeNames)).toEqual(new Set([...Object.keys(READS), ...Object.keys(NOT_MADE), ...ERRORS]));
  });

  for (const [name, read] of Object.entries(READS)) {
    it(`${name} reads with the client's own checks`, async () => {
      // A check that fails throws (UnexpectedAnswerError, UnusableAnswerError), failing the test.
      await read(createServiceClient({ server_url: 'http://127.0.0.1:1', credentials, fetch: answeringWith(name) }));
    });
  }
});

/** ky hands fetch a Request. */
const urlOf = (input: string | URL | Request): string => (input instanceof Request ? input.url : String(input));

/** A fetch that answers any request with the captured exchange `name`, as the server sent it. */
function answeringWith(name: string): typeof fetch {
  const { status, body } = realExchange(name);
  return () => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

describe('every captured error reaches a person as what it is', () => {
  const failing = (name: string) => createServiceClient({ server_url: 'http://127.0.0.1:1', credentials, fetch: answeringWith(name) });

  it('a bad key: the sign-in form says the server did not accept this key', async () => {
    const fetchImpl: typeof fetch = (input) => answeringWith(urlOf(input).includes('server_settings') ? 'server_settings' : 'bad_key')(input);
    const signingIn = checkCredentials({ server_url: 'http://127.0.0.1:1', email: 'hamlet@zulip.com', api_key: 'wrong' }, { logger: silentLogger, fetch: fetchImpl });
    await expect(signingIn).rejects.toBeInstanceOf(CredentialsRejected);
    await expect(signingIn).rejects.toThrow('The server did not accept this email and API key: Invalid API key');
  });

  it('a bad queue: the engine registers again', async () => {
    const db = openMirror(join(dir, 'bad-queue.db'));
    const server = await startReplayServer();
    try {
      saveEventQueue(db, { queue_id: 'nope', last_event_id: -1, registered_at: Date.now() });
      server.nextEventsAnswer('bad_queue');
      const { registrations } = await syncOneBatch(db, createServiceClient({ server_url: server.url, credentials }));
      expect(server.requests().slice(0, 3)).toEqual(['GET /api/v1/events', 'POST /api/v1/register', 'GET /api/v1/events']);
      expect(registrations).toBe(1);
    } finally {
      db.close();
      await server.close();
    }
  });

  it('a bad narrow: the message names the operator', async () => {
    const error = await failing('bad_narrow')
      .call('getMessages', { anchor: 'newest', num_before: 1, num_after: 0, narrow: [{ operator: 'bogus', operand: 'x' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(describeError(error)).toEqual({ code: 'BAD_NARROW', message: 'Invalid narrow operator: unknown operator bogus' });
  });

  it('a member looking themself up by real address where addresses are hidden: sign-in asks GET /users/me instead, and succeeds', async () => {
    const asked: string[] = [];
    const fetchImpl: typeof fetch = (input) => {
      const path = new URL(urlOf(input)).pathname;
      asked.push(path);
      return answeringWith(path.endsWith('/server_settings') ? 'server_settings' : path.endsWith('/users/me') ? 'member_own_user' : 'member_get_user_by_email')(input);
    };
    const account = await checkCredentials({ server_url: 'http://127.0.0.1:1', email: 'hamlet@zulip.com', api_key: 'k' }, { logger: silentLogger, fetch: fetchImpl });
    expect(account).toMatchObject({ user_id: 10, api_email: 'user10@zulipdev.com', delivery_email: 'hamlet@zulip.com', realm_name: 'Zulip Dev' });
    expect(asked).toEqual(['/api/v1/server_settings', '/api/v1/users/me']);
    // The look-up by email it no longer makes is refused as the spec's "No such user".
    const refused = await failing('member_get_user_by_email').call('getUserByEmail', { email: 'hamlet@zulip.com' }).catch((e: unknown) => e);
    expect(describeError(refused)).toEqual({ code: 'BAD_REQUEST', message: 'No such user' });
  });
});
