// An open feed (a conversation, or a channel's every topic) is brought up to date with what changed
// alone: the messages a notice named (edited, flagged, moved out or deleted) and those newer than
// the newest shown, never the page again; and paged from the mirror in either direction.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { channelTopicConversation } from '../../../shared/conversation';
import { ChangeCollector } from '../../../main/store/changes';
import { openMirror, type MirrorDatabase } from '../../../main/store/database';
import { feedMessages, feedUpdate } from '../../../main/store/feeds';
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

const ids = (update: ReturnType<typeof feedUpdate>) => update.messages.map((stored) => stored.message.id);

it('reads the messages named and those newer than the newest shown, and says which left the conversation', () => {
  setFlag(db, [2], 'starred', true, new ChangeCollector());
  upsertMessages(db, [4, 5].map((id) => ({ message: message(id, 'lunch'), flags: [] })), new ChangeCollector());

  const moved = new ChangeCollector();
  updateMessage(db, 1, ({ message: m, flags }) => ({ message: { ...m, subject: 'dinner' }, flags }), moved);
  expect(moved.notice().conversations.sort()).toEqual([DINNER, LUNCH].sort());
  const deleted = new ChangeCollector();
  deleteMessages(db, [3], deleted);
  expect(deleted.notice()).toMatchObject({ changed: { messages: [3] }, conversations: [LUNCH] });

  const update = feedUpdate(db, { conversation: LUNCH }, 3, [1, 2, 3], 10);
  expect(ids(update)).toEqual([2, 4, 5]);
  expect(update.messages[0]?.flags).toEqual(['starred']);
  expect(update.removed).toEqual([1, 3]);
  expect(update.truncated).toBe(false);
});

it('says when more arrived than one update holds, so the view reads its page again', () => {
  upsertMessages(db, [4, 5, 6].map((id) => ({ message: message(id, 'lunch'), flags: [] })), new ChangeCollector());
  const update = feedUpdate(db, { conversation: LUNCH }, 3, [], 2);
  expect(ids(update)).toEqual([4, 5]);
  expect(update.truncated).toBe(true);
});

it("keeps a message moved to another topic of the channel in the channel's feed, and says when it left the channel", () => {
  upsertMessages(db, [{ message: message(4, 'other', { stream_id: 6 }), flags: [] }], new ChangeCollector());
  updateMessage(db, 1, ({ message: m, flags }) => ({ message: { ...m, subject: 'dinner' }, flags }), new ChangeCollector());
  updateMessage(db, 2, ({ message: m, flags }) => ({ message: { ...m, stream_id: 6 }, flags }), new ChangeCollector());
  const update = feedUpdate(db, { stream_id: 5 }, 3, [1, 2], 10);
  expect(ids(update)).toEqual([1]);
  expect(update.messages[0]?.message.subject).toBe('dinner');
  expect(update.removed).toEqual([2]);
  expect(feedMessages(db, { stream_id: 6 }, { limit: 10 }).map((stored) => stored.message.id)).toEqual([2, 4]);
});

it("pages a channel's topics interleaved, older before an id and newer after one, oldest first", () => {
  upsertMessages(db, [4, 5, 6, 7].map((id) => ({ message: message(id, id % 2 === 0 ? 'dinner' : 'lunch'), flags: [] })), new ChangeCollector());
  const page = (options: Parameters<typeof feedMessages>[2]) => feedMessages(db, { stream_id: 5 }, options).map((stored) => stored.message.id);
  expect(page({ limit: 3 })).toEqual([5, 6, 7]);
  expect(page({ before: 5, limit: 3 })).toEqual([2, 3, 4]);
  expect(page({ after: 2, limit: 3 })).toEqual([3, 4, 5]);
  expect(feedMessages(db, { conversation: LUNCH }, { after: 1, limit: 3 }).map((stored) => stored.message.id)).toEqual([2, 3, 5]);
});
