// What a message's waiting action is called beside it: the reaction, the star, the read mark, by
// what the outbox holds, so that nobody reads "Pending" under a message as the message unsent.
import { expect, it } from 'vitest';
import type { OutboxItemView } from '../../../shared/outbox-records';
import { pendingMessageAction } from '../../../renderer/src/screens/conversations/pending-message-action';

const item = (kind: string, payload: Record<string, unknown> = {}): OutboxItemView => ({
  outbox_id: 1,
  kind,
  record_key: 'messages:7',
  payload,
  state: 'pending',
  error_code: null,
  error_msg: null,
  created_at: 0,
});

it('names reactions, stars and read marks, each way', () => {
  expect(pendingMessageAction(item('addReaction'))).toBe('your reaction');
  expect(pendingMessageAction(item('removeReaction'))).toBe('your reaction removed');
  expect(pendingMessageAction(item('updateMessageFlags', { messages: [7], op: 'add', flag: 'read' }))).toBe('marked as read');
  expect(pendingMessageAction(item('updateMessageFlags', { messages: [7], op: 'remove', flag: 'read' }))).toBe('marked as unread');
  expect(pendingMessageAction(item('updateMessageFlags', { messages: [7], op: 'add', flag: 'starred' }))).toBe('your star');
  expect(pendingMessageAction(item('updateMessageFlags', { messages: [7], op: 'remove', flag: 'starred' }))).toBe('your star removed');
});

it('says "your change" for anything else, and for a payload it cannot read', () => {
  expect(pendingMessageAction(item('updateMessageFlags', { op: 'add', flag: 'collapsed' }))).toBe('your change to this message');
  expect(pendingMessageAction(item('updateMessageFlags', { op: 7 }))).toBe('your change to this message');
  expect(pendingMessageAction(item('someLaterAction'))).toBe('your change to this message');
});
