import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NetworkError, ServiceError } from '../../../main/api/errors';
import { openMirror } from '../../../main/store/database';
import { enqueueOutbox, outboxItems, retryOutboxItem, type DeferrableOperation } from '../../../main/store/outbox';
import { replayOutbox, type MessageDelivery } from '../../../main/sync/outbox-replay';
import { ChangeCollector } from '../../../main/store/changes';
import { writesTo } from '../../support/mirror-write';

/** These tests queue no message. */
const noMessages: MessageDelivery = {
  send: () => Promise.reject(new Error('no message is queued here')),
  lookup: () => Promise.reject(new Error('no message is queued here')),
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function mirrorPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'outbox-'));
  dirs.push(dir);
  return join(dir, 'mirror.db');
}

function refuse(msg: string): ServiceError {
  return new ServiceError({ code: 'BAD_REQUEST', msg, status: 400, request: 'PATCH /saved_snippets/{saved_snippet_id}' });
}

describe('the outbox', () => {
  it('refuses an item the file holds in a form no version of the app wrote, rather than replaying it', () => {
    const db = openMirror(mirrorPath());
    enqueueOutbox(db, { kind: 'editSavedSnippet', record_key: 'saved_snippets:7', payload: { saved_snippet_id: 7, title: 'A' } }, new ChangeCollector());
    expect(outboxItems(db)[0]?.payload).toEqual({ saved_snippet_id: 7, title: 'A' });
    db.prepare(`UPDATE outbox SET payload = '"not an object"'`).run();
    expect(() => outboxItems(db)).toThrow();
    db.prepare(`UPDATE outbox SET payload = '{}', kind = 'deleteEverything'`).run();
    expect(() => outboxItems(db)).toThrow();
    db.close();
  });


  it('survives a restart and replays in the order the actions were taken', async () => {
    const path = mirrorPath();
    const before = openMirror(path);
    enqueueOutbox(before, { kind: 'editSavedSnippet', record_key: 'saved_snippets:7', payload: { saved_snippet_id: 7, title: 'A' } }, new ChangeCollector());
    enqueueOutbox(before, { kind: 'updateUserTopic', record_key: 'user_topics:5:lunch', payload: { stream_id: 5, topic: 'lunch', visibility_policy: 1 } }, new ChangeCollector());
    enqueueOutbox(before, { kind: 'editSavedSnippet', record_key: 'saved_snippets:7', payload: { saved_snippet_id: 7, title: 'B' } }, new ChangeCollector());
    before.close();

    const db = openMirror(path);
    const sent: [DeferrableOperation, unknown][] = [];
    const report = await replayOutbox(
      { db, write: writesTo(db) },
      async (kind, payload) => {
        sent.push([kind, payload]);
      },
      noMessages,
    );
    expect(sent.map(([kind, payload]) => `${kind}:${JSON.stringify(payload)}`)).toEqual([
      'editSavedSnippet:{"saved_snippet_id":7,"title":"A"}',
      'updateUserTopic:{"stream_id":5,"topic":"lunch","visibility_policy":1}',
      'editSavedSnippet:{"saved_snippet_id":7,"title":"B"}',
    ]);
    expect(report).toEqual({ sent: 3, sentMessages: [], refused: [], interrupted: false, unauthorized: false });
    expect(outboxItems(db)).toEqual([]);
    db.close();
  });

  it("keeps a refused item with the server's message, and goes on with the rest", async () => {
    const db = openMirror(':memory:');
    const refused = enqueueOutbox(db, { kind: 'editSavedSnippet', record_key: 'saved_snippets:9', payload: { saved_snippet_id: 9, title: 'X' } }, new ChangeCollector());
    enqueueOutbox(db, { kind: 'removeReaction', record_key: 'messages:100', payload: { message_id: 100, emoji_name: 'smile' } }, new ChangeCollector());
    const report = await replayOutbox(
      { db, write: writesTo(db) },
      async (kind) => {
        if (kind === 'editSavedSnippet') throw refuse('Saved snippet does not exist.');
      },
      noMessages,
    );
    expect(report.sent).toBe(1);
    expect(report.refused).toEqual([{ outbox_id: refused, code: 'BAD_REQUEST', msg: 'Saved snippet does not exist.' }]);
    expect(outboxItems(db)).toMatchObject([
      { outbox_id: refused, state: 'failed', error_code: 'BAD_REQUEST', error_msg: 'Saved snippet does not exist.', record_key: 'saved_snippets:9' },
    ]);
    retryOutboxItem(db, refused, new ChangeCollector());
    expect(outboxItems(db, 'pending').map((i) => i.outbox_id)).toEqual([refused]);
    db.close();
  });

  it('stops at a network failure and leaves that item and the rest pending, in order', async () => {
    const db = openMirror(':memory:');
    for (const title of ['1', '2', '3']) {
      enqueueOutbox(db, { kind: 'editSavedSnippet', record_key: 'saved_snippets:1', payload: { saved_snippet_id: 1, title } }, new ChangeCollector());
    }
    let calls = 0;
    const report = await replayOutbox(
      { db, write: writesTo(db) },
      async () => {
        calls += 1;
        if (calls === 2) throw new NetworkError('PATCH /saved_snippets/{saved_snippet_id}', 'ECONNREFUSED', 'refused');
      },
      noMessages,
    );
    expect(report).toEqual({ sent: 1, sentMessages: [], refused: [], interrupted: true, unauthorized: false });
    expect(outboxItems(db, 'pending').map((i) => i.payload.title)).toEqual(['2', '3']);
    db.close();
  });

  it('stops where the server refuses the account itself (401), leaving the item pending with no try counted', async () => {
    const db = openMirror(':memory:');
    for (const title of ['1', '2']) {
      enqueueOutbox(db, { kind: 'editSavedSnippet', record_key: 'saved_snippets:1', payload: { saved_snippet_id: 1, title } }, new ChangeCollector());
    }
    const deactivated = new ServiceError({ code: 'UNAUTHORIZED', msg: 'Account is deactivated', status: 401, request: 'PATCH /saved_snippets/{saved_snippet_id}' });
    const report = await replayOutbox({ db, write: writesTo(db) }, () => Promise.reject(deactivated), noMessages);
    expect(report).toEqual({ sent: 0, sentMessages: [], refused: [], interrupted: true, unauthorized: true });
    expect(outboxItems(db, 'pending').map((i) => [i.payload.title, i.attempts, i.error_msg])).toEqual([
      ['1', 0, null],
      ['2', 0, null],
    ]);
    db.close();
  });
});
