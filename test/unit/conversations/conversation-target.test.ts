import { describe, expect, it } from 'vitest';
import { narrowOf, parseConversation, sendParams, typingTarget } from '../../../main/handlers/conversation-target';
import { channelTopicConversation, directConversation } from '../../../main/store/messages';

describe('conversation keys as the service sees them', () => {
  it('reads a channel topic, colons in the topic included', () => {
    const target = parseConversation(channelTopicConversation(3, 'release: 2.0'));
    expect(target).toEqual({ kind: 'channel', stream_id: 3, topic: 'release: 2.0' });
    expect(narrowOf(target)).toEqual([{ operator: 'channel', operand: 3 }, { operator: 'topic', operand: 'release: 2.0' }]);
    expect(sendParams(target, 5, 'hi')).toEqual({ type: 'stream', to: 3, topic: 'release: 2.0', content: 'hi' });
    expect(typingTarget(target, 5)).toEqual({ type: 'stream', stream_id: 3, topic: 'release: 2.0' });
  });

  it('addresses a direct group to the others, and a conversation with oneself to oneself', () => {
    const group = parseConversation(directConversation([7, 5, 8]));
    expect(narrowOf(group)).toEqual([{ operator: 'dm', operand: [5, 7, 8] }]);
    expect(sendParams(group, 5, 'hi')).toEqual({ type: 'direct', to: [7, 8], content: 'hi' });
    expect(typingTarget(group, 5)).toEqual({ type: 'direct', to: [7, 8] });
    expect(typingTarget(parseConversation(directConversation([5])), 5)).toEqual({ type: 'direct', to: [5] });
  });

  it('refuses anything else', () => {
    expect(() => parseConversation('stream:1')).toThrow('Not a conversation');
  });
});
