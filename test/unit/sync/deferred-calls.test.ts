// The outbox replay sends each item as the live path would: its payload checked against the
// operation's parameters, and a scheduled message's edit checked against what the mirror last saw.
import { afterEach, expect, it } from 'vitest';
import { ServiceClient } from '../../../main/api/service-client';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { upsertRecords } from '../../../main/store/keyed-table';
import { enqueueOutbox, outboxItems } from '../../../main/store/outbox';
import { scheduledMessagesTable } from '../../../main/store/personal';
import { deferredCalls, messageDelivery } from '../../../main/sync/deferred-calls';
import { replayOutbox } from '../../../main/sync/outbox-replay';

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
    return Response.json({ result: 'success', msg: '' });
  };
  return { db, client: new ServiceClient({ serverUrl: 'http://127.0.0.1:9', email: 'a@example.com', apiKey: 'k', fetch, pacing: false }) };
}

it('refuses, as the live path does, an edit of a failed scheduled message that gives no new time', async () => {
  const { db, client } = setUp();
  upsertRecords(db, scheduledMessagesTable, [
    { scheduled_message_id: 9, type: 'stream', to: 5, topic: 'lunch', content: 'Noon', rendered_content: '<p>Noon</p>', scheduled_delivery_timestamp: 2_000_000_000, failed: true },
  ]);
  enqueueOutbox(db, { kind: 'editScheduledMessage', record_key: 'scheduled_messages:9', payload: { scheduled_message_id: 9, content: 'Later' } });
  enqueueOutbox(db, { kind: 'editSavedSnippet', record_key: 'saved_snippets:7', payload: { saved_snippet_id: 7, title: 'A' } });

  const report = await replayOutbox(db, deferredCalls(client, db), messageDelivery(client, db, 1));
  expect(report.refused).toHaveLength(1);
  expect(outboxItems(db)).toMatchObject([{ kind: 'editScheduledMessage', state: 'failed', error_code: 'INVALID_PARAMETERS' }]);
  expect(sent).toEqual(['PATCH /api/v1/saved_snippets/7']);
});

it('refuses a payload not in the form of its operation, and sends nothing for it', async () => {
  const { db, client } = setUp();
  enqueueOutbox(db, { kind: 'editSavedSnippet', record_key: 'saved_snippets:7', payload: { saved_snippet_id: 7, content: 3 } });
  const report = await replayOutbox(db, deferredCalls(client, db), messageDelivery(client, db, 1));
  expect(report).toMatchObject({ sent: 0, interrupted: false });
  expect(outboxItems(db)).toMatchObject([{ state: 'failed', error_code: 'INVALID_PARAMETERS' }]);
  expect(sent).toEqual([]);
});
