// A conversation is named one way wherever it is named: its header, Drafts, Recent, the Inbox,
// search results and notifications (the store's Recent titles used `>`, the others `›`).
import { expect, it } from 'vitest';
import { channelTopicTitle, conversationTitle, directTitle, topicLabel } from '../../../shared/conversation-title';
import { isMutedTopic } from '../../../shared/topic-visibility';

const names = { channel: (id: number) => (id === 1 ? 'general' : `channel ${id}`), user: (id: number) => ({ 5: 'Mark', 7: 'Priya', 9: 'Hana' })[id] ?? `User ${id}` };

it('names a channel topic `#channel › topic`, the empty topic as the service names it', () => {
  expect(conversationTitle({ kind: 'channel', stream_id: 1, topic: 'lunch' }, 5, names)).toBe('#general › lunch');
  expect(channelTopicTitle('general', '')).toBe('#general › (no topic)');
  expect(topicLabel('')).toBe('(no topic)');
});

it('names a direct conversation by the others, and one with oneself by oneself', () => {
  expect(conversationTitle({ kind: 'direct', user_ids: [5, 7, 9] }, 5, names)).toBe('Priya, Hana');
  expect(directTitle([5], 5, names.user)).toBe('Mark');
});

it('mutes a topic by its own preference first, then by its channel', () => {
  expect([undefined, 0, 1, 2, 3].map((policy) => isMutedTopic(policy, true))).toEqual([true, true, true, false, false]);
  expect([undefined, 0, 1, 2, 3].map((policy) => isMutedTopic(policy, false))).toEqual([false, false, true, false, false]);
});
