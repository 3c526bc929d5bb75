// A conversation is named one way wherever it is named: its header, Drafts, Recent, the Inbox,
// search results and notifications (the store's Recent titles used `>`, the others `›`).
import { expect, it } from 'vitest';
import { channelTopicTitle, conversationTitle, directTitle, emptyTopicName, topicLabel } from '../../../shared/conversation-title';
import { isMutedTopic } from '../../../shared/topic-visibility';

const names = {
  channel: (id: number) => (id === 1 ? 'general' : `channel ${id}`),
  user: (id: number) => ({ 5: 'Mark', 7: 'Priya', 9: 'Hana' })[id] ?? `User ${id}`,
  emptyTopic: 'general chat',
};

it('names a channel topic `#channel › topic`, the empty topic as the organization names it', () => {
  expect(conversationTitle({ kind: 'channel', stream_id: 1, topic: 'lunch' }, 5, names)).toBe('#general › lunch');
  expect(conversationTitle({ kind: 'channel', stream_id: 1, topic: '' }, 5, names)).toBe('#general › general chat');
  expect(channelTopicTitle('general', '', 'general chat')).toBe('#general › general chat');
  expect(topicLabel('lunch', 'general chat')).toBe('lunch');
});

it("calls the empty topic what the organization announced (a real server's 'general chat'), else `(no topic)`", () => {
  expect(emptyTopicName({ realm_empty_topic_display_name: 'general chat' })).toBe('general chat');
  expect(emptyTopicName({ realm_empty_topic_display_name: 'allgemein' })).toBe('allgemein');
  expect(emptyTopicName({})).toBe('(no topic)');
  expect(emptyTopicName({ realm_empty_topic_display_name: '' })).toBe('(no topic)');
});

it('names a direct conversation by the others, and one with oneself by oneself', () => {
  expect(conversationTitle({ kind: 'direct', user_ids: [5, 7, 9] }, 5, names)).toBe('Priya, Hana');
  expect(directTitle([5], 5, names.user)).toBe('Mark');
});

it('mutes a topic by its own preference first, then by its channel', () => {
  expect([undefined, 0, 1, 2, 3].map((policy) => isMutedTopic(policy, true))).toEqual([true, true, true, false, false]);
  expect([undefined, 0, 1, 2, 3].map((policy) => isMutedTopic(policy, false))).toEqual([false, false, true, false, false]);
});
