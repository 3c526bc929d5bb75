// What a conversation means to the service: the narrow that fetches it, where a message to
// it goes, and whom the typing notifications reach.
import type { SendMessageParams } from '../../shared/api/operations';
import type { Conversation } from '../../shared/conversation';
import type { TypingTarget } from '../sync/typing';

/** The others in a direct conversation; a conversation with oneself is addressed to oneself. */
function recipients(user_ids: number[], me: number): number[] {
  const others = user_ids.filter((id) => id !== me);
  return others.length > 0 ? others : [me];
}

export function sendParams(target: Conversation, me: number, content: string): SendMessageParams {
  if (target.kind === 'channel') return { type: 'stream', to: target.stream_id, topic: target.topic, content };
  return { type: 'direct', to: recipients(target.user_ids, me), content };
}

export function typingTarget(target: Conversation, me: number): TypingTarget {
  if (target.kind === 'channel') return { type: 'stream', stream_id: target.stream_id, topic: target.topic };
  return { type: 'direct', to: recipients(target.user_ids, me) };
}
