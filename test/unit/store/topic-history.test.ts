// A channel's topic history from its server, in the mirror: listed with the cached topics (one per
// topic whatever its case, the cached one's key kept, newest first, at most the limit), replaced
// whole by the next listing, kept current by moves and deletions, and gone with its channel.
import { beforeEach, describe, expect, it } from 'vitest';
import type { UpdateMessageEvent } from '../../../shared/api/events';
import { ChangeCollector } from '../../../main/store/changes';
import { channelTopics } from '../../../main/store/conversations';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { upsertMessages } from '../../../main/store/messages';
import { replaceTopicHistory, topicHistoryEvents } from '../../../main/store/topic-history';
import { message } from './fixtures';

let db: MirrorDatabase;

const listed = (stream_id = 5, limit = 100) => channelTopics(db, stream_id, limit).map(({ topic, conversation, last_message_id }) => ({ topic, conversation, last_message_id }));

function move(fields: Partial<UpdateMessageEvent> & Pick<UpdateMessageEvent, 'message_ids'>): ChangeCollector {
  const changes = new ChangeCollector();
  const event: UpdateMessageEvent = { type: 'update_message', id: 1, message_id: fields.message_ids[0]!, edit_timestamp: 1_700_000_000, stream_id: 5, ...fields };
  db.transaction(() => topicHistoryEvents.update_message(db, event, changes))();
  return changes;
}

beforeEach(() => {
  db = openMirror(':memory:');
  db.transaction(() => {
    upsertMessages(db, [{ message: message(30, 'Lunch'), flags: ['read'] }], new ChangeCollector());
    replaceTopicHistory(
      db,
      5,
      [
        { name: 'lunch', max_id: 40 },
        { name: 'old plans', max_id: 10 },
        { name: 'older', max_id: 5 },
      ],
      new ChangeCollector(),
    );
  })();
});

describe('topic history', () => {
  it('lists the server’s topics with the cached ones, one per topic whatever its case, newest first', () => {
    expect(listed()).toEqual([
      { topic: 'Lunch', conversation: 'channel:5:Lunch', last_message_id: 40 },
      { topic: 'old plans', conversation: 'channel:5:old plans', last_message_id: 10 },
      { topic: 'older', conversation: 'channel:5:older', last_message_id: 5 },
    ]);
    expect(listed(5, 2).map((t) => t.topic)).toEqual(['Lunch', 'old plans']);
    expect(listed(6)).toEqual([]);
  });

  it('is replaced whole by the next listing, with a notice naming the channel', () => {
    const changes = new ChangeCollector();
    db.transaction(() => replaceTopicHistory(db, 5, [{ name: 'fresh', max_id: 50 }], changes))();
    expect(listed().map((t) => t.topic)).toEqual(['fresh', 'Lunch']);
    expect(changes.notice().changed.topic_history).toEqual([5]);
  });

  it('follows a whole topic moved: its old name goes, the new one comes with the moved messages’ newest', () => {
    const changes = move({ message_ids: [8, 10], orig_subject: 'Old Plans', subject: 'new plans', propagate_mode: 'change_all' });
    expect(listed().map((t) => [t.topic, t.last_message_id])).toEqual([
      ['Lunch', 40],
      ['new plans', 10],
      ['older', 5],
    ]);
    expect(changes.notice().changed.topic_history).toEqual([5]);
  });

  it('keeps a topic some of whose messages moved, and lists where they went, in another channel too', () => {
    move({ message_ids: [5], orig_subject: 'older', new_stream_id: 6, propagate_mode: 'change_one' });
    expect(listed().map((t) => t.topic)).toContain('older');
    expect(listed(6)).toEqual([{ topic: 'older', conversation: 'channel:6:older', last_message_id: 5 }]);
    // Moved into a topic known under another case: one topic, named as the move names it.
    move({ message_ids: [3], orig_subject: 'older', subject: 'OLD PLANS', propagate_mode: 'change_one' });
    expect(listed().filter((t) => t.topic.toLowerCase() === 'old plans')).toEqual([{ topic: 'OLD PLANS', conversation: 'channel:5:OLD PLANS', last_message_id: 10 }]);
  });

  it('drops a topic whose newest message is deleted, and keeps one whose older message is', () => {
    const deleted = (message_ids: number[], topic: string) => {
      const changes = new ChangeCollector();
      db.transaction(() => topicHistoryEvents.delete_message(db, { type: 'delete_message', id: 3, message_type: 'stream', message_ids, stream_id: 5, topic }, changes))();
      return changes.notice().changed.topic_history;
    };
    expect(deleted([4], 'older')).toBeUndefined();
    expect(listed().map((t) => t.topic)).toContain('older');
    expect(deleted([9, 10], 'OLD PLANS')).toEqual([5]);
    expect(listed().map((t) => t.topic)).toEqual(['Lunch', 'older']);
  });

  it('ignores an edit that moves nothing', () => {
    move({ message_ids: [10], content: 'edited' });
    expect(listed()).toHaveLength(3);
  });
});
