// An open conversation is brought up to date with what changed alone: the messages a notice named
// (edited, flagged, moved out or deleted) and those newer than the newest shown, never the page again.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { channelTopicConversation } from '../../../shared/conversation';
import { ChangeCollector } from '../../../main/store/changes';
import { conversationUpdate } from '../../../main/store/conversations';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { deleteMessages, setFlag, updateMessage, upsertMessages } from '../../../main/store/messages';
import { message } from './fixtures';

const LUNCH = channelTopicConversation(5, 'lunch');
const DINNER = channelTopicConversation(5, 'dinner');
let db: MirrorDatabase;
beforeEach(() => {
  db = openMirror(':memory:');
  upsertMessages(db, [1, 2, 3].map((id) => ({ message: message(id, 'lunch'), flags: [] })), new ChangeCollector());
});
afterEach(() => db.close());

const ids = (update: ReturnType<typeof conversationUpdate>) => update.messages.map((stored) => stored.message.id);

it('reads the messages named and those newer than the newest shown, and says which left the conversation', () => {
  setFlag(db, [2], 'starred', true, new ChangeCollector());
  upsertMessages(db, [4, 5].map((id) => ({ message: message(id, 'lunch'), flags: [] })), new ChangeCollector());

  const moved = new ChangeCollector();
  updateMessage(db, 1, ({ message: m, flags }) => ({ message: { ...m, subject: 'dinner' }, flags }), moved);
  expect(moved.notice().conversations.sort()).toEqual([DINNER, LUNCH].sort());
  const deleted = new ChangeCollector();
  deleteMessages(db, [3], deleted);
  expect(deleted.notice()).toMatchObject({ changed: { messages: [3] }, conversations: [LUNCH] });

  const update = conversationUpdate(db, LUNCH, 3, [1, 2, 3], 10);
  expect(ids(update)).toEqual([2, 4, 5]);
  expect(update.messages[0]?.flags).toEqual(['starred']);
  expect(update.removed).toEqual([1, 3]);
  expect(update.truncated).toBe(false);
});

it('says when more arrived than one update holds, so the view reads its page again', () => {
  upsertMessages(db, [4, 5, 6].map((id) => ({ message: message(id, 'lunch'), flags: [] })), new ChangeCollector());
  const update = conversationUpdate(db, LUNCH, 3, [], 2);
  expect(ids(update)).toEqual([4, 5]);
  expect(update.truncated).toBe(true);
});
