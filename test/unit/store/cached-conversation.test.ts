// One conversation read from the mirror for the pane that opens it: its newest cached message
// and unread count, the same as the listing of every conversation says, without reading the others.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { channelTopicConversation } from '../../../shared/conversation';
import { cachedConversation, cachedConversations } from '../../../main/store/conversations';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { upsertMessages } from '../../../main/store/messages';
import { message } from './fixtures';
import { ChangeCollector } from '../../../main/store/changes';

let db: MirrorDatabase;

beforeEach(() => {
  db = openMirror(':memory:');
  upsertMessages(db, [
    { message: message(10, 'lunch'), flags: ['read'] },
    { message: message(11, 'deploys'), flags: [] },
    { message: message(12, 'lunch'), flags: [] },
    { message: message(13, 'lunch'), flags: ['read', 'starred'] },
    { message: message(14, 'lunch'), flags: ['starred'] },
  ], new ChangeCollector());
});

afterEach(() => db.close());

it("gives a conversation's newest message and its unread count, as the listing does", () => {
  const lunch = channelTopicConversation(5, 'lunch');
  const one = cachedConversation(db, lunch);
  expect(one).toMatchObject({ conversation: lunch, last_message_id: 14, unread: 2 });
  expect(one?.last.message.id).toBe(14);
  expect(one).toEqual(cachedConversations(db).find((c) => c.conversation === lunch));
});

it('gives nothing for a conversation none of whose messages is cached', () => {
  expect(cachedConversation(db, channelTopicConversation(5, 'elsewhere'))).toBeUndefined();
});
