// The outbox replay sends each item as the live path would: its payload checked against the
// operation's parameters, and a scheduled message's edit checked against what the mirror last saw.
import { afterEach, expect, it, vi } from 'vitest';
import { ServiceClient } from '../../../main/api/service-client';
import { DeferrableCalls } from '../../../main/app/deferrable';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { upsertRecords } from '../../../main/store/keyed-table';
import { enqueueOutbox, outboxItems } from '../../../main/store/outbox';
import { scheduledMessagesTable } from '../../../main/store/personal';
import { deferredCalls, messageDelivery, type DeferredAction, type DeferredParams } from '../../../main/sync/deferred-calls';
import { replayOutbox } from '../../../main/sync/outbox-replay';
import { ChangeCollector } from '../../../main/store/changes';
import { writesTo } from '../../support/mirror-write';

const sent: string[] = [];
const dbs: MirrorDatabase[] = [];
afterEach(() => {
  sent.length = 0;
  for (const db of dbs.splice(0)) db.close();
});

function setUp(): { db: MirrorDatabase; client: ServiceClient } {
  const db = openMirror(':memory:');
  dbs.push(db);
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push(`${request.method} ${new URL(request.url).pathname}`);
    // Enough for every operation here: a scheduled message's id, a narrow's last range, the alert words.
    return Response.json({ result: 'success', msg: '', scheduled_message_id: 3, updated_count: 0, last_processed_id: null, found_newest: true, alert_words: [] });
  };
  return { db, client: new ServiceClient({ serverUrl: 'http://127.0.0.1:9', email: 'a@example.com', apiKey: 'k', fetch, pacing: false }) };
}

it('refuses, as the live path does, an edit of a failed scheduled message that gives no new time', async () => {
  const { db, client } = setUp();
  upsertRecords(db, scheduledMessagesTable, [
    { scheduled_message_id: 9, type: 'stream', to: 5, topic: 'lunch', content: 'Noon', rendered_content: '<p>Noon</p>', scheduled_delivery_timestamp: 2_000_000_000, failed: true },
  ]);
  enqueueOutbox(db, { kind: 'editScheduledMessage', record_key: 'scheduled_messages:9', payload: { scheduled_message_id: 9, content: 'Later' } }, new ChangeCollector());
  enqueueOutbox(db, { kind: 'editSavedSnippet', record_key: 'saved_snippets:7', payload: { saved_snippet_id: 7, title: 'A' } }, new ChangeCollector());

  const report = await replayOutbox({ db, write: writesTo(db) }, deferredCalls(client, db), messageDelivery(client, db, 1));
  expect(report.refused).toHaveLength(1);
  expect(outboxItems(db)).toMatchObject([{ kind: 'editScheduledMessage', state: 'failed', error_code: 'INVALID_PARAMETERS' }]);
  expect(sent).toEqual(['PATCH /api/v1/saved_snippets/7']);
});

it('refuses a payload not in the form of its operation, and sends nothing for it', async () => {
  const { db, client } = setUp();
  enqueueOutbox(db, { kind: 'editSavedSnippet', record_key: 'saved_snippets:7', payload: { saved_snippet_id: 7, content: 3 } }, new ChangeCollector());
  const report = await replayOutbox({ db, write: writesTo(db) }, deferredCalls(client, db), messageDelivery(client, db, 1));
  expect(report).toMatchObject({ sent: 0, interrupted: false });
  expect(outboxItems(db)).toMatchObject([{ state: 'failed', error_code: 'INVALID_PARAMETERS' }]);
  expect(sent).toEqual([]);
});

it('replays every kind of action with the very call the live path makes: name, params and options', async () => {
  const { db, client } = setUp();
  upsertRecords(db, scheduledMessagesTable, [
    { scheduled_message_id: 9, type: 'stream', to: 5, topic: 'lunch', content: 'Noon', rendered_content: '<p>Noon</p>', scheduled_delivery_timestamp: 2_000_000_000, failed: false },
  ]);
  const actions: Pick<DeferredParams, DeferredAction> = {
    editSavedSnippet: { saved_snippet_id: 7, title: 'A' },
    createScheduledMessage: { type: 'channel', to: 5, topic: 'lunch', content: 'Noon', scheduled_delivery_timestamp: 2_000_000_000 },
    editScheduledMessage: { scheduled_message_id: 9, content: 'Later' },
    updateMessageFlags: { messages: [1], op: 'add', flag: 'starred' },
    markNarrowRead: { narrow: [{ operator: 'channel', operand: 5 }] },
    markNarrowUnreadFrom: { narrow: [{ operator: 'channel', operand: 5 }], anchor: 1 },
    updateUserTopic: { stream_id: 5, topic: 'lunch', visibility_policy: 1 },
    updateSubscriptionSettings: { subscription_data: [{ stream_id: 5, property: 'is_muted', value: true }] },
    updateSettings: { twenty_four_hour_time: true },
    addAlertWords: { alert_words: ['lunch'] },
    removeAlertWords: { alert_words: ['lunch'] },
    updateOwnStatus: { status_text: 'In a meeting', emoji_name: 'calendar', emoji_code: '1f4c5', reaction_type: 'unicode_emoji' },
    removeReaction: { message_id: 1, emoji_name: 'smile', emoji_code: '1f642', reaction_type: 'unicode_emoji' },
    addReaction: { message_id: 1, emoji_name: 'smile', emoji_code: '1f642', reaction_type: 'unicode_emoji' },
  };
  const calls = vi.spyOn(client, 'call');
  let state = 'online';
  const deferrable = new DeferrableCalls({ db, write: writesTo(db), client, online: () => state === 'online' });
  const record = { table: 'messages', message_id: 1 } as const;
  const act = (kind: DeferredAction) => deferrable.call({ kind, record, payload: actions[kind] });
  const kinds = Object.keys(actions) as DeferredAction[];

  for (const kind of kinds) await act(kind);
  const live = calls.mock.calls.splice(0);
  state = 'offline';
  for (const kind of kinds) expect(await act(kind)).toMatchObject({ pending: true });
  expect(calls).not.toHaveBeenCalled();
  const report = await replayOutbox({ db, write: writesTo(db) }, deferredCalls(client, db), messageDelivery(client, db, 1));

  expect(report).toMatchObject({ sent: kinds.length, refused: [] });
  expect(calls.mock.calls).toEqual(live);
  expect(live.find(([name]) => name === 'editScheduledMessage')?.[2]).toEqual({ existing: { type: 'stream', failed: false } });
});
