import { describe, expect, it } from 'vitest';
import { channelTopicConversation, conversationKey, conversationNarrow, directConversation, formatConversation, parseConversation } from '../../../shared/conversation';
import { sendParams, typingTarget } from '../../../main/app/conversation-target';

/** What main's handlers take: the key as the IPC schema parsed it. */
const conversationTarget = (key: string) => conversationKey.parse(key).target;

describe('conversation keys as the service sees them', () => {
  it('reads a channel topic, colons in the topic included', () => {
    const target = conversationTarget(channelTopicConversation(3, 'release: 2.0'));
    expect(target).toEqual({ kind: 'channel', stream_id: 3, topic: 'release: 2.0' });
    expect(conversationNarrow(target)).toEqual([{ operator: 'channel', operand: 3 }, { operator: 'topic', operand: 'release: 2.0' }]);
    expect(sendParams(target, 5, 'hi')).toEqual({ type: 'stream', to: 3, topic: 'release: 2.0', content: 'hi' });
    expect(typingTarget(target, 5)).toEqual({ type: 'stream', stream_id: 3, topic: 'release: 2.0' });
  });

  it('addresses a direct group to the others, and a conversation with oneself to oneself', () => {
    const group = conversationTarget(directConversation([7, 5, 8]));
    expect(conversationNarrow(group)).toEqual([{ operator: 'dm', operand: [5, 7, 8] }]);
    expect(sendParams(group, 5, 'hi')).toEqual({ type: 'direct', to: [7, 8], content: 'hi' });
    expect(typingTarget(group, 5)).toEqual({ type: 'direct', to: [7, 8] });
    expect(typingTarget(conversationTarget(directConversation([5])), 5)).toEqual({ type: 'direct', to: [5] });
  });

  it('refuses anything else', () => {
    expect(() => conversationTarget('stream:1')).toThrow('not a conversation');
  });
});

describe('the one conversation key', () => {
  it('reads back what it writes, the same group in any order giving one key', () => {
    const topic = { kind: 'channel', stream_id: 9, topic: 'a:b\nc' } as const;
    expect(parseConversation(formatConversation(topic))).toEqual(topic);
    expect(directConversation([8, 3, 8])).toBe(directConversation([3, 8]));
    expect(parseConversation(directConversation([8, 3]))).toEqual({ kind: 'direct', user_ids: [3, 8] });
  });

  it('is what the IPC validator accepts, and nothing else, in its one form', () => {
    expect(conversationKey.safeParse(channelTopicConversation(1, 'x')).success).toBe(true);
    expect(conversationKey.parse('direct:2,1,2')).toEqual({ key: 'direct:1,2', target: { kind: 'direct', user_ids: [1, 2] } });
    for (const bad of ['stream:1', 'channel:x:y', 'direct:', 'direct:1,']) expect(conversationKey.safeParse(bad).success).toBe(false);
  });
});
