// A message this app sent is, at every moment, either in the outbox or in its conversation: the
// answer to its send marks its item sent with the server's id; the event that files the message
// removes the item in the same transaction (by the local id it echoes, or by the id when sent
// without one); a fetch that files it first hides the item from the conversation.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServiceEvent } from '../../../shared/api/events';
import { channelTopicConversation } from '../../../shared/conversation';
import { ChangeCollector } from '../../../main/store/changes';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { saveEventQueue } from '../../../main/store/event-queue';
import { upsertMessages } from '../../../main/store/messages';
import { confirmSentMessage, enqueueMessage, markSent, nextPendingItem, outboxItem, queuedMessages, sentMessagesAwaitingEvent } from '../../../main/store/outbox';
import { applyEvents } from '../../../main/sync/apply-events';
import { eventErrors } from '../../support/reference';
import { message } from './fixtures';

const LUNCH = channelTopicConversation(5, 'lunch');
let db: MirrorDatabase;
beforeEach(() => {
  db = openMirror(':memory:');
  saveEventQueue(db, { queue_id: 'q1', last_event_id: 0, registered_at: 0 });
});
afterEach(() => db.close());

const queue = (local_id: string) => enqueueMessage(db, { conversation: LUNCH, local_id, payload: { type: 'stream', to: 5, topic: 'lunch', content: local_id } }, new ChangeCollector());

function messageEvent(id: number, local_message_id?: string): ServiceEvent {
  const event = { id, type: 'message', flags: ['read'], message: { ...message(id, 'lunch'), flags: undefined }, ...(local_message_id !== undefined && { local_message_id }) };
  expect(eventErrors(event)).toEqual([]);
  return event;
}

describe('a sent message', () => {
  it('stays in the outbox marked sent, out of the queue, until the event naming its local id files it in the same transaction', () => {
    const outbox_id = queue('local-1');
    const changes = new ChangeCollector();
    markSent(db, outbox_id, 40, changes);
    expect(changes.notice()).toMatchObject({ changed: { outbox: [`conversations:${LUNCH}`] }, conversations: [LUNCH] });
    expect(queuedMessages(db, LUNCH).map((item) => [item.outbox_id, item.sent_message_id])).toEqual([[outbox_id, 40]]);
    expect(nextPendingItem(db, 0)).toBeUndefined();
    expect(sentMessagesAwaitingEvent(db).map((item) => item.outbox_id)).toEqual([outbox_id]);

    const filed = applyEvents(db, [messageEvent(40, 'local-1')]);
    expect(outboxItem(db, outbox_id)).toBeUndefined();
    expect(filed).toMatchObject({ changed: { messages: [40], outbox: [`conversations:${LUNCH}`] }, conversations: [LUNCH] });
  });

  it('sent with another queue (no local id echoed) shows once, and leaves the outbox when the message is confirmed by its id', () => {
    const outbox_id = queue('local-2');
    markSent(db, outbox_id, 41, new ChangeCollector());
    applyEvents(db, [messageEvent(41)]);
    expect(queuedMessages(db, LUNCH)).toEqual([]);
    confirmSentMessage(db, { local_id: undefined, message_id: 41 }, new ChangeCollector());
    expect(outboxItem(db, outbox_id)).toBeUndefined();
  });

  it('filed by a fetch before its event is not shown twice: the conversation lists it once, the item goes with the event', () => {
    const outbox_id = queue('local-3');
    markSent(db, outbox_id, 42, new ChangeCollector());
    upsertMessages(db, [{ message: message(42, 'lunch'), flags: ['read'] }], new ChangeCollector());
    expect(queuedMessages(db, LUNCH)).toEqual([]);
    expect(outboxItem(db, outbox_id)).toBeDefined();
    applyEvents(db, [messageEvent(42, 'local-3')]);
    expect(outboxItem(db, outbox_id)).toBeUndefined();
  });

  it('whose answer comes after its event (already filed) leaves the outbox at once', () => {
    const outbox_id = queue('local-4');
    upsertMessages(db, [{ message: message(43, 'lunch'), flags: ['read'] }], new ChangeCollector());
    markSent(db, outbox_id, 43, new ChangeCollector());
    expect(outboxItem(db, outbox_id)).toBeUndefined();
  });
});

describe('what a message write reports', () => {
  it('names the conversation a message arrived in or moved to, and the messages changed, not those written again unchanged', () => {
    const first = new ChangeCollector();
    upsertMessages(db, [{ message: message(50, 'lunch'), flags: [] }], first);
    expect(first.notice()).toMatchObject({ changed: { messages: [50] }, conversations: [LUNCH] });

    const again = new ChangeCollector();
    upsertMessages(db, [{ message: { ...message(50, 'lunch'), flags: [] }, flags: [] }], again);
    expect(again.empty).toBe(true);

    const flagged = new ChangeCollector();
    upsertMessages(db, [{ message: message(50, 'lunch'), flags: ['starred'] }], flagged);
    expect(flagged.notice()).toMatchObject({ changed: { messages: [50] }, conversations: [] });

    const moved = new ChangeCollector();
    upsertMessages(db, [{ message: message(50, 'dinner'), flags: ['starred'] }], moved);
    expect(moved.notice()).toMatchObject({ changed: { messages: [50] }, conversations: [channelTopicConversation(5, 'dinner')] });
  });
});
